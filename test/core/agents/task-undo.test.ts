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
});
