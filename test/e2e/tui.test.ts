// The built app in a real terminal (tmux) against the fake Anthropic server: concurrent
// spinners, a live bash pane, Esc interrupting a command, resize, and every way out restoring
// the normal screen. One app start carries most cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processesMatching, startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

// A sleep length no other process on the machine will have.
const SLEEP = `37.${process.pid % 1000}`;
const bash = (command: string) => ({ name: 'bash', input: { command } });

const script = [
  { toolUses: [bash('sleep 2 && echo one'), bash('sleep 2 && echo two'), bash('sleep 2 && echo three')] },
  { text: 'all three **finished**:\n\n```ts\nconst done = 3;\n```\n' },
  { toolUses: [bash('for i in 1 2 3 4 5 6; do echo line-$i; sleep 0.5; done')] },
  { text: 'streamed' },
  { toolUses: [bash(`sleep ${SLEEP}`)] },
  { text: 'never reached' },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let cwd: string;

beforeAll(async () => {
  // Test the UI as it ships: from the bundle (run-tui falls back to modules when there is none).
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../dist/scripts/bundle-ui.js')]);
  server = await startFakeServer(script);
  cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-ws-'));
  writeFileSync(path.join(cwd, 'notes.txt'), 'hello\n');
  // --yolo: the streaming loop and the long sleep are commands the grammar does not prove
  // read-only, and this file is about the screen, not about approvals (test/e2e/approvals covers those).
  app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' }, args: ['--yolo'] });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 40_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('inkling in tmux', () => {
  it('starts on the alternate screen with header, input and status line', () => {
    expect(app.alternateOn()).toBe(true);
    const lines = app.lines();
    expect(lines[0]).toContain('inkling');
    expect(lines[0]).toContain('claude-sonnet-4-6');
    // The header names the permission mode the run started in.
    expect(lines[0]).toMatch(/ · yolo( · |$)/);
    expect(lines.findIndex((l) => l.includes('● idle'))).toBe(32);
  });

  it('shows concurrent read-only calls spinning side by side', async () => {
    app.type('run three');
    app.keys('Enter');
    // The calls sit queued while what the first command needs (grammar, sandbox probe) loads after
    // the first frame; then all three spin at once.
    const spinning = (x: string) => x.split('\n').filter((l) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash sleep 2 && echo/.test(l));
    // The cards spin from the moment their calls stream in; the status line counts them once the
    // model's message has ended and they run (on a loaded machine, a frame or more later).
    const s = await app.waitFor((x) => spinning(x).length === 3 && x.includes('running 3 tools'), 'three spinning calls, counted');
    expect(spinning(s)).toHaveLength(3);
    const done = await app.waitFor((x) => x.includes('all three finished:') && x.includes('● idle'), 'the turn to end');
    // Markdown with a highlighted fence, from the bundled UI (see beforeAll).
    expect(done).toMatch(/^ {4}const done = 3;$/m);
    expect(app.screen().split('\n').filter((l) => /^✓ bash sleep 2 && echo \w+ +exit 0 in/.test(l))).toHaveLength(3);
  }, 30_000);

  it('streams a bash pane before the command ends', async () => {
    app.type('stream');
    app.keys('Enter');
    const s = await app.waitFor((x) => /│ line-2/.test(x), 'the second line in the pane');
    // The command is still running when its first lines are on screen.
    expect(s).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash for i in/);
    expect(s).not.toContain('line-6');
    await app.waitFor((x) => x.includes('streamed') && x.includes('● idle'), 'the turn to end');
  }, 30_000);

  it('Esc interrupts a running command: idle at once, card cancelled, process gone', async () => {
    app.type('sleep');
    app.keys('Enter');
    await app.waitFor((x) => x.includes(`bash sleep ${SLEEP}`) && x.includes('running 1 tool'), 'the sleep to run');
    await app.waitFor(() => processesMatching(`sleep ${SLEEP}`).length > 0, 'the sleep process');
    // While it runs, the card's and the status line's spinners turn (the frame writer turns them
    // between the store's once-a-second updates).
    const turned = { card: new Set<string>(), status: new Set<string>() };
    await app.waitFor((x) => {
      for (const row of x.split('\n')) {
        const glyph = /^ ?([⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]) /.exec(row)?.[1];
        if (glyph && row.includes(`bash sleep ${SLEEP}`)) turned.card.add(glyph);
        if (glyph && row.includes('running 1 tool')) turned.status.add(glyph);
      }
      return turned.card.size >= 3 && turned.status.size >= 3;
    }, 'both spinners to turn', 5000);
    app.keys('Escape');
    const s = await app.waitFor((x) => x.includes('● idle'), 'idle after Esc', 2000);
    expect(s).toMatch(new RegExp(`⊘ bash sleep ${SLEEP.replace('.', '\\.')} +cancelled`));
    expect(s).toContain('interrupted');
    const until = Date.now() + 3000;
    while (processesMatching(`sleep ${SLEEP}`).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(processesMatching(`sleep ${SLEEP}`)).toEqual([]);
    // The input is ready: typing shows up.
    app.type('ready');
    await app.waitFor((x) => x.includes('› ready'), 'typed text');
    app.keys('C-u');
  }, 30_000);

  it('re-lays out on resize without leftovers', async () => {
    app.keys('F5'); // nothing bound: must not disturb anything
    const { tmux } = await import('./tmux-app.js');
    tmux('resize-window', '-t', app.session, '-x', '70', '-y', '22');
    // Wait for the settled frame (status line on row 21 and the header on row 1): a capture taken
    // between two frames of the re-layout may show one without the other.
    const s = await app.waitFor(
      (x) => (x.split('\n')[20]?.includes('idle') ?? false) && (x.split('\n')[0]?.includes('inkling ·') ?? false),
      'the status line on row 21 under the header',
    );
    const lines = s.split('\n');
    expect(lines.filter((l) => l.includes('inkling ·'))).toHaveLength(1);
    expect(lines[0]).toContain('inkling ·');
    expect(lines.every((l) => l.length <= 70)).toBe(true);
    tmux('resize-window', '-t', app.session, '-x', '110', '-y', '34');
    await app.waitFor((x) => x.split('\n')[32]?.includes('idle') ?? false, 'the status line back on row 33');
    expect(app.lines().filter((l) => l.includes('inkling ·'))).toHaveLength(1);
  }, 20_000);

  it('Ctrl+C twice exits to the normal screen with a summary', async () => {
    app.keys('C-c');
    await app.waitFor((x) => x.includes('press Ctrl+C again'), 'the exit hint');
    app.keys('C-c');
    const s = await app.waitFor((x) => x.includes('EXITED'), 'the process to exit');
    expect(app.alternateOn()).toBe(false);
    expect(s).toMatch(/inkling · .*3 turns · 5 tool calls · tokens/);
    expect(s).toContain('EXITED 0');
  }, 20_000);
});

describe('inkling in tmux, killed', () => {
  it('kill -TERM restores the normal screen', async () => {
    const other = startTmuxApp({ cwd, env: {} });
    try {
      await other.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
      expect(other.alternateOn()).toBe(true);
      process.kill(other.appPid(), 'SIGTERM');
      const s = await other.waitFor((x) => x.includes('EXITED'), 'the process to exit');
      expect(other.alternateOn()).toBe(false);
      expect(s).toContain('EXITED 143');
    } finally {
      other.kill();
    }
  }, 40_000);
});
