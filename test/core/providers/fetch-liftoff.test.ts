// node's fetch parses responses with WebAssembly (llhttp). A session's first request, or the idle
// warm-up's fetch part, first keeps WebAssembly on Liftoff (src/core/liftoff-only.ts), so V8 does
// not tier the parser up on its background threads while a first answer streams in. The flag is
// recorded, not set, here; each case gets the modules afresh (the flag is set once per process).
import v8 from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import type { ProviderRequest } from '../../../src/core/providers/provider.js';
import { collect } from '../../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { completion, startFakeOpenAI } from '../../helpers/fake-openai.js';

const request: ProviderRequest = { model: 'm', system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [], maxTokens: 100 };

let flags: string[] = [];
const setFlags = v8.setFlagsFromString;
beforeEach(() => {
  flags = [];
  vi.resetModules();
  v8.setFlagsFromString = (f: string) => void flags.push(f);
});
afterEach(() => {
  v8.setFlagsFromString = setFlags;
});

/** A fetch that notes the flags set by the time the request goes out. */
function noting(seen: string[][]): typeof fetch {
  return (input, init) => {
    seen.push([...flags]);
    return fetch(input, init);
  };
}

describe('WebAssembly stays on Liftoff before node fetch first runs', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("the Anthropic provider's first request", async () => {
    fake = await startFakeAnthropic();
    fake.enqueue(reply({ text: 'one' }), reply({ text: 'two' }));
    const { createAnthropicProvider } = await import('../../../src/core/providers/anthropic.js');
    const seen: string[][] = [];
    const provider = createAnthropicProvider({ apiKey: 'sk-test-liftoff-0001', baseURL: fake.url, fetch: noting(seen) });
    await collect(provider.stream(request, new AbortController().signal));
    await collect(provider.stream(request, new AbortController().signal));
    expect(seen).toEqual([['--liftoff-only'], ['--liftoff-only']]);
  });

  it("not the Anthropic provider's own fetch over node:http, which loads no WebAssembly parser", async () => {
    fake = await startFakeAnthropic();
    fake.enqueue(reply({ text: 'one' }));
    const { createAnthropicProvider } = await import('../../../src/core/providers/anthropic.js');
    const provider = createAnthropicProvider({ apiKey: 'sk-test-liftoff-0001', baseURL: fake.url });
    await collect(provider.stream(request, new AbortController().signal));
    expect(flags).toEqual([]);
  });

  it("the OpenAI-compatible provider's first request", async () => {
    const server = await startFakeOpenAI();
    try {
      server.enqueue(completion({ text: 'one' }));
      const { createOpenAIProvider } = await import('../../../src/core/providers/openai.js');
      const seen: string[][] = [];
      const provider = createOpenAIProvider({ baseURL: server.url, model: 'm', title: 'Test', quirks: (PRESETS.ollama as OpenAIPreset).quirks, fetch: noting(seen) });
      await collect(provider.stream(request, new AbortController().signal));
      expect(seen).toEqual([['--liftoff-only']]);
    } finally {
      await server.close();
    }
  });

  it("the idle warm-up's fetch part, before it loads fetch; the bash grammar's load sets it no second time", async () => {
    const { warmUpFetch } = await import('../../../src/core/providers/fetch-warmup.js');
    await warmUpFetch();
    expect(flags).toEqual(['--liftoff-only']);
    const { loadBashParser } = await import('../../../src/core/permissions/bash-parser.js');
    await loadBashParser();
    expect(flags).toEqual(['--liftoff-only']);
  });
});
