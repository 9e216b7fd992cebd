// Hook runs as rows under the card they concern, in the real App: a PreToolUse hook that passed
// (dim), a PostToolUse hook that failed (its exit code, time and first line of output), and one
// still running.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';
import { screenLayout } from '../../components/screen-layout.js';
import { frame, renderAct, unmountAct, type Rendered } from './act-helpers.js';
import { apply, bashCall } from './history-fixtures.js';

let r: Rendered | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
});

describe('hook rows', () => {
  it('each hook run is a row under its call: event, command, how it ended, time, first line of output', async () => {
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(createFakeAgent((p) => simpleTurn(p))) });
    const [call, running, result] = bashCall('b1', 'npm test', ['ok']);
    apply(store, [
      { type: 'turn_start', prompt: 'go' },
      call!,
      { type: 'hook_start', id: 'b1', event: 'PreToolUse', command: './check.sh' },
      { type: 'hook_run', id: 'b1', event: 'PreToolUse', command: './check.sh', exitCode: 0, timedOut: false, durationMs: 40, output: '' },
      running!,
      result!,
      { type: 'hook_run', id: 'b1', event: 'PostToolUse', command: './notify.sh', exitCode: 1, timedOut: false, durationMs: 1250, output: 'notify: no display\nmore' },
      { type: 'hook_start', id: 'b1', event: 'PostToolUse', command: './slow.sh' },
      { type: 'hook_run', id: 'other', event: 'PostToolUse', command: './lost.sh', exitCode: 0, timedOut: false, durationMs: 1, output: '' },
    ]);
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
    const text = frame(r);
    expect(text).toContain('↳ PreToolUse hook ./check.sh: ok in 0.0 s');
    expect(text).toContain('↳ PostToolUse hook ./notify.sh: exit 1 in 1.3 s · notify: no display');
    expect(text).not.toContain('lost.sh');
    // A hook still running has its row, which its hook_run replaces (check.sh's row is there once).
    expect(text).toContain('↳ PostToolUse hook ./slow.sh: running…');
    expect(text.split('check.sh')).toHaveLength(2);
    const lines = text.split('\n');
    expect(lines.findIndex((l) => l.includes('npm test'))).toBeLessThan(lines.findIndex((l) => l.includes('check.sh')));
  });
});
