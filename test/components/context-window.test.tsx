// The context window in the UI, over a real agent and the real SDK against the fake Messages API:
// the meter's colours, history mode's d / s / p changing the next request, /context, /compact.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import React from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { contextText } from '../../components/StatusBar.js';
import { applyPaletteTheme } from '../../components/palette.js';
import { createAgent } from '../../src/core/loop.js';
import { createAnthropicProvider } from '../../src/core/providers/anthropic.js';
import { fileTools } from '../../src/core/tools/file-tools.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { createAppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';
import { frame, press, renderAct, settleUntil, unmountAct, KEYS, type Rendered } from './act-helpers.js';

let server: FakeAnthropic;
let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let r: Rendered | null = null;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(async () => server.close());
beforeEach(async () => {
  ws = await makeTempWorkspace();
  server.requests.length = 0;
});
afterEach(async () => {
  if (r) await unmountAct(r);
  r = null;
  applyPaletteTheme('dark', { noColor: true });
  await ws.cleanup();
});

describe('the context meter', () => {
  it('measures against the window, yellow from 70 %, red from 85 %, and says when the window is unknown', () => {
    applyPaletteTheme('dark', { noColor: false, level: 1 } as never);
    expect(contextText(122_000, 200_000)).toBe(' · ctx 61% of 200k');
    const yellow = contextText(140_000, 200_000);
    const red = contextText(170_000, 200_000);
    expect(yellow).toMatch(/^ · \x1b\[\d+(;\d+)*mctx 70% of 200k\x1b\[/);
    expect(red).toMatch(/^ · \x1b\[\d+(;\d+)*mctx 85% of 200k\x1b\[/);
    // Two different colours.
    expect(red.slice(0, red.indexOf('ctx'))).not.toBe(yellow.slice(0, yellow.indexOf('ctx')));
    expect(contextText(138_000, 200_000)).toBe(' · ctx 69% of 200k');
    expect(contextText(12_300, null)).toBe(' · ctx 12k (unknown window)');
    expect(contextText(0, 200_000)).toBe('');
  });
});

const BIG = Array.from({ length: 400 }, (_, i) => `export const line${i} = "a line of the big file to fill the context";`).join('\n');

async function appOverRealAgent() {
  await writeFile(path.join(ws.root, 'big.ts'), BIG);
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: server.url, model: 'claude-test', retryBaseDelayMs: 1 });
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(ws.root, '..', 'session'), contextWindow: 20_000 });
  const door = createAgentDoor(agent, { modelName: () => 'claude-sonnet-4-6' });
  const store = createAppStore({}, { layout: screenLayout, door });
  const session = attachDoor(store, { intervalMs: 1 });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-test', isDemo: false, workspaceRoot: ws.root }} keyEnv={{ files: () => [], now: Date.now }} />);
  return { store, agent, session, r };
}

async function send(h: Awaited<ReturnType<typeof appOverRealAgent>>, text: string) {
  await press(h.r, text, KEYS.enter);
  await settleUntil(() => h.store.getState().phase === 'idle' && !frame(h.r).includes('waiting'));
  await h.session.idle();
  await settleUntil(() => h.store.getState().phase === 'idle');
}

type Sent = { messages: { content: { type: string; content?: string; tool_use_id?: string; text?: string }[] }[] };
const resultSent = (i: number) => (server.requests[i]!.body as Sent).messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result')?.content;

describe('context surgery from history mode', () => {
  it('d drops the selected read from the next request, d again restores it; the card and meter say so', async () => {
    const h = await appOverRealAgent();
    server.enqueue(
      reply({ text: 'Reading.', toolUses: [{ name: 'read_file', input: { path: 'big.ts' }, id: 'toolu_big' }], usage: { input_tokens: 1500, output_tokens: 5 } }),
      reply({ text: 'Read it.', usage: { input_tokens: 9000, output_tokens: 5 } }),
    );
    await send(h, 'read big.ts');
    expect(frame(h.r)).toContain('ctx 45% of 20k');
    await press(h.r, KEYS.esc);
    await settleUntil(() => h.store.getState().mode === 'history');
    // Select the read: from the newest stop, up once.
    while (h.store.getState().history.selectedId !== 'toolu_big') await press(h.r, KEYS.up);
    expect(frame(h.r)).toMatch(/ctx \d+ in · [\d.]+k result \(d drop · s shrink · p pin\)/);
    await press(h.r, 'd');
    await settleUntil(() => frame(h.r).includes('dropped'));
    expect(frame(h.r)).toMatch(/ctx \d+ in · \d+ result · dropped/);
    expect(frame(h.r)).toMatch(/dropped from the context \(context 9\.0k → [\d.]+k\)/);

    await press(h.r, 'i');
    server.enqueue(reply({ text: 'ok', usage: { input_tokens: 1200, output_tokens: 2 } }));
    await send(h, 'go on');
    expect(resultSent(2)).toMatch(/^\[result removed by the user to save context: read_file big\.ts, [\d.]+k tokens\]$/);

    await press(h.r, KEYS.esc);
    await settleUntil(() => h.store.getState().mode === 'history');
    while (h.store.getState().history.selectedId !== 'toolu_big') await press(h.r, KEYS.up);
    await press(h.r, 'd');
    await settleUntil(() => frame(h.r).includes('restored as it came'));
    await press(h.r, 'i');
    server.enqueue(reply({ text: 'ok again' }));
    await send(h, 'and again');
    expect(resultSent(3)).toBe(resultSent(1));
    expect(resultSent(3)).toContain('line399');
  });

  it('s shrinks and p pins the selected call, each shown on its card', async () => {
    const h = await appOverRealAgent();
    server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'big.ts' }, id: 'toolu_big' }] }), reply({ text: 'Read it.' }));
    await send(h, 'read big.ts');
    await press(h.r, KEYS.esc);
    while (h.store.getState().history.selectedId !== 'toolu_big') await press(h.r, KEYS.up);
    await press(h.r, 's');
    await settleUntil(() => frame(h.r).includes('· shrunk'));
    await press(h.r, 'p');
    await settleUntil(() => frame(h.r).includes('· pinned'));
    expect(h.agent.toolCallCost!('toolu_big')!.edit).toBe('pin');
    await press(h.r, 'p');
    await settleUntil(() => !frame(h.r).includes('· pinned'));
    expect(h.agent.toolCallCost!('toolu_big')!.edit).toBeUndefined();
  });

  it('/context lists the largest result, /context 1 selects it, /compact shows the boundary', async () => {
    const h = await appOverRealAgent();
    server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'big.ts' }, id: 'toolu_big' }] }), reply({ text: 'Read it.' }));
    await send(h, 'read big.ts');
    for (const p of ['two', 'three']) {
      server.enqueue(reply({ text: `answer ${p}` }));
      await send(h, p);
    }
    await press(h.r, '/context', KEYS.enter);
    await settleUntil(() => frame(h.r).includes('largest tool results'));
    expect(h.store.getState().items.at(-1)).toMatchObject({ kind: 'notice', text: expect.stringMatching(/^context: [\d.]+k? tokens of 20\.0k/) });
    expect(frame(h.r)).toMatch(/ 1\. +[\d.]+k? +read_file big\.ts/);
    await press(h.r, '/context 1', KEYS.enter);
    await settleUntil(() => h.store.getState().mode === 'history');
    expect(h.store.getState().history.selectedId).toBe('toolu_big');
    await press(h.r, 'i');
    server.enqueue(reply({ text: 'Summary: read big.ts.' }));
    await press(h.r, '/compact', KEYS.enter);
    await settleUntil(() => frame(h.r).includes('── compacted'));
    await settleUntil(() => h.store.getState().phase === 'idle');
    expect(frame(h.r)).toMatch(/── compacted: [\d.]+k? → [\d.]+k? tokens/);
    expect((server.requests.at(-1)!.body as { tools?: unknown }).tools).toBeUndefined();
  });
});
