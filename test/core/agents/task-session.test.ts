// A child agent in the session file: its answers and results go in as sidechain records beside the
// parent's (never in the parent's conversation); a session cut mid-child (as kill -9 leaves it)
// resumes with a valid next request; a rewind fork past a task keeps the child's sidechain after
// the old session is deleted. The real recorder, loop and SDK against the fake server.
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createRedactor } from '../../../src/core/redact.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { parseSessionText } from '../../../src/core/sessions/session-reader.js';
import { restoreSession } from '../../../src/core/sessions/session-restore.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { createAppStore } from '../../../src/store/app-store.js';
import { showReplay } from '../../../src/store/session-replay.js';
import { childTranscriptOf } from '../../../src/store/child-view.js';
import { reply, stall } from '../../helpers/fake-anthropic.js';
import { bodyOf, childServerAndWorkspace, firstPrompt, parentAgent } from './agent-fixtures.js';

const fx = childServerAndWorkspace();

function recorder(id?: string) {
  return new SessionRecorder({
    paths: sessionPaths(fx.ws.outside, fx.ws.root),
    workspaceRoot: fx.ws.root,
    describe: () => ({ model: 'claude-test', provider: 'anthropic' }),
    inklingVersion: '0.0.0-test',
    redact: createRedactor([]),
    ...(id ? { id } : {}),
  });
}
const read = (file: string) => parseSessionText(readFileSync(file, 'utf8')).records;
const general = (id: string, key: string) => ({ name: 'task', id, input: { description: key, prompt: `[${key}] do it`, agent: 'general' } });

describe('child agents in the session file', () => {
  it("keeps a child's answer and results as sidechain records, out of the parent's conversation", async () => {
    fx.routes.set('W', [reply({ toolUses: [{ name: 'write_file', id: 'cw', input: { path: 'w.txt', content: 'w\n' } }] }), reply({ text: 'wrote w' })]);
    fx.server.enqueue(reply({ toolUses: [general('g', 'W')] }), reply({ text: 'parent done' }));
    const rec = recorder();
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', recorder: rec });
    for await (const _ of agent.run('write')) void _;
    const records = read(rec.filePath);
    const all = records.filter((r) => r.type === 'sidechain');
    // Each of the child's two requests' usage is kept (priced at its model after resume).
    expect(all.filter((r) => r.type === 'sidechain' && r.event.event.type === 'usage')).toHaveLength(2);
    const side = all.filter((r) => r.type === 'sidechain' && r.event.event.type !== 'usage');
    expect(side.map((r) => (r.type === 'sidechain' ? [r.event.agent.id, r.event.event.type] : []))).toEqual([
      ['g', 'tool_call'],
      ['g', 'message_end'],
      ['g', 'tool_result'],
      ['g', 'message_end'],
    ]);
    const restored = restoreSession(rec.id, records);
    expect(restored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The child's own call is not in the parent's conversation (its answer is, in the task's result).
    expect(JSON.stringify(restored.messages)).not.toContain('"cw"');
    // Replayed with the child's answer as text in front of what it did next (its cards show it).
    expect(restored.replay.filter((e) => e.type === 'agent_event' && e.event.type !== 'usage').map((e) => e.type === 'agent_event' && e.event.type)).toEqual(['tool_call', 'message_end', 'text_delta', 'tool_result', 'message_end']);
    // The task card a resumed session draws lists the child's calls (its expanded view).
    const card = restored.replay.find((e) => e.type === 'tool_result' && e.id === 'g');
    expect(card).toMatchObject({ details: { kind: 'task', calls: [{ tool: 'write_file', arg: 'w.txt', status: 'done' }] } });
    rec.close();
  });

  it('resumes a session cut mid-child (as kill -9 leaves the file) with a valid next request', async () => {
    fx.routes.set('S', [reply({ toolUses: [{ name: 'read_file', id: 'cr', input: { path: '.' } }] }), stall()]);
    fx.server.enqueue(reply({ toolUses: [general('g', 'S')] }));
    const rec = recorder();
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', recorder: rec });
    const controller = new AbortController();
    const run = (async () => {
      for await (const _ of agent.run('go', { signal: controller.signal })) void _;
    })();
    await vi.waitFor(() => expect(fx.requestsOf('[S]')).toHaveLength(2), { timeout: 15_000 });
    // What a kill -9 now would leave: the file as written so far.
    const cut = readFileSync(rec.filePath, 'utf8');
    controller.abort();
    await run;
    rec.close();
    const records = parseSessionText(cut).records;
    expect(records.some((r) => r.type === 'sidechain')).toBe(true);
    const restored = restoreSession(rec.id, records);
    // The resumed transcript has the child's calls as cards of their own (history mode's → shows them), ended with the cut.
    const store = createAppStore();
    await showReplay(store, restored.replay);
    const child = childTranscriptOf(store.getState(), 'g')!;
    expect(child.items.filter((it) => it.kind === 'tool').map((it) => [it.id, it.kind === 'tool' && it.status])).toEqual([['cr', 'error']]); // (read_file of a folder)
    expect(child.activeToolIds).toEqual([]);
    const next = recorder(rec.id);
    const resumed = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', recorder: next }).agent;
    resumed.resume(restored);
    fx.server.enqueue(reply({ text: 'back' }));
    const events = [];
    for await (const e of resumed.run('again')) events.push(e);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const sent = bodyOf(fx.server.requests.filter((r) => !firstPrompt(r).includes('[S]')).at(-1)!).messages;
    // The task call has its result (repaired), so the request the API gets is valid.
    const results = (sent[2]!.content as { type: string; tool_use_id?: string }[]).filter((b) => b.type === 'tool_result');
    expect(results.map((b) => b.tool_use_id)).toEqual(['g']);
    next.close();
  });

  it("keeps the child's sidechain in a rewind fork past the task after the old session is deleted", async () => {
    fx.routes.set('F', [reply({ text: 'forked child answer' })]);
    fx.server.enqueue(reply({ toolUses: [general('g', 'F')] }), reply({ text: 'one' }), reply({ text: 'two' }));
    const rec = recorder();
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', recorder: rec });
    for await (const _ of agent.run('first')) void _;
    for await (const _ of agent.run('second')) void _;
    const old = rec.filePath;
    const fork = agent.forkConversation(2);
    expect(fork?.sessionId).toBeTruthy();
    rmSync(old);
    const records = read(rec.filePath);
    const side = records.filter((r) => r.type === 'sidechain');
    expect(side.length).toBeGreaterThan(0);
    expect(JSON.stringify(side)).toContain('forked child answer');
    rec.close();
  });
});
