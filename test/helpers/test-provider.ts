// A Provider for loop tests: each request is answered by a function the test controls, so a test
// can hold a stream open, fail it, or inspect exactly what the loop sent.
import type { AssistantBlock, StopReason, Usage } from '../../src/core/conversation.js';
import type { Provider, ProviderEvent, ProviderRequest } from '../../src/core/providers/provider.js';

export type Responder = (request: ProviderRequest, signal: AbortSignal) => AsyncIterable<ProviderEvent>;

export interface TestProvider extends Provider {
  requests: ProviderRequest[];
}

/** Deep-copies each request so later history changes don't rewrite what was sent. */
export function testProvider(responders: Responder[]): TestProvider {
  const requests: ProviderRequest[] = [];
  return {
    requests,
    stream(request, signal) {
      requests.push(structuredClone(request));
      const responder = responders.shift();
      if (!responder) throw new Error('test provider: no more scripted responses');
      return responder(request, signal);
    },
  };
}

const usage = (output = 5): Usage => ({ inputTokens: 10, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** A complete response streamed block by block; tool_use blocks emit tool_use_end as they complete. */
export function respond(blocks: AssistantBlock[], stopReason?: StopReason, inputErrors: Record<string, string> = {}): Responder {
  return async function* () {
    for (const [index, block] of blocks.entries()) {
      if (block.type === 'text') yield { type: 'text_delta', index, text: block.text };
      if (block.type === 'thinking') yield { type: 'thinking_delta', index, thinking: block.thinking };
      if (block.type === 'tool_use') {
        yield { type: 'tool_use_start', index, id: block.id, name: block.name };
        yield {
          type: 'tool_use_end',
          index,
          toolUse: { id: block.id, name: block.name, input: block.input, ...(inputErrors[block.id] ? { inputError: inputErrors[block.id] } : {}) },
        };
      }
    }
    const hasTools = blocks.some((b) => b.type === 'tool_use');
    yield {
      type: 'message_end',
      message: { role: 'assistant', content: blocks },
      stopReason: stopReason ?? (hasTools ? 'tool_use' : 'end_turn'),
      usage: usage(),
      inputErrors,
    };
  };
}

export const text = (t: string): AssistantBlock => ({ type: 'text', text: t });
export const toolUse = (id: string, name: string, input: unknown): AssistantBlock => ({ type: 'tool_use', id, name, input });

/** A promise whose resolution the test controls. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
