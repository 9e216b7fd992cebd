// A prompt sent is in the transcript with Enter's own frame, before the agent starts its turn (a
// cold agent is still being built when a person types at once); the agent's turn_start, when it
// comes, adds no second prompt and no frame of its own; when it says more, the echo takes it in place.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { deferredAgent } from '../../src/core/deferred-agent.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import type { AgentEvent } from '../../src/core/events.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { createAppStore } from '../../src/store/app-store.js';
import { sendPrompt } from '../../src/store/input-actions.js';
import { createFakeAgent } from '../store/fake-agent.js';
import { mount, settled } from './frame-writer-app.js';

describe("a prompt's echo", () => {
  it("is drawn with Enter's frame, and the agent's turn_start adds nothing", async () => {
    let begin!: () => void;
    const started = new Promise<void>((resolve) => (begin = resolve));
    // The agent's run starts only when the test says (a cold agent being built).
    const agent = createFakeAgent(async function* (prompt): AsyncIterable<AgentEvent> {
      await started;
      yield { type: 'turn_start', prompt };
      yield { type: 'request_start', iteration: 1 };
      yield { type: 'text_delta', text: 'Answered.' };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
    const session = attachDoor(store, { intervalMs: 0 });
    const { screen, counts, writer } = await mount(store, 80, 24);
    // Typed into the box (drawn in place by the frame writer), as a person does before Enter.
    await act(async () => store.setState({ input: { text: 'echo this prompt', cursor: 16 } }));
    await settled(screen, (l) => l.some((r) => r.includes('echo this prompt')));
    const before = { ...counts, redrawn: writer.stats.redrawn };

    await act(async () => sendPrompt(store, 'echo this prompt', 'echo this prompt'));
    await settled(screen, (l) => l.some((r) => r.startsWith('› echo this prompt')));
    expect(agent.prompts).toEqual(['echo this prompt']);
    // One commit and one Ink frame for Enter: the box emptied, the turn busy, the prompt shown; the
    // emptied box is not drawn in place before that frame as well.
    expect(counts.commits).toBe(before.commits + 1);
    expect(counts.inkFrames).toBe(before.inkFrames + 1);
    expect(writer.stats.redrawn).toBe(before.redrawn);
    expect(store.getState().phase).toBe('waiting');
    expect(store.getState().items.map((it) => it.kind)).toEqual(['user']);

    await act(async () => begin());
    await act(async () => session.idle());
    await settled(screen, (l) => l.some((r) => r.includes('Answered.')) && l.some((r) => r.includes('idle')));
    expect(store.getState().items.map((it) => it.kind)).toEqual(['user', 'assistant']);
    expect(store.getState().turns).toBe(1);
    expect(screen.lines().filter((r) => r.includes('echo this prompt'))).toHaveLength(1);
  });

  it("takes the agent's turn_start in place when it says more (an MCP prompt expanded, a resource's image)", async () => {
    const pic = { name: 'pic.png', width: 640, height: 480, bytes: 2048 };
    const agent = createFakeAgent(async function* (): AsyncIterable<AgentEvent> {
      yield { type: 'turn_start', prompt: "What's the weather in Paris?", images: [pic] };
      yield { type: 'request_start', iteration: 1 };
      yield { type: 'text_delta', text: 'Sunny.' };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
    const session = attachDoor(store, { intervalMs: 0 });
    const { screen } = await mount(store, 80, 24);
    await act(async () => sendPrompt(store, '/mcp__weather__forecast Paris', '/mcp__weather__forecast Paris'));
    await act(async () => session.idle());
    await settled(screen, (l) => l.some((r) => r.includes('Sunny.')) && l.some((r) => r.includes('idle')));
    const users = store.getState().items.filter((it) => it.kind === 'user');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ text: "What's the weather in Paris?", images: [pic] });
    expect(screen.lines().some((r) => r.startsWith("› What's the weather in Paris?"))).toBe(true);
    expect(screen.lines().some((r) => r.includes('image: pic.png · 640×480 · 2 KB'))).toBe(true);
    expect(screen.lines().some((r) => r.includes('/mcp__weather__forecast'))).toBe(false);
    expect(store.getState().turns).toBe(1);
  });

  it("takes it in place too when the agent was still being built (the deferred agent's early turn_start first)", async () => {
    let resolve!: (a: ReturnType<typeof createFakeAgent>) => void;
    const pic = { name: 'pic.png', width: 640, height: 480, bytes: 2048 };
    const real = createFakeAgent(async function* (): AsyncIterable<AgentEvent> {
      yield { type: 'turn_start', prompt: 'the weather in Paris', images: [pic] };
      yield { type: 'text_delta', text: 'Sunny.' };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(deferredAgent(new Promise((r) => (resolve = r)))) });
    const session = attachDoor(store, { intervalMs: 0 });
    const { screen } = await mount(store, 80, 24);
    await act(async () => sendPrompt(store, '/mcp__weather__forecast Paris', '/mcp__weather__forecast Paris'));
    await act(async () => resolve(real));
    await act(async () => session.idle());
    await settled(screen, (l) => l.some((r) => r.includes('Sunny.')) && l.some((r) => r.includes('idle')));
    const users = store.getState().items.filter((it) => it.kind === 'user');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ text: 'the weather in Paris', images: [pic] });
    expect(screen.lines().some((r) => r.includes('image: pic.png · 640×480 · 2 KB'))).toBe(true);
  });

  it('stays when Esc stops the turn before the agent started it, and the next prompt shows once', async () => {
    const agent = createFakeAgent(async function* (prompt, signal): AsyncIterable<AgentEvent> {
      // The first run is stopped before the agent gets to its turn_start (a cold agent still being built).
      if (prompt === 'first') {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        return;
      }
      yield { type: 'turn_start', prompt };
      yield { type: 'text_delta', text: 'Second answered.' };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
    const session = attachDoor(store, { intervalMs: 0 });
    const { screen } = await mount(store, 80, 24);
    await act(async () => sendPrompt(store, 'first', 'first'));
    await act(async () => void session.interrupt());
    await act(async () => session.idle());
    await act(async () => sendPrompt(store, 'second', 'second'));
    await act(async () => session.idle());
    await settled(screen, (l) => l.some((r) => r.includes('Second answered.')));
    expect(store.getState().items.filter((it) => it.kind === 'user').map((it) => it.kind === 'user' && it.text)).toEqual(['first', 'second']);
    expect(store.getState().turns).toBe(2);
  });
});
