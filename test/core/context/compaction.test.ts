// Compaction over the real SDK and the fake Messages API: what the summary request holds, what the
// next request's history is, the boundary event a session records, auto-compaction near a small
// window, a failing summary that changes nothing, and pinned results kept verbatim.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { SUMMARY_HEADER, PINNED_HEADER } from '../../../src/core/context/compaction.js';
import { apiError, reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

type Block = { type: string; text?: string; content?: string; tool_use_id?: string };
type Body = { system: unknown; tools?: unknown[]; messages: { role: string; content: Block[] }[] };
const body = (i: number) => fx.server.requests[i]!.body as Body;
const systemText = (b: Body) => (Array.isArray(b.system) ? (b.system as Block[]).map((x) => x.text).join('') : String(b.system));

function agent(extra: { contextWindow?: number; autoCompact?: boolean; onEvent?: (e: AgentEvent) => void } = {}) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  return createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session'), ...extra });
}

/** Three short turns: "one", "two", "three", each answered. */
async function threeTurns(a: ReturnType<typeof agent>) {
  for (const [prompt, answer] of [['one', 'First answer.'], ['two', 'Second answer.'], ['three', 'Third answer.']] as const) {
    fx.server.enqueue(reply({ text: answer }));
    await collect(a.run(prompt));
  }
}

describe('/compact', () => {
  it('asks for a summary without tools, then sends the summary and the last two turns', async () => {
    const a = agent();
    await threeTurns(a);
    fx.server.enqueue(reply({ text: 'Task: count. Decisions: none.' }));
    const events = await collect(a.compact!('keep it short'));

    const summary = body(3);
    expect(summary.tools).toBeUndefined();
    expect(systemText(summary)).toMatch(/Task:.*\n.*Decisions:/s);
    expect(systemText(summary)).toMatch(/Files:.*Open problems:.*Last request:/s);
    expect(summary.messages).toHaveLength(1);
    const asked = summary.messages[0]!.content[0]!.text!;
    expect(asked).toContain('Person: one');
    expect(asked).toContain('Agent: First answer.');
    // Only the part before the kept turns is summarised.
    expect(asked).not.toContain('Person: two');
    expect(asked.trimEnd().endsWith('Instructions from the person for this summary: keep it short')).toBe(true);

    const compaction = events.find((e) => e.type === 'compaction');
    expect(events.map((e) => e.type)).toEqual(['compaction_start', 'compaction']);
    expect(compaction).toMatchObject({ reason: 'manual', keptMessages: 4, message: { role: 'user', content: [{ type: 'text', text: `${SUMMARY_HEADER}\nTask: count. Decisions: none.` }] } });

    fx.server.enqueue(reply({ text: 'Fourth answer.' }));
    await collect(a.run('four'));
    const next = body(4).messages;
    expect(next.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(next[0]!.content.map((b) => b.text)).toEqual([`${SUMMARY_HEADER}\nTask: count. Decisions: none.`, 'two']);
    expect(next.at(-1)!.content[0]!.text).toBe('four');
    expect(JSON.stringify(next)).not.toContain('First answer.');
  });

  it('a session rebuilds the same conversation from the boundary: [message, ...messages.slice(-keptMessages)]', async () => {
    const seen: AgentEvent[] = [];
    const a = agent({ onEvent: (e) => seen.push(e) });
    await threeTurns(a);
    const before = structuredClone(a.messages);
    fx.server.enqueue(reply({ text: 'Summary.' }));
    await collect(a.compact!());
    const boundary = seen.find((e) => e.type === 'compaction');
    if (boundary?.type !== 'compaction') throw new Error('no compaction event reached onEvent');
    const { repairHistory } = await import('../../../src/core/history-repair.js');
    expect(repairHistory([boundary.message, ...before.slice(-boundary.keptMessages)])).toEqual(a.messages);
  });

  it('when the summary request fails, says so and changes nothing', async () => {
    const a = agent();
    await threeTurns(a);
    const before = structuredClone(a.messages);
    fx.server.enqueue(apiError(400, 'invalid_request_error', 'summary refused'));
    const events = await collect(a.compact!());
    const error = events.find((e) => e.type === 'error');
    expect(error?.type === 'error' && error.message).toMatch(/^Compaction failed: .*summary refused.*Nothing was removed/);
    expect(events.some((e) => e.type === 'compaction')).toBe(false);
    expect(a.messages).toEqual(before);
  });

  it('with nothing before the kept turns, says there is nothing to compact and sends no request', async () => {
    const a = agent();
    fx.server.enqueue(reply({ text: 'Only answer.' }));
    await collect(a.run('only'));
    const events = await collect(a.compact!());
    expect(events).toEqual([{ type: 'notice', message: expect.stringMatching(/^Nothing to compact yet/) }]);
    expect(fx.server.requests).toHaveLength(1);
  });
});

describe('auto-compaction', () => {
  async function nearTheWindow(a: ReturnType<typeof agent>) {
    // The fake's usage says the third request filled 9000 of 10 000 tokens.
    for (const [prompt, answer, input] of [['one', 'First.', 500], ['two', 'Second.', 1000], ['three', 'Third.', 9000]] as const) {
      fx.server.enqueue(reply({ text: answer, usage: { input_tokens: input, output_tokens: 5 } }));
      await collect(a.run(prompt));
    }
  }

  it('summarises before a request that would pass 85 % of the window, announced, and the turn goes on', async () => {
    const a = agent({ contextWindow: 10_000 });
    await nearTheWindow(a);
    expect(fx.server.requests).toHaveLength(3);
    fx.server.enqueue(reply({ text: 'Summary of one and two.' }), reply({ text: 'Fourth.' }));
    const events = await collect(a.run('four'));
    const types = events.map((e) => e.type);
    expect(types.slice(0, 5)).toEqual(['turn_start', 'notice', 'compaction_start', 'compaction', 'request_start']);
    expect(events.find((e) => e.type === 'notice')).toMatchObject({ message: expect.stringMatching(/past 85 % of the window: compacting/) });
    expect(events.find((e) => e.type === 'compaction')).toMatchObject({ reason: 'auto', keptMessages: 3 });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // Requests: three turns, the summary (no tools), then turn four with the compacted history.
    expect(fx.server.requests).toHaveLength(5);
    expect(body(3).tools).toBeUndefined();
    expect(body(4).messages.map((m) => m.content.map((b) => b.text ?? b.type))).toEqual([[`${SUMMARY_HEADER}\nSummary of one and two.`, 'three'], ['Third.'], ['four']]);
  });

  it('is off with autoCompact false and for a model whose window is unknown', async () => {
    for (const a of [agent({ contextWindow: 10_000, autoCompact: false }), agent()]) {
      fx.server.requests.length = 0;
      await nearTheWindow(a);
      fx.server.enqueue(reply({ text: 'Fourth.' }));
      const events = await collect(a.run('four'));
      expect(events.some((e) => e.type === 'compaction_start')).toBe(false);
      expect(fx.server.requests).toHaveLength(4);
    }
  });

  it('a failing summary ends the turn with a clear error and loses nothing', async () => {
    const a = agent({ contextWindow: 10_000 });
    await nearTheWindow(a);
    const before = structuredClone(a.messages);
    fx.server.enqueue(apiError(400, 'invalid_request_error', 'too long'));
    const events = await collect(a.run('four'));
    expect(events.filter((e) => e.type === 'error')).toEqual([{ type: 'error', message: expect.stringMatching(/^Compaction failed: .*too long/), retryable: true }]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'error' });
    // The prompt is kept: the conversation is what it was plus the prompt, ready to try again.
    expect(a.messages.slice(0, -1)).toEqual(before);
    expect(a.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'four' }] });
  });
});

describe('pinned results across compaction', () => {
  it('a pinned result of the summarised part stays verbatim in the summary message; others go', async () => {
    await writeFile(path.join(fx.ws.root, 'keep.txt'), 'KEEP THIS EXACT TEXT\n');
    await writeFile(path.join(fx.ws.root, 'lose.txt'), 'LOSE THIS TEXT\n');
    const a = agent();
    fx.server.enqueue(
      reply({ text: 'Reading.', toolUses: [{ name: 'read_file', input: { path: 'keep.txt' }, id: 'toolu_keep' }, { name: 'read_file', input: { path: 'lose.txt' }, id: 'toolu_lose' }] }),
      reply({ text: 'Read both.' }),
    );
    await collect(a.run('read both'));
    fx.server.enqueue(reply({ text: 'Two.' }));
    await collect(a.run('two'));
    fx.server.enqueue(reply({ text: 'Three.' }));
    await collect(a.run('three'));
    expect(a.setContextEdit!('toolu_keep', 'pin')).toMatchObject({ type: 'context_edit', id: 'toolu_keep', edit: 'pin' });
    fx.server.enqueue(reply({ text: 'Summary.' }));
    await collect(a.compact!());
    fx.server.enqueue(reply({ text: 'Four.' }));
    await collect(a.run('four'));
    const first = body(5).messages[0]!.content.map((b) => b.text!);
    expect(first[0]).toBe(`${SUMMARY_HEADER}\nSummary.`);
    expect(first[1]!.startsWith(`${PINNED_HEADER} read_file {"path":"keep.txt"}]\n`)).toBe(true);
    expect(first[1]).toContain('KEEP THIS EXACT TEXT');
    expect(JSON.stringify(body(5).messages)).not.toContain('LOSE THIS TEXT');
  });
});
