// The status line drawn by the frame writer alone: a change of its text (a child agent's request
// priced into the session's cost, the turn's tokens) reaches the terminal with no React commit and
// no Ink frame, the screen then exactly what a full frame of the same state shows; a status line
// the writer cannot draw that way (a screen it does not know) still goes through a real frame.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { clockless, freshScreen, mount, settled } from './frame-writer-app.js';

const usage = (inputTokens: number, outputTokens = 0) => ({ inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 });
/** One request of a child agent (on a model with a price), as its task call's events carry it. */
const childRequest = (inputTokens: number): AgentEvent => ({
  type: 'agent_event',
  agent: { id: 'task1', name: 'explore', depth: 1, model: 'claude-sonnet-4-6' },
  event: { type: 'usage', usage: usage(inputTokens), turn: usage(inputTokens), session: usage(inputTokens) },
});
const statusRow = (lines: string[]) => lines.filter((l) => l.trim() !== '').at(-1) ?? '';

async function mountTurn(cols: number, rows: number) {
  const store = createAppStore({}, { layout: screenLayout });
  const app = await mount(store, cols, rows);
  const b = createEventBinding(store, { intervalMs: 0 });
  await act(async () => {
    b.push({ type: 'turn_start', prompt: 'look at eight parts' });
    b.push({ type: 'usage', usage: usage(1000, 10), turn: usage(1000, 10), session: usage(1000, 10) });
    b.flush();
  });
  await settled(app.screen, (l) => statusRow(l).includes('session ↑1.0k'));
  return { ...app, store, b };
}

describe('the status line', () => {
  it("shows a child's request in the session's cost with no React commit or Ink frame, as a full frame would", async () => {
    const { store, screen, writer, counts, b } = await mountTurn(120, 30);
    const cost = () => /session ↑1\.0k ↓10 (\$[\d.]+)/.exec(statusRow(screen.lines()))?.[1];
    const first = cost();
    expect(first).toBeDefined();
    const before = { ...counts, redrawn: writer.stats.redrawn };
    await act(async () => {
      b.push(childRequest(200_000));
      b.flush();
    });
    await settled(screen, (l) => cost() !== first && l.length > 0);
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(writer.stats.redrawn - before.redrawn).toBe(1);
    const check = (l: string[]) => statusRow(l).includes(cost()!);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 120, 30, check));
  });

  it('goes through a real frame when the writer does not know the screen (something else was written)', async () => {
    const { store, screen, writer, counts, b } = await mountTurn(120, 30);
    const before = { ...counts, redrawn: writer.stats.redrawn };
    await act(async () => {
      writer.stdout.write('\x1b]52;c;aGk=\x07');
      b.push({ type: 'usage', usage: usage(3000, 20), turn: usage(3000, 20), session: usage(3000, 20) });
      b.flush();
    });
    await settled(screen, (l) => statusRow(l).includes('session ↑3.0k'));
    expect(counts.commits).toBeGreaterThan(before.commits);
    expect(writer.stats.redrawn).toBe(before.redrawn);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 120, 30, (l) => statusRow(l).includes('session ↑3.0k')));
  });
});
