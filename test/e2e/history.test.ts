// History mode in a real terminal (tmux) against the fake Anthropic server: walk a dozen tool
// calls, expand one, open the pager on a long output, search it, copy it (the OSC 52 sequence
// read from a pipe-pane capture), and answer a `read -p` prompt through a focused pane.
// One app start carries every case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseOsc52 } from '../../src/app/clipboard.js';
import { startFakeServer, startTmuxApp, tmux, type TmuxApp } from './tmux-app.js';

const bash = (command: string) => ({ name: 'bash', input: { command } });
const read = (p: string) => ({ name: 'read_file', input: { path: p } });
const LONG = 'seq 1 3000 | sed "s/^/row /"';

const script = [
  {
    toolUses: [
      read('a.txt'), read('b.txt'), read('c.txt'), read('d.txt'), read('e.txt'), read('f.txt'),
      bash('echo one'), bash('echo two'), bash(LONG), bash('echo four'), bash('echo five'), bash('echo six'),
    ],
  },
  { text: 'walked them all' },
  { toolUses: [bash('read -p "name? " n; echo hello-$n')] },
  { text: 'asked' },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let capture: string;

/** The row the selection bar is on, in a screen's text. */
const barRow = (screen: string) => screen.split('\n').find((l) => l.startsWith('▌')) ?? '';
/** The row the selection bar is on now. */
const selected = () => barRow(app.screen());

beforeAll(async () => {
  server = await startFakeServer(script);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-history-'));
  for (const f of 'abcdef') writeFileSync(path.join(cwd, `${f}.txt`), `${f}\n`);
  capture = path.join(cwd, '..', `${path.basename(cwd)}-pane.out`);
  app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    // --yolo: the script's commands (a long loop, an edit) would ask; this file is not about approvals.
    args: ['--yolo'],
    cols: 110,
    rows: 34,
  });
  // Everything the app writes to the terminal, for the OSC 52 sequence.
  tmux('pipe-pane', '-t', app.session, '-o', `cat >> ${capture}`);
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  app.type('walk');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('walked them all') && s.includes('● idle'), 'the first turn', 30_000);
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('history mode in tmux', () => {
  it('walks every call in order, newest first, and jumps back to the prompt', async () => {
    app.keys('C-o');
    const start = await app.waitFor((s) => /HISTORY 14\/14/.test(s) && barRow(s) !== '', 'history mode on the last stop');
    expect(barRow(start)).toContain('walked them all');
    const seen: string[] = [];
    let previous = barRow(start);
    for (let i = 0; i < 12; i++) {
      app.keys('k');
      // Wait for the bar itself, not only the status line's "HISTORY n/14": the two are drawn by
      // different paths (the status line's row by the frame writer, the bar in Ink's frame).
      const s = await app.waitFor((x) => x.includes(`HISTORY ${13 - i}/14`) && barRow(x) !== previous, `stop ${13 - i}`);
      previous = barRow(s);
      seen.push(previous.replace(/^▌ [✓✗] (\w+) (.*?) {2,}.*$/, '$1 $2'));
    }
    expect(seen).toEqual([
      'bash echo six', 'bash echo five', 'bash echo four', `bash ${LONG}`, 'bash echo two', 'bash echo one',
      'read_file f.txt', 'read_file e.txt', 'read_file d.txt', 'read_file c.txt', 'read_file b.txt', 'read_file a.txt',
    ]);
    app.keys('k');
    const prompt = await app.waitFor((s) => s.includes('HISTORY 1/14') && barRow(s) !== previous, 'the prompt');
    expect(barRow(prompt)).toContain('› walk');
    app.keys('k'); // wraps to the last stop
    await app.waitFor((s) => s.includes('HISTORY 14/14'), 'wrapped to the end');
  }, 30_000);

  it('expands the long command in place, then opens and searches its whole output in the pager', async () => {
    app.keys('[', 'j', 'j', 'j', 'j', 'j', 'j', 'j', 'j', 'j');
    await app.waitFor(() => selected().includes('seq 1 3000'), 'the long command selected');
    app.keys('Enter');
    const s = await app.waitFor((x) => /earlier lines — o opens the pager/.test(x), 'the expanded call');
    expect(s).toContain('row 3000');
    expect(s).toMatch(/▌ {3}output/);
    app.keys('o');
    // The pager's rows arrive from the log a moment after its status line.
    await app.waitFor((x) => /lines 1–\d+\/3000/.test(x) && x.split('\n')[0] === 'row 1', 'the pager on the whole log');
    app.keys('/');
    app.type('row 2999');
    app.keys('Enter');
    const found = await app.waitFor((x) => x.includes('/row 2999 1/1'), 'the match');
    expect(found).toContain('row 2999');
    expect(found).not.toContain('row 1\n');
  }, 30_000);

  it('y in the pager copies exactly the clean output as OSC 52; q returns to the same selection', async () => {
    app.keys('y');
    await app.waitFor((x) => x.includes('copied 3000 lines'), 'the copy message');
    const raw = readFileSync(capture, 'latin1');
    const seq = /\x1b\]52;c;[A-Za-z0-9+/=]*(?:\x07|\x1b\\)/.exec(raw);
    expect(seq).not.toBeNull();
    const text = parseOsc52(Buffer.from(seq![0], 'latin1').toString('utf8'))!.text;
    expect(text).toBe(Array.from({ length: 3000 }, (_, i) => `row ${i + 1}`).join('\n'));
    app.keys('q');
    const back = await app.waitFor((x) => x.includes('HISTORY 10/14') && barRow(x) !== '', 'history mode again');
    expect(barRow(back)).toContain('seq 1 3000');
    app.keys('Escape');
    await app.waitFor((x) => x.includes('Enter send'), 'back at the input');
  }, 30_000);

  it('answers a read -p prompt through the focused pane; focus returns when the command ends', async () => {
    app.type('ask');
    app.keys('Enter');
    await app.waitFor((x) => x.includes('│ name?'), 'the prompt in the pane');
    app.keys('C-t');
    await app.waitFor((x) => x.includes('keys go to the command — Ctrl+T to return'), 'the focused pane');
    app.type('zed');
    app.keys('Enter');
    await app.waitFor((x) => x.includes('hello-zed') && x.includes('asked') && x.includes('● idle'), 'the answer');
    // Focus is given back when the command ends; a capture can land on the frame between the
    // idle status and the hint going, so wait (briefly) for the hint to go.
    const s = await app.waitFor((x) => !x.includes('keys go to the command'), 'the focus given back', 2000);
    expect(s).toContain('hello-zed');
    app.type('typed');
    await app.waitFor((x) => x.includes('› typed'), 'keys back at the input');
  }, 30_000);
});
