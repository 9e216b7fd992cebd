// The change ledger in the real agent loop with the real tools (files on disk, bash in a pty):
// every call that may write is recorded with its files, read-only calls are not, the model hears
// of an undo in the next request, and a rewind puts files and conversation back.
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { collect } from '../../helpers/collect.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { dotGitFingerprint, ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
afterEach(async () => {
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

async function setup(responders: Responder[], opts: { git?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const ws = await ledgerWorkspace({
    git: opts.git ?? true,
    files: { 'b.txt': 'one\ntwo\n', 'd.txt': 'old line\n', 'e.txt': 'bye\n' },
  });
  spaces.push(ws);
  const ledger = newLedger(ws, opts.env ? { env: opts.env } : {});
  const provider = testProvider(responders);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: ws.root,
    tools: [...fileTools(), bashTool],
    maxTokens: 100,
    ledger,
    paneSize: { cols: 80, rows: 24 },
  });
  return { ws, ledger, provider, agent };
}

const changesOf = (events: AgentEvent[], id: string) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes' && e.id === id);

const writingTurn = (): Responder[] => [
  respond([
    toolUse('w1', 'write_file', { path: 'a.txt', content: 'alpha\n' }),
    toolUse('r1', 'read_file', { path: 'b.txt' }),
    toolUse('e1', 'edit_file', { path: 'b.txt', old_string: 'two', new_string: 'TWO' }),
    toolUse('b1', 'bash', { command: 'printf "x\\n" > c.txt && sed -i s/old/new/ d.txt && rm e.txt' }),
    toolUse('b2', 'bash', { command: 'cat a.txt' }),
  ]),
  respond([text('done')]),
];

describe('change ledger in the agent loop', () => {
  it('records the files of write_file, edit_file and a bash command, and nothing for read-only calls', async () => {
    const { ws, agent } = await setup(writingTurn());
    const userGitBefore = await dotGitFingerprint(ws.root);
    const events = await collect(agent.run('make changes'));

    expect(changesOf(events, 'w1')[0]!.changes).toEqual([{ path: 'a.txt', status: 'added', added: 1, removed: 0, binary: false }]);
    expect(changesOf(events, 'e1')[0]!.changes).toEqual([{ path: 'b.txt', status: 'modified', added: 1, removed: 1, binary: false }]);
    expect(changesOf(events, 'b1')[0]!.changes).toEqual([
      { path: 'c.txt', status: 'added', added: 1, removed: 0, binary: false },
      { path: 'd.txt', status: 'modified', added: 1, removed: 1, binary: false },
      { path: 'e.txt', status: 'deleted', added: 0, removed: 1, binary: false },
    ]);
    expect(changesOf(events, 'r1')).toEqual([]);
    expect(changesOf(events, 'b2')).toEqual([]);
    // The card learns its changes before its result, and each has an entry to undo.
    const order = events.map((e) => ('id' in e ? `${e.type}:${e.id}` : e.type));
    expect(order.indexOf('tool_changes:b1')).toBeLessThan(order.indexOf('tool_result:b1'));
    expect(changesOf(events, 'b1')[0]!.entry).toMatch(/^[0-9a-f]{40}$/);
    expect(events.find((e) => e.type === 'turn_checkpoint')).toMatchObject({ type: 'turn_checkpoint', prompt: 1 });
    expect(events.some((e) => e.type === 'notice')).toBe(false);
    expect(await dotGitFingerprint(ws.root)).toEqual(userGitBefore);
  });

  it('undoes the bash call alone and tells the model in the next request', async () => {
    const { ws, agent, ledger, provider } = await setup([...writingTurn(), respond([text('noted')])]);
    const events = await collect(agent.run('make changes'));
    const bash = changesOf(events, 'b1')[0]!;

    const outcome = await ledger.undo(bash.entry!);
    expect(outcome.restored.sort()).toEqual(['c.txt', 'd.txt', 'e.txt']);
    expect(await ws.exists('c.txt')).toBe(false);
    expect(await ws.read('d.txt')).toBe('old line\n');
    expect(await ws.read('e.txt')).toBe('bye\n');
    // The other calls' changes stay.
    expect(await ws.read('a.txt')).toBe('alpha\n');
    expect(await ws.read('b.txt')).toBe('one\nTWO\n');

    await collect(agent.run('what now?'));
    const firstOfTurn = provider.requests[2]!.messages.at(-1)!;
    const texts = firstOfTurn.content.map((b) => (b.type === 'text' ? b.text : ''));
    expect(texts[0]).toContain('The user reverted the changes of bash printf "x\\n" > c.txt');
    expect(texts.at(-1)).toBe('what now?');
    // Told once: the turn after does not repeat it.
    expect((await ledger.prompts()).map((p) => p.firstLine)).toEqual(['make changes', 'what now?']);
  });

  it('rewinds to before the first prompt: files back and the conversation cut there', async () => {
    const { ws, agent, ledger } = await setup([
      respond([toolUse('w1', 'write_file', { path: 'a.txt', content: 'first\n' })]),
      respond([text('one')]),
      respond([toolUse('w2', 'write_file', { path: 'f.txt', content: 'second\n' })]),
      respond([text('two')]),
    ]);
    await collect(agent.run('first prompt'));
    await collect(agent.run('second prompt'));
    expect(agent.messages.length).toBe(8);

    const plan = await ledger.planRewind(1);
    expect(plan.clean.map((c) => c.path).sort()).toEqual(['a.txt', 'f.txt']);
    expect(plan.conflicts).toEqual([]);
    await ledger.rewind(1);
    expect(await ws.exists('a.txt')).toBe(false);
    expect(await ws.exists('f.txt')).toBe(false);
    expect(await ws.read('b.txt')).toBe('one\ntwo\n');

    expect(agent.rewindConversation!(1)).toEqual({ prompt: 'first prompt' });
    expect(agent.messages).toEqual([]);
  });

  it('cuts the conversation to just before the second prompt and keeps the first turn', async () => {
    const { agent } = await setup([respond([text('one')]), respond([text('two')])]);
    await collect(agent.run('first prompt'));
    await collect(agent.run('second prompt'));
    expect(agent.rewindConversation!(2)).toEqual({ prompt: 'second prompt' });
    expect(agent.messages.map((m) => m.content.map((b) => (b.type === 'text' ? b.text : b.type)))).toEqual([['first prompt'], ['one']]);
    expect(agent.rewindConversation!(5)).toBeUndefined();
  });

  it('records a change made between turns as changed outside inkling', async () => {
    const { ws, agent } = await setup([respond([text('one')]), respond([text('two')])]);
    await collect(agent.run('first'));
    await ws.write('b.txt', 'edited by the person\n');
    const events = await collect(agent.run('second'));
    const outside = events.filter((e) => e.type === 'outside_changes');
    expect(outside).toHaveLength(1);
    expect(outside[0]).toMatchObject({ changes: [{ path: 'b.txt', status: 'modified', added: 1, removed: 2 }] });
    expect(await ws.read('b.txt')).toBe('edited by the person\n');
  });

  it('without git on PATH: one notice, the tools still work, no ledger events', async () => {
    const { ws, agent, ledger } = await setup(
      [
        respond([toolUse('w1', 'write_file', { path: 'a.txt', content: 'alpha\n' }), toolUse('w2', 'write_file', { path: 'g.txt', content: 'g\n' })]),
        respond([text('done')]),
      ],
      { git: false, env: { ...process.env, PATH: '/nonexistent-dir' } },
    );
    const events = await collect(agent.run('write'));
    const notices = events.filter((e) => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: expect.stringContaining('git was not found on PATH') });
    expect(events.filter((e) => e.type === 'tool_changes' || e.type === 'turn_checkpoint')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(await ws.read('a.txt')).toBe('alpha\n');
    expect(await ws.read('g.txt')).toBe('g\n');
    expect(ledger.status).toMatchObject({ state: 'off' });
    await expect(ledger.prompts()).rejects.toThrow(/git was not found on PATH/);
  });
});
