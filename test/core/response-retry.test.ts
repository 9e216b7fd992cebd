// A response that fails after its content started is asked for again by the loop, for any
// provider: the partial answer is discarded (never sent back), read-only calls it started are
// cancelled, and a call that is not read-only having started stops the retry.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAgent } from '../../src/core/loop.js';
import { ProviderError, type ProviderEvent } from '../../src/core/providers/provider.js';
import { DISCARDED_RESULT } from '../../src/core/response-stream.js';
import { ToolCallBatch } from '../../src/core/scheduler.js';
import { ToolRegistry } from '../../src/core/tool-registry.js';
import { makeToolContext } from '../helpers/tool-context.js';
import { gateLog, gateTool, type GateLog } from '../helpers/gate-tools.js';
import { respond, testProvider, text, type Responder } from '../helpers/test-provider.js';
import { collect } from '../helpers/collect.js';

const cut = () => new ProviderError('connection to the API lost mid-stream (terminated)', true, undefined, { reason: 'connection lost' });

function agentWith(responders: Responder[], log: GateLog = gateLog(), maxRetries = 3) {
  const provider = testProvider(responders);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: '/tmp',
    maxTokens: 1000,
    tools: [gateTool('look', true, log), gateTool('change', false, log)],
    streamRetry: { baseDelayMs: 1, maxRetries },
  });
  return { agent, provider, log };
}

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

describe('retry after a partial response', () => {
  it('asks again after a cut that came after text and a started read, discarding both', async () => {
    const log = gateLog();
    const { agent, provider } = agentWith(
      [
        async function* (): AsyncGenerator<ProviderEvent> {
          yield { type: 'text_delta', index: 0, text: 'Let me look' };
          yield { type: 'tool_use_start', index: 1, id: 'early', name: 'look' };
          yield { type: 'tool_use_end', index: 1, toolUse: { id: 'early', name: 'look', input: { key: 'early' } } };
          await log.started('early');
          throw cut();
        },
        respond([text('The whole answer.')]),
      ],
      log,
    );
    const events = await collect(agent.run('go'));
    expect(ofType(events, 'error')).toEqual([]);
    expect(ofType(events, 'retry')).toEqual([{ type: 'retry', attempt: 1, delayMs: expect.any(Number), reason: 'connection lost', discardPartial: true }]);
    expect(ofType(events, 'request_start').map((e) => e.iteration)).toEqual([1, 1]);
    // The read that started early was told to stop, and its card says why.
    expect(log.events).toEqual(['start early', 'end early']);
    expect(ofType(events, 'tool_result')).toEqual([expect.objectContaining({ id: 'early', content: DISCARDED_RESULT, isError: true })]);
    expect(ofType(events, 'tool_status').map((e) => e.status)).toEqual(['queued', 'running', 'cancelled']);
    // The second request is the first one again: the partial was never sent back.
    expect(provider.requests[1]!.messages).toEqual(provider.requests[0]!.messages);
    expect(agent.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'The whole answer.' }] },
    ]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('gives up with the readable error after maxRetries, keeping the last partial as today', async () => {
    const failing = async function* (): AsyncGenerator<ProviderEvent> {
      yield { type: 'text_delta', index: 0, text: 'Part' };
      throw cut();
    };
    const { agent, provider } = agentWith([failing, failing, failing], gateLog(), 2);
    const events = await collect(agent.run('go'));
    expect(ofType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
    expect(ofType(events, 'error')).toEqual([
      { type: 'error', message: 'connection to the API lost mid-stream (terminated) (gave up after 3 attempts)', retryable: true },
    ]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'error' });
    expect(provider.requests).toHaveLength(3);
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Part' }] });
  });

  it('does not retry a failure that came before any content (the provider already did)', async () => {
    const { agent, provider } = agentWith([
      async function* (): AsyncGenerator<ProviderEvent> {
        throw cut();
      },
      respond([text('never asked for')]),
    ]);
    const events = await collect(agent.run('go'));
    expect(ofType(events, 'retry')).toEqual([]);
    expect(ofType(events, 'error')).toHaveLength(1);
    expect(provider.requests).toHaveLength(1);
  });

  it('the scheduler tells when a call that is not read-only has started (what stops a retry)', async () => {
    const log = gateLog();
    const registry = new ToolRegistry([gateTool('look', true, log), gateTool('change', false, log)]);
    const ctx = makeToolContext({ workspaceRoot: '/tmp' });
    const batch = new ToolCallBatch({ registry, emit: () => {}, signal: new AbortController().signal, makeContext: () => ctx, redact: (t) => t });
    batch.add({ id: 'r', name: 'look', input: { key: 'r' } });
    batch.add({ id: 'w', name: 'change', input: { key: 'w' } });
    await log.started('r');
    expect(batch.hasStartedWrite()).toBe(false);
    batch.endOfMessage();
    log.release('r');
    await log.started('w');
    expect(batch.hasStartedWrite()).toBe(true);
    log.release('w');
    await batch.results();
  });

  it('stops waiting for the retry at once on an interrupt, and records nothing of the discarded answer', async () => {
    const controller = new AbortController();
    const provider = testProvider([
      async function* (): AsyncGenerator<ProviderEvent> {
        yield { type: 'text_delta', index: 0, text: 'Half' };
        throw cut();
      },
    ]);
    const agent = createAgent({ provider, model: 't', workspaceRoot: '/tmp', maxTokens: 100, tools: [], streamRetry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('go', { signal: controller.signal })) {
      events.push(e);
      if (e.type === 'retry') controller.abort();
    }
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(agent.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'go' }] }]);
  });

  it('retries a stream that ended without its message_end after content', async () => {
    const { agent } = agentWith([
      async function* (): AsyncGenerator<ProviderEvent> {
        yield { type: 'text_delta', index: 0, text: 'And then' };
      },
      respond([text('complete')]),
    ]);
    const events = await collect(agent.run('go'));
    expect(ofType(events, 'retry')).toEqual([expect.objectContaining({ reason: 'incomplete response', discardPartial: true })]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('lets a response start more calls than the default listener limit without a warning on the screen', async () => {
    const log = gateLog();
    const uses = Array.from({ length: 12 }, (_, i) => ({ type: 'tool_use' as const, id: `r${i}`, name: 'look', input: { key: `k${i}` } }));
    const { agent } = agentWith([respond(uses), respond([text('done')])], log);
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      const run = collect(agent.run('go'));
      for (let i = 0; i < 12; i++) {
        await log.started(`k${i}`);
        log.release(`k${i}`);
      }
      expect((await run).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });
});

