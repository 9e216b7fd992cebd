import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deleteSession, listSessions, openSession } from '../../../src/core/sessions/session-catalog.js';
import { forkSessionOnDisk } from '../../../src/core/sessions/session-fork.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { echo, recordingAgent, tempHome } from './session-fixtures.js';

/** Writes a full-output log into the session's folder and names it, as bash does. */
const logger: Tool<{ name: string }> = {
  name: 'logger',
  description: 'writes a log',
  readOnly: true,
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  async execute(input, ctx) {
    const logPath = path.join(ctx.session.sessionDir, `${input.name}.log`);
    writeFileSync(logPath, `log of ${input.name}\n`);
    return { content: `full output: ${logPath}`, isError: false, details: { kind: 'mcp', server: 'l', tool: 'logger', summaries: [input.name], logPath } as never };
  },
};

const records = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string } & Record<string, unknown>);

describe('forking a session at a prompt (rewind into a new session)', () => {
  it('writes a new file: header, forked_from, the records before that prompt; the old file stays as it was', async () => {
    const dirs = tempHome();
    const { agent, recorder, paths } = recordingAgent(
      [
        respond([toolUse('t1', 'logger', { name: 'one' })]),
        respond([text('first done')]),
        respond([toolUse('t2', 'logger', { name: 'two' })]),
        respond([text('second done')]),
        respond([text('third done')]),
      ],
      { ...dirs, tools: [logger as unknown as Tool<never>, echo as unknown as Tool<never>] },
    );
    await collect(agent.run('first prompt'));
    await collect(agent.run('second prompt'));
    await collect(agent.run('third prompt'));
    const oldId = recorder.id;
    const oldText = readFileSync(recorder.filePath, 'utf8');

    const fork = recorder.fork(2);
    expect(fork && 'id' in fork).toBe(true);
    if (!fork || !('id' in fork)) return;
    expect(fork.id).not.toBe(oldId);
    expect(recorder.id).toBe(fork.id);
    expect(readFileSync(paths.file(oldId), 'utf8')).toBe(oldText);

    const forked = records(paths.file(fork.id));
    expect(forked[0]).toMatchObject({ type: 'header', id: fork.id, version: 1, workspace: dirs.workspace });
    expect(forked[1]).toEqual({ type: 'forked_from', session: oldId, prompt: 2 });
    expect(forked.filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['first prompt']);
    expect(forked.filter((r) => r.type === 'title')).toEqual([{ type: 'title', title: 'first prompt' }]);
    expect(forked.filter((r) => r.type === 'header')).toHaveLength(1);
    expect(statSync(paths.file(fork.id)).mode & 0o777).toBe(0o600);

    // The kept call's log is the new session's own; the dropped turn's log is not brought along.
    const oneLog = path.join(paths.logsDir(fork.id), 'one.log');
    expect(readFileSync(oneLog, 'utf8')).toBe('log of one\n');
    expect(existsSync(path.join(paths.logsDir(fork.id), 'two.log'))).toBe(false);
    const result = forked.find((r) => r.type === 'tool_result')!;
    expect(result.content).toBe(`full output: ${oneLog}`);
    expect((result.details as { logPath: string }).logPath).toBe(oneLog);

    // Opening the fork gives the conversation up to the first turn, and where it came from.
    const { restored } = await openSession(paths.file(fork.id));
    expect(restored.forkedFrom).toEqual({ session: oldId, prompt: 2 });
    expect(restored.prompts.map((p) => p.prompt)).toEqual(['first prompt']);
    expect(restored.messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'first done' }] });
    expect(restored.logs.get(oneLog)).toBe('t1');

    // Deleting the old session leaves the fork's log readable.
    const old = (await listSessions(dirs.home, dirs.workspace)).find((s) => s.id === oldId)!;
    await deleteSession(old);
    expect(readFileSync(oneLog, 'utf8')).toBe('log of one\n');
  });

  it('later records go to the fork, and its list entry keeps the title', async () => {
    const dirs = tempHome();
    const { agent, recorder, paths } = recordingAgent([respond([text('a')]), respond([text('b')]), respond([text('c')])], dirs);
    await collect(agent.run('one'));
    await collect(agent.run('two'));
    const oldId = recorder.id;
    const fork = recorder.fork(2);
    if (!fork || !('id' in fork)) throw new Error('no fork');
    await collect(agent.run('two, again'));
    await agent.dispose();
    const forked = records(paths.file(fork.id));
    expect(forked.filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['one', 'two, again']);
    expect(forked.filter((r) => r.type === 'title')).toHaveLength(1);
    expect(records(paths.file(oldId)).filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['one', 'two']);
    const listed = await listSessions(dirs.home, dirs.workspace);
    expect(listed.map((s) => s.id).sort()).toEqual([fork.id, oldId].sort());
    expect(listed.find((s) => s.id === fork.id)).toMatchObject({ title: 'one', turns: 2 });
  });

  it('forking at the first prompt keeps no conversation; a fork of a fork names only its parent', async () => {
    const dirs = tempHome();
    const { agent, recorder, paths } = recordingAgent([respond([text('a')]), respond([text('b')]), respond([text('c')])], dirs);
    await collect(agent.run('one'));
    await collect(agent.run('two'));
    const first = recorder.fork(2);
    if (!first || !('id' in first)) throw new Error('no fork');
    await collect(agent.run('two b'));
    const second = recorder.fork(1);
    if (!second || !('id' in second)) throw new Error('no fork');
    const forked = records(paths.file(second.id));
    expect(forked.map((r) => r.type)).toEqual(['header', 'forked_from']);
    expect(forked[1]).toEqual({ type: 'forked_from', session: first.id, prompt: 1 });
    await collect(agent.run('fresh start'));
    // With no title kept, the next prompt names the fork.
    expect(records(paths.file(second.id)).find((r) => r.type === 'title')).toEqual({ type: 'title', title: 'fresh start' });
  });

  it('a prompt the session does not have, or a session not written yet, forks nothing', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('a')])], dirs);
    expect(recorder.fork(1)).toBeUndefined();
    await collect(agent.run('one'));
    const id = recorder.id;
    expect(recorder.fork(2)).toBeUndefined();
    expect(recorder.fork(0)).toBeUndefined();
    expect(recorder.id).toBe(id);
  });
});

describe('forking a session file with no recorder (inkling rewind)', () => {
  it('names the new session and copies the old header\'s workspace and model', async () => {
    const dirs = tempHome();
    const { agent, recorder, paths } = recordingAgent([respond([text('a')]), respond([text('b')])], dirs);
    await collect(agent.run('one'));
    await collect(agent.run('two'));
    await agent.dispose();
    expect(forkSessionOnDisk(paths, recorder.id, 3, '9.9.9')).toBeUndefined();
    const fork = forkSessionOnDisk(paths, recorder.id, 2, '9.9.9')!;
    const forked = records(fork.file);
    expect(forked[0]).toMatchObject({ type: 'header', id: fork.id, workspace: dirs.workspace, model: 'test-model', provider: 'test', inklingVersion: '9.9.9' });
    expect(forked[1]).toEqual({ type: 'forked_from', session: recorder.id, prompt: 2 });
    expect(forked.filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['one']);
  });
});
