import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../src/core/providers/provider.js';
import type { ProviderEvent, ProviderRequest } from '../../../src/core/providers/provider.js';
import { chunks, createScriptedProvider, loadScript, parseScript } from '../../../src/core/providers/scripted.js';
import type { ScriptedResponse } from '../../../src/core/providers/scripted.js';
import { collect } from '../../helpers/collect.js';

const request: ProviderRequest = {
  model: 'scripted',
  system: 'You are a test.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  tools: [],
  maxTokens: 1000,
};

function lastMessageEnd(events: ProviderEvent[]) {
  const end = events.at(-1);
  if (end?.type !== 'message_end') throw new Error(`stream did not end with message_end: ${JSON.stringify(end)}`);
  return end;
}

describe('scripted provider', () => {
  it('streams text in chunks that join to the scripted text, and ends with end_turn', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, twice over.';
    const provider = createScriptedProvider([{ content: [{ type: 'text', text }], chunk_chars: 10 }]);
    const events = await collect(provider.stream(request, new AbortController().signal));
    const deltas = events.filter((e) => e.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((e) => (e.type === 'text_delta' ? e.text : '')).join('')).toBe(text);
    const end = lastMessageEnd(events);
    expect(end.stopReason).toBe('end_turn');
    expect(end.message).toEqual({ role: 'assistant', content: [{ type: 'text', text }] });
    expect(events.filter((e) => e.type === 'message_end')).toHaveLength(1);
  });

  it('gives thinking a signature, tool calls fresh ids, and stops for tool_use', async () => {
    const provider = createScriptedProvider([
      {
        content: [
          { type: 'thinking', thinking: 'I should look around.' },
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', name: 'list_files', input: { path: '.' } },
          { type: 'tool_use', name: 'bash', input: { command: 'ls' } },
        ],
      },
    ]);
    const events = await collect(provider.stream(request, new AbortController().signal));
    const end = lastMessageEnd(events);
    expect(end.stopReason).toBe('tool_use');
    const [thinking, text, first, second] = end.message.content;
    expect(thinking).toMatchObject({ type: 'thinking', thinking: 'I should look around.' });
    expect(thinking.type === 'thinking' && thinking.signature.length).toBeGreaterThan(0);
    expect(text).toEqual({ type: 'text', text: 'Looking.' });
    expect(first).toMatchObject({ type: 'tool_use', name: 'list_files', input: { path: '.' } });
    expect(second).toMatchObject({ type: 'tool_use', name: 'bash', input: { command: 'ls' } });
    const ids = [first, second].map((b) => (b.type === 'tool_use' ? b.id : ''));
    expect(new Set(ids).size).toBe(2);
    // Each tool_use completes in the stream (start, then end) with the same id, before message_end.
    const ends = events.filter((e) => e.type === 'tool_use_end');
    expect(ends.map((e) => (e.type === 'tool_use_end' ? e.toolUse.id : ''))).toEqual(ids);
    expect(events.filter((e) => e.type === 'tool_use_start').map((e) => (e.type === 'tool_use_start' ? e.index : -1))).toEqual([2, 3]);
    expect(events.some((e) => e.type === 'thinking_delta')).toBe(true);
  });

  it('replays responses in order across requests, then says plainly that the script ran out', async () => {
    const provider = createScriptedProvider([
      { content: [{ type: 'text', text: 'one' }] },
      { content: [{ type: 'text', text: 'two' }] },
    ]);
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const end = lastMessageEnd(await collect(provider.stream(request, new AbortController().signal)));
      texts.push(end.message.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
    }
    expect(texts.slice(0, 2)).toEqual(['one', 'two']);
    expect(texts[2]).toMatch(/no more responses/);
    const custom = createScriptedProvider([], { exhaustedText: 'That was all.' });
    const end = lastMessageEnd(await collect(custom.stream(request, new AbortController().signal)));
    expect(end.message.content).toEqual([{ type: 'text', text: 'That was all.' }]);
  });

  it('reports malformed raw tool input as an input error instead of throwing', async () => {
    const provider = createScriptedProvider([
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'read_file', raw_input: '{"path": "a.t' }] },
    ]);
    const end = lastMessageEnd(await collect(provider.stream(request, new AbortController().signal)));
    expect(end.inputErrors.toolu_bad).toMatch(/not valid JSON/);
    expect(end.message.content[0]).toEqual({ type: 'tool_use', id: 'toolu_bad', name: 'read_file', input: {} });
  });

  it('uses the scripted stop reason and usage', async () => {
    const provider = createScriptedProvider([
      { content: [{ type: 'text', text: 'cut' }], stop_reason: 'max_tokens', usage: { input_tokens: 7, output_tokens: 9 } },
    ]);
    const events = await collect(provider.stream(request, new AbortController().signal));
    const end = lastMessageEnd(events);
    expect(end.stopReason).toBe('max_tokens');
    expect(end.usage).toEqual({ inputTokens: 7, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('fails a scripted error response with a ProviderError carrying the status', async () => {
    const provider = createScriptedProvider([{ error: { message: 'invalid x-api-key', status: 401 } }]);
    const err = await collect(provider.stream(request, new AbortController().signal)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ message: 'invalid x-api-key', status: 401, retryable: false });
  });

  it('stops with an AbortError when the signal fires mid-stream', async () => {
    const provider = createScriptedProvider([
      { content: [{ type: 'text', text: 'word '.repeat(200) }], chunk_chars: 5, chunk_delay_ms: 5 },
    ]);
    const controller = new AbortController();
    const seen: ProviderEvent[] = [];
    const err = await (async () => {
      for await (const event of provider.stream(request, controller.signal)) {
        seen.push(event);
        if (seen.length === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(3);
    expect(seen.some((e) => e.type === 'message_end')).toBe(false);
  });
});

describe('script files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inkling-script-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads an array or a { responses } object', async () => {
    const responses: ScriptedResponse[] = [{ content: [{ type: 'text', text: 'hi' }] }];
    await writeFile(join(dir, 'a.json'), JSON.stringify(responses));
    await writeFile(join(dir, 'b.json'), JSON.stringify({ responses }));
    expect(await loadScript(join(dir, 'a.json'))).toEqual(responses);
    expect(await loadScript(join(dir, 'b.json'))).toEqual(responses);
  });

  it('explains what is wrong with a bad script', async () => {
    await writeFile(join(dir, 'broken.json'), '[{"content": [');
    await expect(loadScript(join(dir, 'broken.json'))).rejects.toThrow(/not valid JSON/);
    await expect(loadScript(join(dir, 'missing.json'))).rejects.toThrow(/cannot read script .*ENOENT/);
    expect(() => parseScript({})).toThrow(/array of responses/);
    expect(() => parseScript([{ content: [{ type: 'image' }] }])).toThrow(/response 1, block 1: "type" must be/);
    expect(() => parseScript([{ content: [{ type: 'tool_use' }] }])).toThrow(/needs a "name"/);
    expect(() => parseScript([{ content: [], stop_reason: 'done' }])).toThrow(/stop_reason must be one of/);
    expect(() => parseScript([{}])).toThrow(/needs "content"/);
  });

  it('cuts chunks at word ends and keeps every character', () => {
    expect(chunks('aaa bbb ccc', 5)).toEqual(['aaa ', 'bbb ', 'ccc']);
    expect(chunks('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(chunks('', 4)).toEqual([]);
  });
});
