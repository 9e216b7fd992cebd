// A 400 "prompt is too long" over the real SDK and the fake Messages API: with autoCompact on,
// the conversation is compacted once and the request asked again; with it off (or when the retry is
// refused too) the error says what to do instead of showing the API's words alone.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { isPromptTooLong } from '../../../src/core/providers/retry-policy.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { apiError, reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

type Body = { tools?: unknown[]; messages: { role: string; content: { type: string; text?: string }[] }[] };
const body = (i: number) => fx.server.requests[i]!.body as Body;
const tooLong = () => apiError(400, 'invalid_request_error', 'prompt is too long: 215000 tokens > 200000 maximum');

function agent(autoCompact: boolean) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  return createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session'), autoCompact });
}

async function threeTurns(a: ReturnType<typeof agent>) {
  for (const [prompt, answer] of [['one', 'First answer.'], ['two', 'Second answer.'], ['three', 'Third answer.']] as const) {
    fx.server.enqueue(reply({ text: answer }));
    await collect(a.run(prompt));
  }
}

const HINT = /\/compact summarises it, \/context shows what fills it, and in history mode \(Ctrl\+O\) d drops a large result/;

describe('a 400 "prompt is too long"', () => {
  it('with autoCompact on: compacts once and asks again with the compacted history', async () => {
    const a = agent(true);
    await threeTurns(a);
    fx.server.enqueue(tooLong(), reply({ text: 'Summary of one.' }), reply({ text: 'Fourth.' }));
    const events = await collect(a.run('four'));
    expect(events.some((e) => e.type === 'error')).toBe(false);
    expect(events.find((e) => e.type === 'notice')).toMatchObject({ message: expect.stringMatching(/too long for the model's context window: compacting/) });
    expect(events.find((e) => e.type === 'compaction')).toMatchObject({ reason: 'auto' });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // Three turns, the refused request, the summary (no tools), the same turn asked again.
    expect(fx.server.requests).toHaveLength(6);
    expect(body(3).messages.at(-1)!.content.at(-1)!.text).toBe('four');
    expect(body(4).tools).toBeUndefined();
    const retried = body(5).messages;
    expect(retried[0]!.content[0]!.text).toBe(`${SUMMARY_HEADER}\nSummary of one.`);
    expect(retried.at(-1)!.content.at(-1)!.text).toBe('four');
    expect(JSON.stringify(retried)).not.toContain('First answer.');
  });

  it('compacts only once: a second refusal ends the turn with what to do', async () => {
    const a = agent(true);
    await threeTurns(a);
    fx.server.enqueue(tooLong(), reply({ text: 'Summary.' }), tooLong());
    const events = await collect(a.run('four'));
    expect(events.filter((e) => e.type === 'compaction')).toHaveLength(1);
    const error = events.find((e) => e.type === 'error');
    expect(error?.type === 'error' && error.message).toMatch(/prompt is too long/);
    expect(error?.type === 'error' && error.message).toMatch(HINT);
    expect(fx.server.requests).toHaveLength(6);
  });

  it('with autoCompact off: no compaction, the error says what to do', async () => {
    const a = agent(false);
    await threeTurns(a);
    fx.server.enqueue(tooLong());
    const events = await collect(a.run('four'));
    expect(events.some((e) => e.type === 'compaction_start')).toBe(false);
    const error = events.find((e) => e.type === 'error');
    expect(error?.type === 'error' && error.message).toMatch(HINT);
    expect(fx.server.requests).toHaveLength(4);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'error' });
  });

  it('recognises the compatible servers\' words too, and only on a refused request', () => {
    expect(isPromptTooLong(400, "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.")).toBe(true);
    expect(isPromptTooLong(400, 'context_length_exceeded')).toBe(true);
    expect(isPromptTooLong(413, 'request exceeds the context window')).toBe(true);
    expect(isPromptTooLong(500, 'prompt is too long')).toBe(false);
    expect(isPromptTooLong(400, 'max_tokens: must be at most 8192')).toBe(false);
  });
});
