// Context surgery over the real SDK and the fake Messages API: dropping, shrinking and pinning
// one tool result changes exactly that result in the next request, and reverting restores it.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { SHRUNK_RESULT_CHARS } from '../../../src/core/context/context-edits.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

type Block = { type: string; text?: string; content?: string; tool_use_id?: string };
type Sent = { role: string; content: Block[] }[];
const sent = (i: number) => (fx.server.requests[i]!.body as { messages: Sent }).messages;
const resultIn = (messages: Sent, id: string) => messages.flatMap((m) => m.content).find((b) => b.tool_use_id === id)!;

const BIG = Array.from({ length: 400 }, (_, i) => `line ${i} of the big file, with some words to make it long enough`).join('\n');

async function readTwo(events: AgentEvent[] = []) {
  await writeFile(path.join(fx.ws.root, 'big.ts'), BIG);
  await writeFile(path.join(fx.ws.root, 'small.ts'), 'export const small = 1;\n');
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1 });
  const a = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session'), onEvent: (e) => events.push(e) });
  fx.server.enqueue(
    reply({ text: 'Reading.', toolUses: [{ name: 'read_file', input: { path: 'big.ts' }, id: 'toolu_big' }, { name: 'read_file', input: { path: 'small.ts' }, id: 'toolu_small' }] }),
    reply({ text: 'Read.', usage: { input_tokens: 7000, output_tokens: 3 } }),
  );
  await collect(a.run('read them'));
  return a;
}

async function nextRequest(a: Awaited<ReturnType<typeof readTwo>>): Promise<Sent> {
  fx.server.enqueue(reply({ text: 'ok', usage: { input_tokens: 7000, output_tokens: 3 } }));
  await collect(a.run('go on'));
  return sent(fx.server.requests.length - 1);
}

describe('context surgery', () => {
  it('drop replaces only that result with a placeholder naming the call and its size; null restores it', async () => {
    const a = await readTwo();
    const original = resultIn(sent(1), 'toolu_big').content!;
    expect(original).toContain('line 399 of the big file');
    const ev = a.setContextEdit!('toolu_big', 'drop')!;
    expect(ev).toMatchObject({ type: 'context_edit', id: 'toolu_big', edit: 'drop' });
    expect(ev.tokensAfter).toBeLessThan(ev.tokensBefore);

    const dropped = await nextRequest(a);
    expect(resultIn(dropped, 'toolu_big').content).toMatch(/^\[result removed by the user to save context: read_file big\.ts, \d+\.\dk tokens\]$/);
    expect(resultIn(dropped, 'toolu_small').content).toBe(resultIn(sent(1), 'toolu_small').content);
    // Everything but that one result is exactly what it was.
    const expected = structuredClone(sent(1));
    resultIn(expected, 'toolu_big').content = resultIn(dropped, 'toolu_big').content;
    expect(dropped.slice(0, 3)).toEqual(expected);
    // The conversation keeps the original.
    expect(JSON.stringify(a.messages)).toContain('line 399 of the big file');

    a.setContextEdit!('toolu_big', null);
    expect(resultIn(await nextRequest(a), 'toolu_big').content).toBe(original);
  });

  it('shrink keeps the head and the tail; pin changes nothing in the request', async () => {
    const a = await readTwo();
    const original = resultIn(sent(1), 'toolu_big').content!;
    a.setContextEdit!('toolu_big', 'shrink');
    const shrunk = resultIn(await nextRequest(a), 'toolu_big').content!;
    expect(shrunk.length).toBeLessThan(SHRUNK_RESULT_CHARS + 300);
    expect(shrunk.startsWith(original.slice(0, 200))).toBe(true);
    expect(shrunk.endsWith(original.slice(-200))).toBe(true);
    expect(shrunk).toContain('shrunk by the user to save context');

    a.setContextEdit!('toolu_big', 'pin');
    expect(resultIn(await nextRequest(a), 'toolu_big').content).toBe(original);
  });

  it('reports what each call costs, the edit, and the ten largest results in the breakdown; events reach onEvent', async () => {
    const events: AgentEvent[] = [];
    const a = await readTwo(events);
    const big = a.toolCallCost!('toolu_big')!;
    expect(a.contextBreakdown!().largest[0]!.id).toBe('toolu_big');
    const small = a.toolCallCost!('toolu_small')!;
    expect(big.result).toBeGreaterThan(small.result * 50);
    expect(big.result).toBe(big.original);
    a.setContextEdit!('toolu_big', 'drop');
    const dropped = a.toolCallCost!('toolu_big')!;
    expect(dropped).toMatchObject({ edit: 'drop', original: big.original });
    expect(dropped.result).toBeLessThan(30);
    const breakdown = a.contextBreakdown!();
    expect(breakdown.largest.map((r) => r.id).sort()).toEqual(['toolu_big', 'toolu_small']);
    expect(breakdown.largest.find((r) => r.id === 'toolu_big')).toMatchObject({ name: 'read_file', label: 'big.ts', edit: 'drop' });
    expect(breakdown.turns.map((t) => t.prompt)).toEqual(['read them']);
    expect(breakdown.system).toBeGreaterThan(0);
    expect(breakdown.tools).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'context_edit')).toHaveLength(1);
    expect(a.setContextEdit!('toolu_nope', 'drop')).toBeUndefined();
  });

  it('keeps the pairing: a dropped result stays right after its tool_use', async () => {
    const a = await readTwo();
    a.setContextEdit!('toolu_big', 'drop');
    const m = await nextRequest(a);
    expect(m[1]!.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id?: string }).id)).toEqual(['toolu_big', 'toolu_small']);
    expect(m[2]!.content.map((b) => b.tool_use_id)).toEqual(['toolu_big', 'toolu_small']);
  });
});
