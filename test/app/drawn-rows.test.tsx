// The transcript's rows drawn by the frame writer instead of Ink: the terminal shows exactly what
// Ink drawing them itself shows, frame after frame, and what is held stays bounded.
import React, { act } from 'react';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Instance } from 'ink';
import { App } from '../../components/App.js';
import { loadMarkdown } from '../../components/markdown-lines.js';
import { createDrawnRows, finalRow } from '../../components/drawn-rows.js';
import { createDrawnFrames, eraseLines } from '../../src/app/drawn-frames.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { RENDER_OPTIONS } from '../../src/app/render-options.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createScreen } from './xterm-screen.js';

describe('drawn rows', () => {
  it('stands for exactly `height` rows: padded with blanks, or cut', () => {
    const d = createDrawnRows();
    expect(d.fill(`top\n${d.place(['a', 'b'], 20, 4)}\nbottom\n`)).toEqual({ text: 'top\na\nb\n\n\nbottom\n', added: 3 });
    expect(d.fill(d.place(['1', '2', '3', '4'], 20, 2))).toEqual({ text: '1\n2', added: 1 });
    // The same rows again are the same placeholder (Ink sees an unchanged frame).
    expect(d.place(['a', 'b'], 20, 4)).toBe(d.place(['a', 'b'], 20, 4));
    expect(d.place(['a', 'b'], 20, 4)).not.toBe(d.place(['a', 'c'], 20, 4));
  });

  it('keeps colours, drops cursor moves, cuts what is too wide, and closes what is open', () => {
    expect(finalRow('\x1b[32mgreen\x1b[39m plain', 20)).toBe('\x1b[32mgreen\x1b[39m plain\x1b[0m');
    expect(finalRow('a\x1b[2Ab\x1b[10;1Hc\x1b[Kd', 20)).toBe('abcd\x1b[0m');
    expect(finalRow('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
    // A wide character across the cut goes whole.
    expect(stripVTControlCharacters(finalRow('\x1b[1m漢字漢字漢字', 8))).toBe('漢字漢…');
    expect(finalRow('a\tb', 10)).toBe('a  b');
    // OSC and the rest are the frame guard's to drop, as when Ink drew the row.
    expect(finalRow('\x1b]0;title\x07x', 20)).toContain('\x1b]0;title\x07');
  });

  it('holds a bounded number of rows and blocks however many frames go by', () => {
    const d = createDrawnRows();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const rows = Array.from({ length: 30 }, (_, j) => `row ${i + j}`);
      const p = d.place(rows, 80, 30);
      seen.add(p);
      expect(d.fill(p).text.split('\n')[0]).toBe(`row ${i}`);
    }
    expect(d.size()).toBeLessThan(1000 + 64 + 2);
    // Placeholders are reused: Ink's own caches (keyed by text) stay small too.
    expect(seen.size).toBeLessThan(70);
  });

  it('changes a block on screen in place, so placing its new rows again gives Ink the same placeholder', () => {
    let onScreen = '';
    let repaints = 0;
    const d = createDrawnRows({ shows: (p) => onScreen.includes(p), repaint: () => repaints++ });
    const p = d.place(['a', 'b'], 20, 3);
    // Not in the frame on screen: nothing changes, a real frame has to draw it.
    expect(d.redraw(p, ['a', 'c'])).toBe(false);
    expect(d.fill(p).text).toBe('a\nb\n');
    onScreen = `top\n${p}\n`;
    expect(d.redraw(p, ['a', 'c', 'd', 'e'])).toBe(true);
    expect(repaints).toBe(1);
    expect(d.fill(p).text).toBe('a\nc\nd');
    expect(d.place(['a', 'c', 'd'], 20, 3)).toBe(p);
    expect(d.place(['a', 'b'], 20, 3)).not.toBe(p);
    // The same rows again: nothing to draw.
    expect(d.redraw(p, ['a', 'c', 'd'])).toBe(true);
    expect(repaints).toBe(1);
    // Another block redrawn to those rows takes them over; once this one is dropped, they still lead there.
    const q = d.place(['q1', 'q2', 'q3'], 20, 3);
    onScreen = `${q}\n`;
    expect(d.redraw(q, ['a', 'c', 'd'])).toBe(true);
    expect(d.place(['a', 'c', 'd'], 20, 3)).toBe(q);
    for (let i = 0; i < 100; i++) d.fill(`${d.place([`other ${i}`], 20, 1)}\n${q}`);
    expect(d.place(['a', 'c', 'd'], 20, 3)).toBe(q);
    expect(d.fill(q).text).toBe('a\nc\nd');
  });

  it('holds a bounded number of rows however long a block is redrawn in place with no render between', () => {
    const d = createDrawnRows({ shows: () => true, repaint: () => {} });
    const p = d.place(['start'], 80, 12);
    for (let i = 0; i < 5000; i++) {
      expect(d.redraw(p, Array.from({ length: 12 }, (_, j) => `line ${i + j}`))).toBe(true);
      expect(d.fill(p).text.split('\n')[11]).toBe(`line ${i + 11}`);
    }
    expect(d.size()).toBeLessThan(1000 + 64 + 2);
  });

  it('gives Ink placeholders that are printable ASCII once escapes are stripped (string-width measures them on its fast path)', () => {
    const drawn = createDrawnRows();
    for (let i = 0; i < 40; i++) {
      const placeholder = drawn.place([`row ${i} ─ ⠋ 日本`], 20, 1);
      expect(stripVTControlCharacters(placeholder)).toMatch(/^[\x20-\x7e]+$/);
      expect(drawn.fill(`${placeholder}\n`).text).toContain(`row ${i} ─ ⠋ 日本`);
    }
  });

  it('an unknown placeholder becomes a blank row', () => {
    expect(createDrawnRows().fill('a\n\x1b[8mzz\x1b[28m\nb\n')).toEqual({ text: 'a\n\nb\n', added: 0 });
  });
});

describe('drawn frames', () => {
  it("translates Ink's count of rows to erase into the frame's real height", () => {
    const d = createDrawnRows();
    const f = createDrawnFrames(d);
    const p = d.place(['1', '2', '3'], 20, 3);
    // Ink's first frame: 3 rows as Ink knows them (head, placeholder, foot) + the newline.
    expect(f.write(`head\n${p}\nfoot\n`)).toBe('head\n1\n2\n3\nfoot\n');
    // Ink erases 4 lines (its rows + 1); the terminal holds 6.
    expect(f.write(`${eraseLines(4)}head\n${p}\nfoot 2\n`)).toBe(`${eraseLines(6)}head\n1\n2\n3\nfoot 2\n`);
    // Modes between frames pass untouched; a clear before console output is translated too.
    expect(f.write('\x1b[?2026h')).toBe('\x1b[?2026h');
    expect(f.write(eraseLines(4))).toBe(eraseLines(6));
    expect(f.write('console text\n')).toBe('console text\n');
    expect(f.write(`head\n${p}\nfoot\n`)).toBe('head\n1\n2\n3\nfoot\n');
    expect(f.write(`${eraseLines(4)}x\n`)).toBe(`${eraseLines(6)}x\n`);
    expect(f.write(`${eraseLines(2)}y\n`)).toBe(`${eraseLines(2)}y\n`);
  });
});

describe('the app in a real terminal', () => {
  let insts: Instance[] = [];
  afterEach(async () => {
    await act(async () => insts.forEach((i) => i.unmount()));
    insts = [];
  });

  // The frame writer's spinner clock (the app's ticker calls it): the last mounted writer's.
  let spin = (_tick: number) => {};

  async function mount(store: AppStore, cols: number, rows: number, drawn: boolean) {
    const screen = createScreen(cols, rows);
    const out = screen.stdout as unknown as NodeJS.WriteStream;
    const writer = drawn ? diffingStdout(out) : null;
    if (writer) spin = writer.spin;
    await act(async () => {
      const app = <App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} />;
      const options = { stdin: screen.stdin as unknown as NodeJS.ReadStream, patchConsole: false };
      // Through the frame writer (drawn rows, row differ, guard), or straight from Ink; either way
      // each frame goes out as React commits it (the test render option; Ink's maxFps 0 alone).
      insts.push(writer ? renderScreen(app, writer, { ...options, immediateFrames: true }) : render(app, { ...RENDER_OPTIONS, ...options, maxFps: 0, stdout: out }));
    });
    return screen;
  }

  const cellColours = (screen: ReturnType<typeof createScreen>) => {
    const b = screen.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < screen.term.rows; y++) {
      const line = b.getLine(b.viewportY + y);
      let row = '';
      for (let x = 0; x < screen.term.cols; x++) {
        const c = line?.getCell(x);
        if (c && c.getChars().trim() !== '') row += `${c.getFgColor()}.${c.isBold()}.${c.isDim()}.${c.isInverse()} `;
      }
      out.push(row);
    }
    return out;
  };

  it('shows what Ink drawing the rows itself shows, through a session, a live pane, a scroll and resizes', async () => {
    // Markdown loads when it is first drawn and redraws each app when in: loaded first, the two
    // apps cannot be compared a moment apart, one before its redraw and one after.
    await loadMarkdown();
    const store = createAppStore();
    const ink = await mount(store, 70, 20, false);
    const ours = await mount(store, 70, 20, true);
    const b = createEventBinding(store, { intervalMs: 0 });
    const steps: (() => void)[] = [
      () => b.push({ type: 'turn_start', prompt: 'go 漢字 and 😀' }),
      () => b.push({ type: 'text_delta', text: 'Some **bold** words and `code` that wrap '.repeat(4) }),
      () => b.push({ type: 'tool_call', id: 'b1', name: 'bash', input: { command: 'seq 1 40' }, readOnly: false }),
      () => b.push({ type: 'tool_status', id: 'b1', status: 'running' }),
      ...Array.from({ length: 6 }, (_, i) => () => {
        const lines = Array.from({ length: (i + 1) * 5 }, (_, j) => `\x1b[32mline ${j}\x1b[0m ${'x'.repeat(j * 3)}`);
        b.push({
          type: 'tool_output', id: 'b1',
          details: { kind: 'bash', command: 'seq 1 40', snapshot: { cols: 66, rows: 12, lines, totalLines: lines.length }, running: true,
            exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 100 },
        });
      }),
      // A tick: Ink's app draws the next glyph from the store, ours from the writer's clock.
      () => {
        store.setState((s) => ({ frame: s.frame + 1 }));
        spin(store.getState().frame);
      },
      () => b.push({ type: 'text_delta', text: 'Done.' }),
      () => b.push({ type: 'turn_end', reason: 'end_turn' }),
      () => store.setState({ scrollBack: 5 }),
      () => store.setState({ scrollBack: 0 }),
      () => {
        ink.stdout.resize(50, 14);
        ours.stdout.resize(50, 14);
      },
      () => store.setState({ input: { text: '/', cursor: 1 }, completion: { kind: 'slash', start: 0, options: ['/help', '/clear', '/mouse', '/exit'], selected: 0 } }),
      () => store.setState({ input: { text: '', cursor: 0 }, completion: null }),
      // (Smaller than its rows with the menu open, Ink shrinks the transcript to nothing, the
      // drawn one keeps a row: both stay inside the screen, see xterm-frames.test.tsx.)
      () => {
        ink.stdout.resize(30, 8);
        ours.stdout.resize(30, 8);
      },
      () => {
        ink.stdout.resize(90, 30);
        ours.stdout.resize(90, 30);
      },
    ];
    for (const [i, step] of steps.entries()) {
      await act(async () => {
        step();
        b.flush();
      });
      await ink.flush();
      await ours.flush();
      // The two apps render a moment apart: elapsed times may differ.
      const clock = /\d+(\.\d)? m?s\b/;
      // A blank written at a row's end looks like none (Ink trims them, the rows here may not).
      const clockless = (lines: string[]) => lines.map((l) => (clock.test(l) ? l.replace(clock, 'T').replace(/ +/g, ' ') : l.trimEnd()));
      expect({ step: i, lines: clockless(ours.lines()) }).toEqual({ step: i, lines: clockless(ink.lines()) });
      const timeless = (s: ReturnType<typeof createScreen>) => cellColours(s).map((c, y) => (clock.test(ink.lines()[y]!) ? 'clock' : c));
      expect({ step: i, colours: timeless(ours) }).toEqual({ step: i, colours: timeless(ink) });
    }
    expect(ours.lines().join('\n')).toContain('line 29');
    // (Resizes push rows into xterm's scrollback alike.)
    expect(ours.scrolledOff()).toBe(ink.scrolledOff());
  });

  it('sends a frame in one write with the start of its synchronized update', async () => {
    const store = createAppStore();
    const ours = await mount(store, 60, 16, true);
    const b = createEventBinding(store, { intervalMs: 0 });
    const settle = async (fn: () => void) => {
      const from = ours.stdout.writes.length;
      await act(async () => {
        fn();
        b.flush();
      });
      await ours.flush();
      return ours.stdout.writes.slice(from);
    };
    await settle(() => b.push({ type: 'turn_start', prompt: 'one' }));
    const writes = await settle(() => b.push({ type: 'text_delta', text: 'hello there' }));
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^\x1b\[\?2026h.*hello there/s);
    expect(writes[1]).toBe('\x1b[?2026l');
    expect(ours.lines().join('\n')).toContain('hello there');
  });
});
