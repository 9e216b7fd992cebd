import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { resumedMode } from '../../../src/core/sessions/session-mode.js';
import { collect } from '../../helpers/collect.js';
import { respond, text } from '../../helpers/test-provider.js';
import { recordingAgent, tempHome } from './session-fixtures.js';

const types = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; mode?: string });

describe('permission mode records', () => {
  it('the start mode follows the header; each change (Shift+Tab) is a record; resuming reads the last', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('a')]), respond([text('b')])], { ...dirs, mode: 'accept-edits' });
    await collect(agent.run('one'));
    agent.setPermissionMode!('plan');
    agent.setPermissionMode!('plan'); // no change, no record
    await collect(agent.run('two'));
    agent.setPermissionMode!('default');
    await agent.dispose();
    const records = types(recorder.filePath);
    expect(records.slice(0, 3).map((r) => r.type)).toEqual(['header', 'mode', 'prompt']);
    expect(records.filter((r) => r.type === 'mode').map((r) => r.mode)).toEqual(['accept-edits', 'plan', 'default']);
    const { restored } = await openSession(recorder.filePath);
    expect(restored.mode).toBe('default');
  });

  it('a mode change before anything was typed leaves no file; the header then carries the mode of that moment', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('a')])], { ...dirs, mode: 'default' });
    agent.setPermissionMode!('plan');
    expect(existsSync(recorder.filePath)).toBe(false);
    await collect(agent.run('one'));
    expect(types(recorder.filePath).filter((r) => r.type === 'mode').map((r) => r.mode)).toEqual(['plan']);
  });

  it('a fork records the mode it goes on in', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('a')]), respond([text('b')])], { ...dirs, mode: 'default' });
    await collect(agent.run('one'));
    await collect(agent.run('two'));
    agent.setPermissionMode!('plan');
    const fork = recorder.fork(2);
    if (!fork || !('id' in fork)) throw new Error('no fork');
    const { restored } = await openSession(recorder.filePath);
    expect(restored.mode).toBe('plan');
  });
});

describe('the mode a resumed session goes on in', () => {
  it('plan mode comes back over default and accept-edits', () => {
    expect(resumedMode('plan', 'default')).toMatchObject({ mode: 'plan' });
    expect(resumedMode('plan', 'accept-edits')).toMatchObject({ mode: 'plan' });
  });
  it('a looser recorded mode is only named, never restored; the same mode or none says nothing', () => {
    expect(resumedMode('yolo', 'default')).toEqual({ notice: 'This session was last in yolo mode; it goes on in default mode (Shift+Tab changes it).' });
    expect(resumedMode('accept-edits', 'default').mode).toBeUndefined();
    expect(resumedMode('plan', 'yolo').mode).toBeUndefined();
    expect(resumedMode('default', 'default')).toEqual({});
    expect(resumedMode(undefined, 'default')).toEqual({});
    expect(resumedMode('made-up', 'default')).toEqual({});
  });
});
