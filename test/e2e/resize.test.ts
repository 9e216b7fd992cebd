// Resizing the terminal in tmux (on a light background): before any key, the screen shows the new
// layout whole — the header on the first row, an expanded card with its "input" and "output"
// rows, the help overlay, the pager, a live pane — and no row wider than the terminal. (The frame
// Ink draws the moment the terminal changes size is laid out for the old size; its rows used to
// wrap and scroll the screen, and rows the differ believed unchanged stayed missing until a key.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const bash = (command: string) => ({ name: 'bash', input: { command } });
const WIDE = 'for i in 1 2 3 4 5 6; do echo "a fairly long output line number $i that is wider than eighty columns for sure"; done';
const ROWS = 34;

const script = [
  { toolUses: [{ name: 'read_file', input: { path: 'a.txt' } }, bash('seq 1 30'), bash(WIDE)] },
  { text: 'done with them' },
  { toolUses: [bash('for i in $(seq 1 400); do echo "live row $i of a command that prints rows wider than sixty columns"; sleep 0.05; done')] },
  { text: 'live done' },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;

function resize(cols: number): void {
  app.tmux('resize-window', '-t', app.session, '-x', String(cols), '-y', String(ROWS));
}

/** The screen once it is laid out for `cols` (header first, status line last, nothing wider). */
function laidOut(s: string, cols: number, status: RegExp, more: (lines: string[]) => boolean = () => true): boolean {
  const lines = s.split('\n');
  return (
    (lines[0]?.startsWith(' inkling · ') ?? false) &&
    lines.filter((l) => l.includes(' inkling · ')).length === 1 &&
    status.test(lines[ROWS - 2] ?? '') &&
    lines.every((l) => [...l].length <= cols) &&
    more(lines)
  );
}

/** The expanded card: its header, then "input", the command wrapped to the width, then "output". */
function expandedCard(lines: string[]): boolean {
  const head = lines.findIndex((l) => l.startsWith('▌ ✓ bash for i in 1 2 3 4 5 6'));
  if (head === -1 || lines[head + 1] !== '▌   input') return false;
  const output = lines.indexOf('▌   output', head);
  return output > head + 2 && lines.slice(head + 2, output).every((l) => l.startsWith('▌     ')) && (lines[output + 1]?.startsWith('▌     a fairly long') ?? false);
}

beforeAll(async () => {
  server = await startFakeServer(script);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-resize-'));
  writeFileSync(path.join(cwd, 'a.txt'), 'a\n');
  app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    // --yolo: the loops are commands the grammar does not prove read-only; this file is about the screen.
    args: ['--yolo'],
    cols: 120,
    rows: ROWS,
    paneStyle: 'bg=#ffffff,fg=#000000',
  });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  app.type('go');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('done with them') && s.includes('● idle'), 'the first turn', 30_000);
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('resizing in tmux, before any key', () => {
  it('an expanded card selected in history mode keeps its input and output rows: 120 → 80 → 120 → 60', async () => {
    app.keys('C-o');
    await app.waitFor((s) => /HISTORY 5\/5/.test(s), 'history mode');
    app.keys('k');
    await app.waitFor((s) => s.includes('▌ ✓ bash for i in'), 'the wide command selected');
    app.keys('Enter');
    await app.waitFor((s) => laidOut(s, 120, /HISTORY 4\/5/, expandedCard), 'the card expanded at 120 columns');
    for (const cols of [80, 120, 60]) {
      resize(cols);
      const s = await app.waitFor((x) => laidOut(x, cols, /HISTORY 4\/5/, expandedCard), `the card laid out at ${cols} columns`);
      expect(s).toContain('▌   input');
    }
    resize(120);
    await app.waitFor((s) => laidOut(s, 120, /HISTORY 4\/5/, expandedCard), 'the card back at 120 columns');
  }, 40_000);

  it('the pager on the wide output: 120 → 80', async () => {
    app.keys('o');
    await app.waitFor((s) => /lines 1–6\/6/.test(s) && s.startsWith('a fairly long output line number 1'), 'the pager');
    resize(80);
    const s = await app.waitFor(
      (x) => x.split('\n').every((l) => [...l].length <= 80) && /lines 1–6\/6/.test(x) && x.split('\n')[5]?.startsWith('a fairly long output line number 6') === true,
      'the pager laid out at 80 columns',
    );
    expect(s.split('\n').slice(0, 6).every((l) => l.startsWith('a fairly long output line number'))).toBe(true);
    app.keys('q');
    await app.waitFor((x) => laidOut(x, 80, /HISTORY 4\/5/, expandedCard), 'history mode at 80 columns');
    app.keys('Escape');
    resize(120);
    await app.waitFor((x) => laidOut(x, 120, /Enter send/), 'the input at 120 columns');
  }, 30_000);

  it('the help overlay (rows Ink draws itself): 120 → 80', async () => {
    app.keys('?');
    await app.waitFor((s) => laidOut(s, 120, /Esc close help/, (l) => l[1]?.startsWith('Prompt input') === true), 'the help at 120 columns');
    resize(80);
    await app.waitFor((s) => laidOut(s, 80, /Esc close help/, (l) => l[1]?.startsWith('Prompt input') === true && l.some((r) => r.startsWith('  Enter '))), 'the help at 80 columns');
    app.keys('Escape');
    resize(120);
    await app.waitFor((s) => laidOut(s, 120, /Enter send/), 'the input at 120 columns');
  }, 30_000);

  it('a live pane while its command runs: 120 → 60', async () => {
    app.type('live');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('│ live row 5 '), 'the live pane');
    resize(60);
    const s = await app.waitFor((x) => laidOut(x, 60, /running 1 tool/, (l) => l.some((r) => r.startsWith('  │ live row '))), 'the live pane at 60 columns');
    expect(s).toContain('╭');
    app.keys('Escape');
    await app.waitFor((x) => x.includes('● idle'), 'the command interrupted');
  }, 30_000);
});
