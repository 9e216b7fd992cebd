// What one live pane update costs the layout, in the app as run-tui wires it (the store settling
// its scroll with the screen layout, the frame writer drawing the rows): the running card is laid
// out once per update while the view follows the bottom, and the screen still shows every update.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { itemRenderCount } from '../../components/transcript-layout.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding, type EventBinding } from '../../src/store/event-binding.js';
import { mount, type Screen } from './frame-writer-app.js';

const COMMAND = 'for i in $(seq 1 40); do echo tick$i; sleep 0.1; done';

function paneUpdate(b: EventBinding, lines: string[]): void {
  b.push({
    type: 'tool_output', id: 't1',
    details: { kind: 'bash', command: COMMAND, snapshot: { cols: 66, rows: 12, lines, totalLines: lines.length }, running: true,
      exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 100 },
  });
}

describe('a live pane update in the running app', () => {
  /** The App on the frame writer, and a binding whose every step is flushed and drawn. */
  async function start() {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen } = await mount(store, 80, 24);
    const b = createEventBinding(store, { intervalMs: 0 });
    const step = async (fn: () => void) => {
      await act(async () => {
        fn();
        b.flush();
      });
      await screen.flush();
    };
    return { store, screen, b, step };
  }

  /** Waits for Ink's next throttled frame to reach the screen with `text`. */
  async function shows(screen: Screen, text: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      await screen.flush();
      const now = screen.lines().join('\n');
      if (now.includes(text)) return now;
      await act(async () => new Promise((r) => setTimeout(r, 5)));
    }
    return screen.lines().join('\n');
  }

  it('lays the running card out once per update while following the bottom, and shows each update', async () => {
    const { store, screen, b, step } = await start();
    await step(() => {
      b.push({ type: 'turn_start', prompt: 'run the ticker' });
      b.push({ type: 'tool_call', id: 't1', name: 'bash', input: { command: COMMAND }, readOnly: false });
      b.push({ type: 'tool_status', id: 't1', status: 'running' });
    });
    const lines: string[] = [];
    const perUpdate: number[] = [];
    for (let i = 1; i <= 6; i++) {
      lines.push(`tick${i}`);
      const before = itemRenderCount();
      await step(() => paneUpdate(b, lines.slice()));
      expect(await shows(screen, `tick${i}`)).toContain(`tick${i}`);
      perUpdate.push(itemRenderCount() - before);
    }
    // Once each: by the Transcript, as the frame writer draws it (the store's settling of the
    // scroll at the bottom lays nothing out; it used to draw the card a second time, with the
    // store's spinner frame instead of the writer's cell, so neither drawing was reused).
    expect(perUpdate).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('still settles the scroll where it must: scrolled up, the view stays on its rows as the pane grows', async () => {
    const { store, screen, b, step } = await start();
    await step(() => {
      b.push({ type: 'turn_start', prompt: 'run the ticker' });
      for (let i = 0; i < 8; i++) b.push({ type: 'notice', message: `earlier notice ${i}` });
      b.push({ type: 'tool_call', id: 't1', name: 'bash', input: { command: COMMAND }, readOnly: false });
      b.push({ type: 'tool_status', id: 't1', status: 'running' });
    });
    await step(() => paneUpdate(b, ['tick1']));
    // Far beyond the top: the store clamps it to what exists.
    await step(() => store.setState({ scrollBack: 10_000 }));
    const top = store.getState().scrollBack;
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(10_000);
    expect(await shows(screen, 'run the ticker')).toContain('run the ticker');
    await step(() => paneUpdate(b, ['tick1', 'tick2']));
    expect(store.getState()).toMatchObject({ newBelow: true });
    expect(store.getState().scrollBack).toBeGreaterThanOrEqual(top);
  });
});
