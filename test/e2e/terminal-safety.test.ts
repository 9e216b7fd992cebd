// A hostile repository and a model that echoes control sequences, in a real terminal (tmux with
// set-clipboard on, so any OSC 52 that reached it would become a tmux buffer): read evil.txt,
// grep it, list a folder with an escape in a file name, edit the evil line away, run a command
// that prints OSC 52 and OSC 0, stream thinking and text full of sequences (one split across two
// deltas), a server error that quotes them; then expand every stop in history mode and open
// each in the pager. Everything inkling wrote to the terminal (pipe-pane) is scanned, the
// buffer list must stay empty and the pane's title must only ever be inkling's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOSTILE } from '../helpers/hostile-text.js';
import { BACKGROUND_QUERY } from '../../src/keys/terminal-replies.js';
import { CLIPBOARD_PROTOCOL_QUERY, wrapForTmux } from '../../src/keys/clipboard-5522.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const EVIL_FILE = `before\n${HOSTILE.osc52Bel}\n${HOSTILE.osc0Bel}\n${HOSTILE.c1Osc}\n${HOSTILE.bidi}\nend\n`;
const EVIL_NAME = 'name\x1b]0;pwned\x07.txt';
const ECHO = Object.values(HOSTILE).join(' | ');

const script = [
  {
    kind: 'message',
    content: [
      { type: 'thinking', thinking: [`thinking ${HOSTILE.osc52St} `, `${HOSTILE.osc0Bel} done`], signature: 'sig' },
      { type: 'text', text: ['looking \x1b', ']52;c;SGVsbG8=\x07after-split'] },
      { type: 'tool_use', name: 'read_file', input: { path: 'evil.txt' } },
      { type: 'tool_use', name: 'grep_search', input: { pattern: 'after-osc52' } },
      { type: 'tool_use', name: 'list_files', input: { path: '.' } },
      { type: 'tool_use', name: 'read_file', input: { path: `missing${HOSTILE.osc2St}.txt` } },
    ],
  },
  {
    toolUses: [
      { name: 'edit_file', input: { path: 'evil.txt', old_string: `${HOSTILE.osc52Bel}\n`, new_string: 'clean\n' } },
      { name: 'bash', input: { command: "printf 'cmd\\033]52;c;SGVsbG8=\\007\\033]0;pwned\\007\\033P1$qm\\033\\\\ bash-done\\n'" } },
    ],
  },
  { text: [`echo: ${ECHO.slice(0, 200)}`, ECHO.slice(200)] },
  { kind: 'error', status: 400, type: 'invalid_request_error', message: `rejected ${HOSTILE.osc52Bel} ${HOSTILE.dcsTmuxPassthrough}` },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let capture: string;
const titles = new Set<string>();
const screens: string[] = [];
let titleBefore = '';

const title = () => app.tmux('display', '-p', '-t', app.session, '#{pane_title}').trim();

/** Waits for the screen, noting every title and screen seen on the way. */
async function see(test: (s: string) => boolean, what: string, ms?: number): Promise<string> {
  const s = await app.waitFor((x) => {
    titles.add(title());
    return test(x);
  }, what, ms);
  screens.push(s);
  return s;
}

const stopOf = (s: string) => /HISTORY (\d+)\/(\d+)/.exec(s);

beforeAll(async () => {
  server = await startFakeServer(script);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-safety-'));
  writeFileSync(path.join(cwd, 'evil.txt'), EVIL_FILE);
  writeFileSync(path.join(cwd, EVIL_NAME), 'x\n');
  capture = path.join(cwd, '..', `${path.basename(cwd)}-pane.out`);
  app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    // --yolo: the script's commands (a long loop, an edit) would ask; this file is not about approvals.
    args: ['--yolo'],
    cols: 120,
    rows: 40,
    server: { socket: `inkling-safety-${process.pid}`, config: ['set -g set-clipboard on', 'set -g allow-rename on', 'set -g default-terminal xterm-256color'] },
  });
  titleBefore = title();
  app.tmux('pipe-pane', '-t', app.session, '-o', `cat >> '${capture}'`);
  await see((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('terminal safety in tmux', () => {
  it('runs the hostile turn and shows the sequences as visible text', async () => {
    app.type('look at evil.txt');
    app.keys('Enter');
    await see((s) => s.includes('bash-done') && s.includes('echo:'), 'the tools and the echo', 30_000);
    app.type('again');
    app.keys('Enter');
    const s = await see((x) => x.includes('rejected') && x.includes('● idle'), 'the server error', 30_000);
    expect(s).toContain('rejected clip␛]52;c;SGVsbG8=␇after-osc52');
    expect(screens.join('\n')).toContain('looking ␛]52;c;SGVsbG8=␇after-split');
  }, 60_000);

  it('expands every stop and opens each in the pager without sending a sequence', async () => {
    app.keys('C-o');
    const first = await see((s) => stopOf(s) !== null, 'history mode');
    const total = Number(stopOf(first)![2]);
    expect(total).toBeGreaterThanOrEqual(10);
    for (let i = total; i >= 1; i--) {
      await see((s) => stopOf(s)?.[1] === String(i), `stop ${i}`);
      app.keys('Enter');
      await new Promise((r) => setTimeout(r, 150));
      app.keys('o');
      await new Promise((r) => setTimeout(r, 300));
      await see(() => true, `the pager of stop ${i}`);
      app.keys('q');
      await see((s) => stopOf(s)?.[1] === String(i), `back on stop ${i}`);
      if (i > 1) app.keys('k');
    }
    const all = screens.join('\n');
    // The read card expanded shows what evil.txt holds, sequences as pictures.
    expect(all).toContain('␛]52;c;SGVsbG8=␇after-osc52');
    expect(all).toContain('invoice⟨RLO⟩fdp.exe');
    expect(all).toContain('name␛]0;pwned␇.txt');
  }, 120_000);

  it('wrote nothing to the terminal that acts: no clipboard buffer, only its own title', () => {
    expect(app.tmux('list-buffers').trim()).toBe('');
    for (const t of titles) expect([titleBefore, expect.stringMatching(/^inkling — /)]).toContainEqual(t);
    expect([...titles].some((t) => t.startsWith('inkling — '))).toBe(true);
    const written = readFileSync(capture, 'utf8');
    // inkling's own: its title, the title stack, the question about the background colour and the
    // one whether the terminal reads its clipboard (OSC 5522; through tmux's passthrough here).
    const own = written
      .replace(/\x1b\]0;inkling — [^\x07\x1b]*\x07/g, '')
      .replace(/\x1b\[2[23];0t/g, '')
      .split(BACKGROUND_QUERY)
      .join('')
      .split(wrapForTmux(CLIPBOARD_PROTOCOL_QUERY))
      .join('');
    expect([...own.matchAll(/\x1b[\]P_^X].{0,30}/g)].map((m) => m[0])).toEqual([]);
    expect(own).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(written).not.toContain('pwned\x07');
  });

  it('y copies the selected output as inert text, and leaving gives the title back', async () => {
    app.keys('G');
    await see((s) => stopOf(s) !== null, 'the last stop');
    app.keys('g');
    // The first stop is the prompt; the read of evil.txt is a few stops on.
    for (let i = 0; i < 8; i++) {
      const s = await see(() => true, 'a stop');
      if (/▌ ✓ read_file evil\.txt/.test(s)) break;
      app.keys('j');
      await new Promise((r) => setTimeout(r, 150));
    }
    app.keys('y');
    await see((s) => s.includes('copied'), 'the copy report');
    const buffers = app.tmux('list-buffers', '-F', '#{buffer_name}').trim().split('\n').filter(Boolean);
    expect(buffers).toHaveLength(1);
    const copied = app.tmux('show-buffer', '-b', buffers[0]!);
    expect(copied).toContain('␛]52;c;SGVsbG8=␇after-osc52');
    expect(copied).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    app.keys('q');
    app.keys('C-c');
    await see((x) => x.includes('press Ctrl+C again'), 'the exit hint');
    app.keys('C-c');
    await see((x) => x.includes('EXITED'), 'the process to exit');
    expect(title()).toBe(titleBefore);
  }, 60_000);
});
