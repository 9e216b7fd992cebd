// The ledger's mark of a prompt (its snapshot: git) runs while the turn's request goes out, not
// before it (with the notes known, once the model's answer is in); the turn still ends after the mark. What the model must hear first (an undo since the
// last prompt) is still in the request: read from the chain in memory, or, for a session switched
// to whose chain is not read yet (a resumed one), waited for. Real temp git repos, the real loop,
// a fake Anthropic server on 127.0.0.1.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import type { Provider } from '../../../src/core/providers/provider.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import type { ChangeLedger } from '../../../src/core/checkpoints/change-ledger.js';
import { collect } from '../../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
const servers: FakeAnthropic[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

async function setup() {
  const ws = await ledgerWorkspace({ git: true, files: { 'a.txt': 'one\n' } });
  spaces.push(ws);
  const fake = await startFakeAnthropic();
  servers.push(fake);
  const agentWith = (ledger: ChangeLedger) =>
    createAgent({
      provider: createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fake.url, model: 'claude-fake' }),
      model: 'claude-fake',
      workspaceRoot: ws.root,
      tools: fileTools(),
      maxTokens: 100,
      ledger,
    });
  return { ws, fake, agentWith };
}

const types = (events: AgentEvent[]) => events.map((e) => e.type);
/** The text blocks of the last user message of request `i`. */
const promptTexts = (fake: FakeAnthropic, i: number): string[] => {
  const body = fake.requests[i]!.body as { messages: { role: string; content: { type: string; text?: string }[] }[] };
  return body.messages.at(-1)!.content.filter((b) => b.type === 'text').map((b) => b.text!);
};

describe('the ledger at a turn start', () => {
  it('marks the first prompt while its request goes out, and the turn ends after the mark', async () => {
    const { fake, agentWith } = await setup();
    fake.enqueue(reply({ text: 'hello' }));
    const events = await collect(agentWith(newLedger(spaces[0]!)).run('hi'));
    const order = types(events);
    expect(order.indexOf('request_start')).toBeGreaterThan(-1);
    expect(order.indexOf('turn_checkpoint')).toBeGreaterThan(order.indexOf('request_start'));
    expect(order.at(-1)).toBe('turn_end');
  });

  it("with its notes known, starts the mark once the model's answer is in: its git processes do not hold the answer's first bytes", async () => {
    const { ws, fake } = await setup();
    fake.enqueue(reply({ text: 'hello' }));
    const order: string[] = [];
    const base = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fake.url, model: 'claude-fake' });
    const provider: Provider = {
      async *stream(request, signal) {
        let first = true;
        for await (const e of base.stream(request, signal)) {
          if (first) order.push('answer');
          first = false;
          yield e;
        }
      },
    };
    const ledger = newLedger(ws);
    const begin = ledger.beginTurn.bind(ledger);
    ledger.beginTurn = (...args) => {
      order.push('mark');
      return begin(...args);
    };
    const agent = createAgent({ provider, model: 'claude-fake', workspaceRoot: ws.root, tools: fileTools(), maxTokens: 100, ledger });
    const events = types(await collect(agent.run('hi')));
    expect(order).toEqual(['answer', 'mark']);
    expect(events.indexOf('turn_checkpoint')).toBeGreaterThan(-1);
    expect(events.indexOf('turn_checkpoint')).toBeLessThan(events.indexOf('turn_end'));
  });

  it('a session switched to, its chain not read yet, still tells its first request of an undo since its last prompt', async () => {
    const { ws, fake, agentWith } = await setup();
    const first = newLedger(ws);
    fake.enqueue(reply({ toolUses: [{ name: 'write_file', input: { path: 'b.txt', content: 'two\n' } }] }), reply({ text: 'written' }));
    const events = await collect(agentWith(first).run('write b'));
    const entry = events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes')!.entry!;
    await first.undo(entry);
    expect(await ws.exists('b.txt')).toBe(false);

    // Another process takes the session up (as --resume does): a ledger of its own, switched to the session.
    const again = newLedger(ws);
    await again.switchSession(first.sessionId);
    fake.enqueue(reply({ text: 'noted' }));
    await collect(agentWith(again).run('what now?'));
    const texts = promptTexts(fake, 2);
    expect(texts[0]).toContain('The user reverted the changes of write_file b.txt');
    expect(texts.at(-1)).toBe('what now?');
  });

  it('tells the request of an undo made in this process since the last prompt', async () => {
    const { ws, fake, agentWith } = await setup();
    const ledger = newLedger(ws);
    const agent = agentWith(ledger);
    fake.enqueue(reply({ toolUses: [{ name: 'write_file', input: { path: 'b.txt', content: 'two\n' } }] }), reply({ text: 'written' }));
    const events = await collect(agent.run('write b'));
    await ledger.undo(events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes')!.entry!);
    fake.enqueue(reply({ text: 'noted' }));
    await collect(agent.run('what now?'));
    expect(promptTexts(fake, 2)[0]).toContain('The user reverted the changes of write_file b.txt');
  });
});
