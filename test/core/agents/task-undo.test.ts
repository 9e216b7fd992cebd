// Undo one child at a time: a general child's task call is one ledger entry whose snapshots hold
// exactly that child's changes (a real git workspace, the real ledger, the real SDK).
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from '../checkpoints/ledger-fixtures.js';
import { childServer, parentAgent } from './agent-fixtures.js';

const fx = childServer();
const spaces: LedgerWorkspace[] = [];
afterEach(async () => {
  fx.reset();
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

const general = (id: string, key: string) => ({ name: 'task', id, input: { description: key, prompt: `[${key}] change files`, agent: 'general' } });

describe('undo of one child', () => {
  it("restores exactly the files of one general child's task call while the other's edits stay", async () => {
    const ws = await ledgerWorkspace({ git: true, files: { 'shared.txt': 'base\n', 'mine.txt': 'first\n' } });
    spaces.push(ws);
    const ledger = newLedger(ws);
    fx.routes.set('G1', [
      reply({ toolUses: [{ name: 'write_file', input: { path: 'g1-new.txt', content: 'one\n' } }, { name: 'bash', input: { command: 'printf "first child\\n" > mine.txt' } }] }),
      reply({ text: 'g1 done' }),
    ]);
    fx.routes.set('G2', [reply({ toolUses: [{ name: 'bash', input: { command: 'printf "second child\\n" > shared.txt' } }] }), reply({ text: 'g2 done' })]);
    fx.server.enqueue(reply({ toolUses: [general('g1', 'G1'), general('g2', 'G2')] }), reply({ text: 'both done' }));
    const { agent } = parentAgent(fx.server, { root: ws.root, mode: 'yolo', ledger });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('two children')) events.push(e);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const changes = (id: string) => events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes' && e.id === id)!;
    expect(changes('g1').changes.map((c) => c.path).sort()).toEqual(['g1-new.txt', 'mine.txt']);
    expect(changes('g2').changes.map((c) => c.path)).toEqual(['shared.txt']);

    await ledger.undo(changes('g1').entry!);
    expect(await ws.exists('g1-new.txt')).toBe(false);
    expect(await ws.read('mine.txt')).toBe('first\n');
    expect(await ws.read('shared.txt')).toBe('second child\n');
    await ledger.close();
  });

  it("undoes one call inside a child: the child's calls are entries of their own naming the task call, the child's other call stays", async () => {
    const ws = await ledgerWorkspace({ git: true, files: { 'keep.txt': 'base\n' } });
    spaces.push(ws);
    const ledger = newLedger(ws);
    fx.routes.set('TWO', [
      reply({ toolUses: [{ name: 'write_file', id: 'ca', input: { path: 'a.txt', content: 'a\n' } }] }),
      reply({ toolUses: [{ name: 'write_file', id: 'cb', input: { path: 'b.txt', content: 'b\n' } }] }),
      reply({ text: 'wrote both' }),
    ]);
    fx.server.enqueue(reply({ toolUses: [general('g', 'TWO')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: ws.root, mode: 'yolo', ledger });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('one child, two calls')) events.push(e);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // The child's tool_changes reach the parent's stream inside agent_event, as the child's own events.
    const childChanges = events.flatMap((e) => (e.type === 'agent_event' && e.event.type === 'tool_changes' ? [e.event] : []));
    expect(childChanges.map((c) => [c.id, c.changes.map((f) => f.path)])).toEqual([['ca', ['a.txt']], ['cb', ['b.txt']]]);
    const task = events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes' && e.id === 'g')!;
    expect(task.changes.map((c) => c.path).sort()).toEqual(['a.txt', 'b.txt']);
    const entries = await ledger.entries();
    expect(entries.filter((e) => e.parent === 'g').map((e) => e.call?.id)).toEqual(['ca', 'cb']);
    // The prompt's summary counts each file once (the task call's entry holds the child's).
    expect((await ledger.prompts())[0]).toMatchObject({ files: ['a.txt', 'b.txt'], added: 2 });

    await ledger.undo(childChanges[1]!.entry!);
    expect(await ws.exists('b.txt')).toBe(false);
    expect(await ws.read('a.txt')).toBe('a\n');
    expect(await ws.read('keep.txt')).toBe('base\n');
    await ledger.close();
  });
});
