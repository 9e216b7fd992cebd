import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MISSING_RESULT } from '../../../src/core/history-repair.js';
import { latestSession, findSession, listSessions, openSession, deleteSession } from '../../../src/core/sessions/session-catalog.js';
import { ENDED_MID_TURN } from '../../../src/core/sessions/session-restore.js';
import { readPromptHistory } from '../../../src/core/sessions/prompt-history.js';
import { collect } from '../../helpers/collect.js';
import { deferred, respond, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { recordingAgent, tempHome } from './session-fixtures.js';

const thinking = { type: 'thinking' as const, thinking: 'let me see', signature: 'c2lnbmF0dXJl' };

describe('a recorded session', () => {
  it('resumes with the same conversation the model saw, and the next request sends all of it', async () => {
    const dirs = tempHome();
    const first = recordingAgent(
      [respond([thinking, text('Looking.'), toolUse('t1', 'echo', { text: 'hi' })]), respond([text('Done: hi.')]), respond([text('Second answer.')])],
      dirs,
    );
    await collect(first.agent.run('say hi'));
    await collect(first.agent.run('and again'));
    await first.agent.dispose();
    const before = structuredClone(first.agent.messages);

    const latest = await latestSession(dirs.home, dirs.workspace);
    expect(latest.ok && latest.session.id).toBe(first.recorder.id);
    if (!latest.ok) return;
    expect(latest.session).toMatchObject({ title: 'say hi', turns: 2, model: 'test-model', workspace: dirs.workspace });
    const opened = await openSession(latest.session.file);
    expect(opened.notices).toEqual([]);
    expect(opened.restored.messages).toEqual(before);
    expect(opened.restored.usage).toEqual(first.agent.usage);

    const second = recordingAgent([respond([text('Still here.')])], dirs);
    second.agent.resume!(opened.restored);
    expect(second.agent.sessionId).toBe(first.recorder.id);
    await collect(second.agent.run('third'));
    await second.agent.dispose();
    const sent = second.provider.requests[0]!.messages;
    expect(sent.slice(0, before.length)).toEqual(before);
    expect(sent.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'third' }] });
    // Appended to the same file: one session, three turns, a resumed mark.
    const lines = readFileSync(latest.session.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines.filter((r) => r.type === 'prompt')).toHaveLength(3);
    expect(lines.filter((r) => r.type === 'resumed')).toHaveLength(1);
    expect(lines.filter((r) => r.type === 'header')).toHaveLength(1);
    expect(await listSessions(dirs.home, dirs.workspace)).toHaveLength(1);
  });

  it('replays the transcript: prompt, thinking, text, the tool card with its result, usage, turn end', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([thinking, text('Looking.'), toolUse('t1', 'echo', { text: 'hi' })]), respond([text('Done.')])], dirs);
    await collect(agent.run('say hi'));
    await agent.dispose();
    const { restored } = await openSession(recorder.filePath);
    expect(restored.replay.map((e) => e.type)).toEqual([
      'turn_start', 'thinking_delta', 'text_delta', 'tool_call', 'message_end', 'tool_result', 'usage',
      'text_delta', 'message_end', 'usage', 'turn_end',
    ]);
    expect(restored.replay.find((e) => e.type === 'tool_call')).toMatchObject({ id: 't1', name: 'echo', input: { text: 'hi' }, readOnly: true });
    expect(restored.replay.find((e) => e.type === 'tool_result')).toMatchObject({ id: 't1', content: 'echo: hi', details: { kind: 'mcp', summaries: ['hi'] } });
  });

  it('a turn cut off mid-tool (the process died) resumes with an interrupted result, so the next request is valid', async () => {
    const dirs = tempHome();
    const hold = deferred();
    const stuck: Responder = async function* () {
      yield* respond([text('Running.'), toolUse('t1', 'echo', { text: 'a' }), toolUse('t2', 'echo', { text: 'b' })])(undefined as never, new AbortController().signal);
      await hold.promise;
    };
    const { agent, recorder } = recordingAgent([stuck], dirs);
    const events = agent.run('go')[Symbol.asyncIterator]();
    // Read until the assistant record is on disk: that is where a kill -9 would leave it.
    for (;;) {
      const { value } = await events.next();
      if (value?.type === 'message_end') break;
    }
    // Copy the file as it is now, before the turn finishes: what a killed process leaves.
    const snapshot = readFileSync(recorder.filePath, 'utf8');
    hold.resolve();
    const { parseSessionText } = await import('../../../src/core/sessions/session-reader.js');
    const { restoreSession } = await import('../../../src/core/sessions/session-restore.js');
    const restored = restoreSession(recorder.id, parseSessionText(snapshot).records);
    const last = restored.messages.at(-1)!;
    expect(last.role).toBe('user');
    const results = last.content.filter((b) => b.type === 'tool_result');
    expect(results.map((r) => r.tool_use_id)).toEqual(['t1', 't2']);
    // Read-only calls may finish before the message ends; whichever did not has the repair's result.
    for (const r of results) expect([MISSING_RESULT, `echo: ${r.tool_use_id === 't1' ? 'a' : 'b'}`]).toContain(r.content);
    expect(restored.replay.slice(-2)).toEqual([{ type: 'notice', message: ENDED_MID_TURN }, { type: 'turn_end', reason: 'aborted' }]);
    while (!(await events.next()).done);
  });

  it('keeps an interrupted partial answer and the cancelled calls', async () => {
    const dirs = tempHome();
    const hold = deferred();
    const slow: Responder = async function* (_req, signal) {
      yield { type: 'text_delta', index: 0, text: 'Half an ans' };
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      await hold.promise;
    };
    const { agent, recorder } = recordingAgent([slow], dirs);
    const controller = new AbortController();
    const events = agent.run('go', { signal: controller.signal })[Symbol.asyncIterator]();
    while ((await events.next()).value?.type !== 'text_delta');
    controller.abort();
    hold.resolve();
    while (!(await events.next()).done);
    await agent.dispose();
    const { restored } = await openSession(recorder.filePath);
    expect(restored.messages).toEqual(agent.messages);
    expect(restored.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Half an ans' }] });
    expect(restored.replay.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
  });

  it('never writes a secret: prompts, answers and tool results are redacted like everything printed', async () => {
    const dirs = tempHome();
    const key = 'sk-ant-test-SECRET-0123456789';
    const { agent, recorder, paths } = recordingAgent([respond([text(`your key is ${key}`), toolUse('t1', 'echo', { text: key })]), respond([text('ok')])], { ...dirs, secrets: [key] });
    await collect(agent.run(`use ${key} please`));
    await agent.dispose();
    expect(readFileSync(recorder.filePath, 'utf8')).not.toContain(key);
    expect(readFileSync(recorder.filePath, 'utf8')).toContain('[redacted]');
    expect(readFileSync(paths.history, 'utf8')).not.toContain(key);
  });

  it('/clear starts a new session file; the old one stays; the prompt history spans both', async () => {
    const dirs = tempHome();
    const { agent, recorder, paths } = recordingAgent([respond([text('one')]), respond([text('two')])], dirs);
    await collect(agent.run('first prompt'));
    const firstId = recorder.id;
    agent.clear();
    expect(agent.sessionId).not.toBe(firstId);
    await collect(agent.run('second prompt'));
    await agent.dispose();
    const all = await listSessions(dirs.home, dirs.workspace);
    expect(all.map((s) => s.title).sort()).toEqual(['first prompt', 'second prompt']);
    expect(readPromptHistory(paths.history)).toEqual(['first prompt', 'second prompt']);
    const found = await findSession(dirs.home, dirs.workspace, firstId.slice(0, 6));
    expect(found.ok && found.session.id).toBe(firstId);
  });

  it('after a compaction and a context edit, resumes with the compacted conversation and the edit', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent(
      [
        respond([text('one'), toolUse('t1', 'echo', { text: 'x' })]), respond([text('one done')]),
        respond([text('two')]), respond([text('three')]), respond([text('Summary of turn one.')]),
      ],
      dirs,
    );
    await collect(agent.run('first'));
    await collect(agent.run('second'));
    await collect(agent.run('third'));
    agent.setContextEdit!('t1', 'pin');
    const events = await collect(agent.compact!());
    expect(events.map((e) => e.type)).toContain('compaction');
    await agent.dispose();
    const { restored } = await openSession(recorder.filePath);
    expect(restored.messages).toEqual(agent.messages);
    expect(restored.contextEdits.get('t1')).toBe('pin');
    // The transcript still shows everything from before the compaction.
    expect(restored.replay.filter((e) => e.type === 'turn_start')).toHaveLength(3);
  });

  it('a session nobody typed in leaves no file', async () => {
    const dirs = tempHome();
    const { agent } = recordingAgent([], dirs);
    await agent.dispose();
    expect(await listSessions(dirs.home, dirs.workspace)).toEqual([]);
  });

  it('looking a session up: a prefix shared by two is ambiguous; another workspace\'s is named with how to open it', async () => {
    const dirs = tempHome();
    const a = recordingAgent([respond([text('a')])], { ...dirs, id: 'abcd0000-0000-4000-8000-000000000001' });
    const b = recordingAgent([respond([text('b')])], { ...dirs, id: 'abcd0000-0000-4000-8000-000000000002' });
    await collect(a.agent.run('a'));
    await collect(b.agent.run('b'));
    const other = tempHome();
    const c = recordingAgent([respond([text('c')])], { home: dirs.home, workspace: other.workspace, id: 'ffff0000-0000-4000-8000-000000000003' });
    await collect(c.agent.run('c'));
    const ambiguous = await findSession(dirs.home, dirs.workspace, 'abcd');
    expect(ambiguous.ok === false && ambiguous.reason).toMatch(/matches 2 sessions/);
    const elsewhere = await findSession(dirs.home, dirs.workspace, 'ffff');
    expect(elsewhere.ok === false && elsewhere.reason).toContain(`--cwd ${other.workspace} --resume ffff0000`);
    expect((await listSessions(dirs.home, dirs.workspace, 'all')).map((s) => s.id).sort()).toEqual([
      'abcd0000-0000-4000-8000-000000000001', 'abcd0000-0000-4000-8000-000000000002', 'ffff0000-0000-4000-8000-000000000003',
    ]);
    const none = await findSession(dirs.home, dirs.workspace, '9999');
    expect(none.ok).toBe(false);
  });

  it('deleting a session deletes its logs folder too', async () => {
    const dirs = tempHome();
    const { agent, recorder } = recordingAgent([respond([text('a')])], dirs);
    await collect(agent.run('a'));
    await agent.dispose();
    expect(existsSync(recorder.logsDir)).toBe(true);
    const [summary] = await listSessions(dirs.home, dirs.workspace);
    await deleteSession(summary!);
    expect(existsSync(recorder.logsDir)).toBe(false);
    expect(readdirSync(recorder.logsDir.replace(/\/[^/]+$/, '')).filter((n) => n !== 'history.jsonl')).toEqual([]);
  });
});
