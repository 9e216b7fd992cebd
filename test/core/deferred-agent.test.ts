import { describe, expect, it } from 'vitest';
import { deferredAgent } from '../../src/core/deferred-agent.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';
import type { AgentEvent } from '../../src/core/events.js';
import { collect } from '../helpers/collect.js';
import { PlanKeeper } from '../../src/core/plan/plan-keeper.js';

describe('deferred agent', () => {
  it('runs prompts once the agent is ready and passes on the pane size set before', async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const real = createFakeAgent((p) => simpleTurn(p));
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    agent.setPaneSize(90, 12);
    expect(agent.writeToTool('x', 'y')).toBe(false);
    const events = collect(agent.run('hi'));
    resolve(real);
    expect((await events).map((e) => e.type)).toEqual(['turn_start', 'request_start', 'text_delta', 'turn_end']);
    expect(real.paneSizes).toEqual([{ cols: 90, rows: 12 }]);
    agent.clear();
    expect(real.cleared).toBe(1);
  });

  it('starts the turn of a prompt sent while the agent is being built at once, and only once', async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const real = createFakeAgent((p) => simpleTurn(p));
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    const run = agent.run('hi')[Symbol.asyncIterator]();
    // Nothing resolves the agent yet: the prompt's turn_start comes anyway.
    expect(await run.next()).toEqual({ done: false, value: { type: 'turn_start', prompt: 'hi' } });
    resolve(real);
    const rest: AgentEvent[] = [];
    for (let r = await run.next(); !r.done; r = await run.next()) rest.push(r.value);
    expect(rest.map((e) => e.type)).toEqual(['request_start', 'text_delta', 'turn_end']);
    // Once the agent is ready, its own turn_start is the one passed on.
    expect((await collect(agent.run('again'))).map((e) => e.type)).toEqual(['turn_start', 'request_start', 'text_delta', 'turn_end']);
  });

  it("passes on the agent's own turn_start when it says more than the early one (an MCP prompt expanded, an image)", async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const pic = { name: 'pic.png', width: 4, height: 3, bytes: 9 };
    const real = createFakeAgent(async function* (): AsyncIterable<AgentEvent> {
      yield { type: 'turn_start', prompt: 'the weather in Paris', images: [pic] };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    const events = collect(agent.run('/mcp__weather__forecast Paris'));
    resolve(real);
    expect(await events).toEqual([
      { type: 'turn_start', prompt: '/mcp__weather__forecast Paris' },
      { type: 'turn_start', prompt: 'the weather in Paris', images: [pic] },
      { type: 'turn_end', reason: 'end_turn' },
    ]);
  });

  it('says once that an agent that failed to build cannot start, its turn started at once', async () => {
    let reject!: (e: Error) => void;
    const agent = deferredAgent(new Promise((_, r) => (reject = r)));
    const events = collect(agent.run('hi'));
    reject(new Error('no key'));
    expect((await events).map((e) => e.type)).toEqual(['turn_start', 'error', 'turn_end']);
    expect((await collect(agent.run('again'))).map((e) => e.type)).toEqual(['turn_start', 'error', 'turn_end']);
  });

  it("hands the agent's plan to the door once it is ready (exit_plan_mode's answers reach it)", async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const real = createFakeAgent((p) => simpleTurn(p));
    const keeper = new PlanKeeper({ canAsk: true });
    Object.defineProperty(real, 'plan', { value: keeper });
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    expect(agent.plan).toBeUndefined();
    resolve(real);
    await collect(agent.run('hi'));
    expect(agent.plan).toBe(keeper);
  });

  it('passes a rewind into a new session on to the agent once it is ready, and then names the new session', async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const real = createFakeAgent((p) => simpleTurn(p));
    let session = 'old-session';
    const asked: number[] = [];
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    expect(agent.forkConversation!(1)).toBeUndefined();
    expect(agent.sessionId).toBeUndefined();
    Object.defineProperty(real, 'sessionId', { get: () => session });
    real.forkConversation = (n) => (asked.push(n), (session = 'new-session'), { prompt: 'first', sessionId: 'new-session', forkedFrom: 'old-session' });
    resolve(real);
    await collect(agent.run('hi'));
    expect(agent.sessionId).toBe('old-session');
    expect(agent.forkConversation!(2)).toEqual({ prompt: 'first', sessionId: 'new-session', forkedFrom: 'old-session' });
    expect(asked).toEqual([2]);
    expect(agent.sessionId).toBe('new-session');
  });

  it('warms the agent up once it is ready, and not at all when it failed to start', async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const real = createFakeAgent((p) => simpleTurn(p));
    let warmed = 0;
    real.warmUp = async () => void warmed++;
    const agent = deferredAgent(new Promise((r) => (resolve = r)));
    const warming = agent.warmUp!();
    await new Promise((r) => setImmediate(r));
    expect(warmed).toBe(0);
    resolve(real);
    await warming;
    expect(warmed).toBe(1);
    await expect(deferredAgent(Promise.reject(new Error('no pty'))).warmUp!()).resolves.toBeUndefined();
  });

  it('turns a failed start into an error the person can read', async () => {
    const agent = deferredAgent(Promise.reject(new Error('no pty')));
    const events = await collect(agent.run('hi'));
    expect(events).toEqual([
      { type: 'turn_start', prompt: 'hi' },
      { type: 'error', message: 'could not start the agent: no pty', retryable: false },
      { type: 'turn_end', reason: 'error' },
    ]);
    await agent.dispose();
  });

  it("keeps a prompt's images on its card when the start failed (their names and sizes, never the bytes)", async () => {
    const agent = deferredAgent(Promise.reject(new Error('no pty')));
    const image = { type: 'image' as const, mediaType: 'image/png' as const, data: 'iVBORw0KGgo=', name: 'shot.png', width: 8, height: 6, bytes: 8, path: '/w/shot.png' };
    const events = await collect(agent.run('see', { images: [image] }));
    expect(events[0]).toEqual({ type: 'turn_start', prompt: 'see', images: [{ name: 'shot.png', width: 8, height: 6, bytes: 8, path: '/w/shot.png' }] });
    await agent.dispose();
  });
});
