// A command's live output drawn by the frame writer alone: its new lines reach the terminal with
// no React commit and no Ink frame (the transcript's block changes in place and the writer draws
// Ink's last frame again), the screen is then exactly what a full frame of the same state shows,
// and whatever the writer cannot draw that way (a screen it does not know, any other change)
// still goes through a real frame.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { SPINNER, SPINNER_CELL } from '../../components/text-layout.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { clockless, freshScreen as freshAt, mount, settled } from './frame-writer-app.js';

const COMMAND = 'for i in $(seq 1 40); do echo tick$i; sleep 0.1; done';

/** The command's output so far: `lines`. */
const outputEvent = (lines: string[]) =>
  ({
    type: 'tool_output',
    id: 'live',
    details: {
      kind: 'bash', command: COMMAND, snapshot: { cols: 76, rows: 12, lines, totalLines: lines.length }, running: true,
      exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: lines.join('\n').length,
    },
  }) as const;

/** A turn with that command running and `lines` of its output so far. */
function running(store: AppStore) {
  const b = createEventBinding(store, { intervalMs: 0 });
  b.push({ type: 'turn_start', prompt: 'count' });
  b.push({ type: 'tool_call', id: 'live', name: 'bash', input: { command: COMMAND }, readOnly: false });
  b.push({ type: 'tool_status', id: 'live', status: 'running' });
  b.flush();
  const output = (lines: string[]) => {
    b.push(outputEvent(lines));
    b.flush();
  };
  return { b, output };
}

/** The same state drawn from scratch by a full frame at that size. */
const freshScreen = (store: AppStore, cols: number, rows: number) => freshAt(store, cols, rows, (l) => l.some((r) => r.includes('running 1 tool')));

const ticks = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `tick${from + i}`);

/** The App on the writer with the command running and its first line on screen, Ink's last frame gone out. */
async function mountRunning(cols: number, rows: number, opts: { throttled?: boolean } = {}) {
  const store = createAppStore({}, { layout: screenLayout });
  const app = await mount(store, cols, rows, opts);
  let pane!: ReturnType<typeof running>;
  await act(async () => {
    pane = running(store);
    pane.output(ticks(1));
  });
  await settled(app.screen, (l) => l.some((r) => r.includes('tick1')));
  return { ...app, store, pane };
}

describe("a command's live output", () => {
  it('reaches the terminal with no React commit or Ink frame, as a full frame would draw it', async () => {
    const { store, screen, writer, counts, pane } = await mountRunning(80, 30);
    const before = { ...counts, redrawn: writer.stats.redrawn };

    // A line at a time, each drawn before the next, then one taller than the pane shows.
    for (let n = 2; n <= 5; n++) {
      await act(async () => pane.output(ticks(n)));
      await settled(screen, (l) => l.some((r) => r.includes(`tick${n}`)));
    }
    await act(async () => pane.output(ticks(20)));
    await settled(screen, (l) => l.some((r) => r.includes('tick20')));

    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(writer.stats.redrawn - before.redrawn).toBe(5);
    // The pane grew from one row to its twelve newest: the screen is a fresh app's.
    const lines = screen.lines();
    expect(lines.some((r) => r.includes('tick9'))).toBe(true);
    expect(lines.some((r) => r.includes('tick8'))).toBe(false);
    expect(clockless(lines)).toEqual(await freshScreen(store, 80, 30));
  });

  it('draws the call starting to run, then its first line, with no React commit or Ink frame', async () => {
    // The call's card came with a real frame (a new item, the phase); its start and its first line
    // change the card's rows only (each was a frame of its own in a live turn, bench/frames.ts firstturn).
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, counts } = await mount(store, 80, 24);
    const b = createEventBinding(store, { intervalMs: 0 });
    await act(async () => {
      b.push({ type: 'turn_start', prompt: 'count' });
      b.push({ type: 'tool_call', id: 'live', name: 'bash', input: { command: COMMAND }, readOnly: false });
      b.flush();
    });
    const queuedMark = (l: string[]) => l.some((r) => r.includes('○ bash'));
    await settled(screen, queuedMark);
    const before = { ...counts };
    await act(async () => {
      b.push({ type: 'tool_status', id: 'live', status: 'running' });
      b.flush();
    });
    await settled(screen, (l) => !queuedMark(l));
    await act(async () => {
      b.push(outputEvent(ticks(1)));
      b.flush();
    });
    await settled(screen, (l) => l.some((r) => r.includes('tick1')));
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
  });

  it('draws several updates of one moment as one redraw, the last', async () => {
    const { store, screen, writer, counts, pane } = await mountRunning(80, 24, { throttled: true });
    const before = { ...counts, redrawn: writer.stats.redrawn, writes: screen.stdout.writes.length };
    await act(async () => {
      for (let n = 2; n <= 6; n++) pane.output(ticks(n));
    });
    await settled(screen, (l) => l.some((r) => r.includes('tick6')));
    expect(counts.commits).toBe(before.commits);
    expect(writer.stats.redrawn - before.redrawn).toBe(1);
    expect(screen.stdout.writes.length - before.writes).toBe(1);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
  });

  it("draws a commit's new line at once, even right after the writer's last frame", async () => {
    // The event binding's commits are the frame clock: the writer adds no frame's wait of its own
    // (it once put up to 34 ms more between an answer's last word and the screen).
    const { screen, writer, pane } = await mountRunning(80, 24, { throttled: true });
    writer.spin(1); // a spinner's tick: the writer has just drawn a frame
    const writes = screen.stdout.writes.length;
    // No timer can run before the check: the commit, the microtask it asks for, the check.
    act(() => pane.output(ticks(2)));
    await Promise.resolve();
    expect(screen.stdout.writes.slice(writes).join('')).toContain('tick2');
  });

  it("turns the spinners through the same frames: a tick keeps the pane's newest rows, and a frame of Ink's the glyph", async () => {
    const { screen, writer, counts, pane } = await mountRunning(80, 24);
    const commits = counts.commits;
    await act(async () => pane.output(ticks(2)));
    await settled(screen, (l) => l.some((r) => r.includes('tick2')));
    writer.spin(3);
    await screen.flush();
    const glyphs = () => screen.lines().filter((l) => /for i in|running 1 tool/.test(l)).map((l) => l.trim()[0]);
    expect(glyphs()).toEqual([SPINNER[3], SPINNER[3]]);
    expect(screen.lines().some((r) => r.includes('tick2'))).toBe(true);
    expect(counts.commits).toBe(commits);
    // A real frame (a notice) draws the pane as redrawn and the glyph of the last tick.
    await act(async () => {
      pane.b.push({ type: 'notice', message: 'something happened' });
      pane.b.flush();
    });
    await settled(screen, (l) => l.some((r) => r.includes('something happened')));
    expect(counts.commits).toBeGreaterThan(commits);
    expect(glyphs()).toEqual([SPINNER[3], SPINNER[3]]);
    expect(screen.lines().some((r) => r.includes('tick2'))).toBe(true);
  });

  it('goes through a real frame when the writer does not know the screen (something else was written)', async () => {
    const { store, screen, writer, counts, pane } = await mountRunning(80, 24);
    const before = { ...counts, redrawn: writer.stats.redrawn };
    // A copy (OSC 52) goes out through Ink's stdout between frames: the writer no longer knows
    // that the screen is only Ink's last frame.
    await act(async () => {
      writer.stdout.write('\x1b]52;c;aGk=\x07');
      pane.output(ticks(3));
    });
    await settled(screen, (l) => l.some((r) => r.includes('tick3')));
    expect(counts.commits).toBeGreaterThan(before.commits);
    expect(writer.stats.redrawn).toBe(before.redrawn);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
    // Once Ink has drawn a frame, a line is the writer's alone again.
    const commits = counts.commits;
    await act(async () => pane.output(ticks(4)));
    await settled(screen, (l) => l.some((r) => r.includes('tick4')));
    expect(counts.commits).toBe(commits);
    expect(writer.stats.redrawn).toBe(before.redrawn + 1);
  });

  it('draws as a fresh app would through a resize in the middle of the output', async () => {
    const { store, screen, pane } = await mountRunning(80, 24);
    // The output arrives in the same moment as the resize, before the app has laid out again.
    await act(async () => {
      screen.stdout.resize(70, 20);
      pane.output(ticks(3));
    });
    await settled(screen, (l) => l.some((r) => r.includes('tick3')) && !l.some((r) => r.endsWith('…')));
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 70, 20));
    await act(async () => pane.output(ticks(4)));
    await settled(screen, (l) => l.some((r) => r.includes('tick4')));
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 70, 20));
  });

  it('renders any other change in view, and leaves one above the view alone', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, counts } = await mount(store, 80, 24);
    let pane!: ReturnType<typeof running>;
    await act(async () => {
      const b = createEventBinding(store, { intervalMs: 0 });
      b.push({ type: 'turn_start', prompt: 'many' });
      for (let i = 0; i < 20; i++) {
        b.push({ type: 'tool_call', id: `c${i}`, name: 'read_file', input: { path: `f${i}.txt` }, readOnly: true });
        b.push({ type: 'tool_result', id: `c${i}`, content: `content ${i}`, isError: false, durationMs: 3 });
      }
      b.flush();
      pane = running(store);
      pane.output(ticks(1));
    });
    await settled(screen, (l) => l.some((r) => r.includes('tick1')));
    let commits = counts.commits;
    // The first call, far above the view, changes: nothing on screen does.
    await act(async () => {
      pane.b.push({ type: 'log_dropped', id: 'c0', logPath: '/tmp/c0.log' });
      pane.b.flush();
    });
    expect(counts.commits).toBe(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
    // The call just above the pane, in view: a real frame.
    await act(async () => {
      pane.b.push({ type: 'log_dropped', id: 'c19', logPath: '/tmp/c19.log' });
      pane.b.flush();
    });
    await settled(screen, (l) => l.some((r) => r.includes('full output log dropped')));
    expect(counts.commits).toBeGreaterThan(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
    // And the pane's lines are the writer's again.
    commits = counts.commits;
    await act(async () => pane.output(ticks(2)));
    await settled(screen, (l) => l.some((r) => r.includes('tick2')));
    expect(counts.commits).toBe(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
  });

  it('cannot pose as the writer\'s marks: private-use characters in the output are shown, not read', async () => {
    const { store, screen, pane } = await mountRunning(80, 24);
    await act(async () => pane.output([...ticks(1), `a\uE000${'0'}\uE001b ${SPINNER_CELL} c`]));
    await settled(screen, (l) => l.some((r) => r.includes('⟨U+E000⟩')));
    const row = screen.lines().find((r) => r.includes('⟨U+E000⟩'))!;
    expect(row).toContain('a⟨U+E000⟩0⟨U+E001⟩b ⟨U+E002⟩ c');
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24));
  });
});
