// A rewind that goes on in a new session: the real agent loop with a real session recorder and
// a real change ledger in a real git workspace, rewound through the UI's own port. Files and the
// conversation go back to before the prompt, a new session file starts with forked_from, the
// ledger's chain forks to the same session, the old file is byte-for-byte as it was, and the
// next turn is recorded in the new session (which --continue then picks).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { latestSession, listSessions, openSession } from '../../../src/core/sessions/session-catalog.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { ledgerPort } from '../../../src/store/ledger-port.js';
import { createAgentDoor } from '../../../src/core/door/agent-door.js';
import { collect } from '../../helpers/collect.js';
import { respond, testProvider, text, toolUse } from '../../helpers/test-provider.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
afterEach(async () => {
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

const records = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string } & Record<string, unknown>);

async function twoTurns(opts: { recorder: boolean }) {
  const ws = await ledgerWorkspace({ git: true, files: { 'a.txt': 'alpha\n' } });
  spaces.push(ws);
  const paths = sessionPaths(ws.home, ws.root);
  const recorder = opts.recorder
    ? new SessionRecorder({ paths, workspaceRoot: ws.root, describe: () => ({ model: 'test', provider: 'test' }), inklingVersion: '0.0.0-test' })
    : undefined;
  const ledger = newLedger(ws, recorder ? { sessionId: recorder.id } : {});
  const provider = testProvider([
    respond([toolUse('w1', 'write_file', { path: 'c.txt', content: 'gamma\n' })]),
    respond([text('first done')]),
    respond([toolUse('w2', 'write_file', { path: 'b.txt', content: 'beta\n' })]),
    respond([text('second done')]),
    respond([text('third done')]),
  ]);
  const agent = createAgent({ provider, model: 'test', workspaceRoot: ws.root, tools: fileTools(), maxTokens: 100, ledger, ...(recorder ? { recorder } : {}) });
  await collect(agent.run('first prompt'));
  await collect(agent.run('second prompt'));
  return { ws, paths, recorder, ledger, agent, provider };
}

describe('rewind into a new session', () => {
  it('puts files and conversation back, starts a forked session file, and leaves the old one as it was', async () => {
    const { ws, paths, recorder, ledger, agent, provider } = await twoTurns({ recorder: true });
    const oldId = recorder!.id;
    const oldText = readFileSync(paths.file(oldId), 'utf8');
    const port = ledgerPort(createAgentDoor(agent))!;
    const second = (await ledger.prompts())[1]!;

    const done = await port.rewind(second.entry, 2, false);
    expect(done.prompt).toBe('second prompt');
    expect(done.restored).toEqual(['b.txt']);
    const newId = recorder!.id;
    expect(newId).not.toBe(oldId);
    expect(done.forked).toEqual({ session: newId, from: oldId });
    expect(ledger.sessionId).toBe(newId);
    expect(await ws.exists('b.txt')).toBe(false);
    expect(await ws.read('c.txt')).toBe('gamma\n');
    expect(agent.messages.flatMap((m) => m.content.map((b) => (b.type === 'text' ? b.text : b.type)))).toEqual([
      'first prompt', 'tool_use', 'tool_result', 'first done',
    ]);

    // The old session is untouched; the new one names it, and holds only the first turn so far.
    expect(readFileSync(paths.file(oldId), 'utf8')).toBe(oldText);
    const forked = records(paths.file(newId));
    expect(forked[1]).toEqual({ type: 'forked_from', session: oldId, prompt: 2 });
    expect(forked.filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['first prompt']);

    // The next turn goes to the new session, numbered 2 again in both the file and the ledger.
    await collect(agent.run('second prompt, again'));
    const after = records(paths.file(newId));
    expect(after.filter((r) => r.type === 'prompt').map((r) => r.text)).toEqual(['first prompt', 'second prompt, again']);
    expect(readFileSync(paths.file(oldId), 'utf8')).toBe(oldText);
    expect((await ledger.prompts()).map((p) => p.firstLine)).toEqual(['first prompt', 'second prompt, again']);
    // The model saw the cut conversation: the rewound turn is not in the request.
    const sent = JSON.stringify(provider.requests.at(-1)!.messages);
    expect(sent).toContain('second prompt, again');
    expect(sent).not.toContain('"second prompt"');

    // --continue picks the new session; both are in the list (/resume), and the new one reopens.
    const latest = await latestSession(ws.home, ws.root);
    expect(latest.ok && latest.session.id).toBe(newId);
    const listed = await listSessions(ws.home, ws.root);
    expect(listed.map((s) => s.id).sort()).toEqual([oldId, newId].sort());
    expect(listed.find((s) => s.id === newId)?.forkedFrom).toEqual({ session: oldId, prompt: 2 });
    expect(listed.find((s) => s.id === oldId)?.forkedFrom).toBeUndefined();
    const reopened = await openSession(paths.file(newId));
    expect(reopened.restored.forkedFrom).toEqual({ session: oldId, prompt: 2 });
    expect(reopened.restored.prompts.map((p) => p.prompt)).toEqual(['first prompt', 'second prompt, again']);
    ledger.close();
  });

  it('without a session recorder: files and conversation go back, the ledger goes on in its session', async () => {
    const { ws, ledger, agent } = await twoTurns({ recorder: false });
    const before = ledger.sessionId;
    const port = ledgerPort(createAgentDoor(agent))!;
    const first = (await ledger.prompts())[0]!;
    const done = await port.rewind(first.entry, 1, false);
    expect(done.prompt).toBe('first prompt');
    expect(done.forked).toBeUndefined();
    expect(ledger.sessionId).toBe(before);
    expect(await ws.exists('c.txt')).toBe(false);
    expect(await ws.exists('b.txt')).toBe(false);
    expect(await ws.read('a.txt')).toBe('alpha\n');
    expect(agent.messages).toEqual([]);
    ledger.close();
  });
});
