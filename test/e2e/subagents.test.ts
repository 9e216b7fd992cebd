// Child agents in a real terminal (tmux) against the fake Anthropic server: three explore children
// streaming at once, each its own live task card and the status line counting them, on a dark and
// a light background (two apps side by side); then two general children one after the other, `u` on one child's card
// undoing exactly its file while the other's stays, and → into a child's calls and ← back out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const explore = (description: string) => ({ name: 'task', input: { description, prompt: `${description}, please`, agent: 'explore' } });
const general = (description: string) => ({ name: 'task', input: { description, prompt: `${description}, please`, agent: 'general' } });
// Each child's answer streams slowly (its ~12 events ~3.5 s), so all three are on screen running at once.
const slowAnswer = { text: ['Looking', ' through', ' the', ' files', ' now', ' and', ' done.'], chunkDelayMs: 300 };

const liveScript = [
  { toolUses: [explore('find the config'), explore('read the logs'), explore('count the tests')] },
  slowAnswer,
  slowAnswer,
  slowAnswer,
  { text: 'All three answered.' },
];
const undoScript = [
  ...liveScript,
  { toolUses: [general('write one'), general('write two')] },
  { toolUses: [{ name: 'write_file', input: { path: 'one.txt', content: 'one\n' } }] },
  { text: 'wrote one' },
  { toolUses: [{ name: 'write_file', input: { path: 'two.txt', content: 'two\n' } }] },
  { text: 'wrote two' },
  { text: 'Both written.' },
];

const started: { server: { proc: ChildProcess }; app: TmuxApp }[] = [];

async function start(script: unknown[], paneStyle?: string): Promise<{ app: TmuxApp; cwd: string }> {
  const server = await startFakeServer(script);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-agents-'));
  writeFileSync(path.join(cwd, 'a.txt'), 'alpha\n');
  const app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    args: ['--yolo'],
    cols: 110,
    rows: 34,
    ...(paneStyle ? { paneStyle } : {}),
  });
  started.push({ server, app });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  return { app, cwd };
}

/** Three running task cards with their live rows, and the status line counting them. */
async function threeLive(app: TmuxApp): Promise<string> {
  app.type('look at three things');
  app.keys('Enter');
  return app.waitFor(
    (s) => ['find the config', 'read the logs', 'count the tests'].every((d) => s.includes(`task explore · ${d}`)) && (s.match(/↳ thinking/g) ?? []).length === 3 && s.includes('3 agents running'),
    'three children running at once',
    30_000,
  );
}

afterAll(() => {
  for (const { app, server } of started) {
    app.kill();
    server.proc.kill('SIGTERM');
  }
});

describe('child agents in tmux', () => {
  let app: TmuxApp;
  let cwd: string;
  let light: TmuxApp;
  beforeAll(async () => {
    // The dark app (the tests below go on with it) and a light one, started side by side.
    [{ app, cwd }, { app: light }] = await Promise.all([start(undoScript), start(liveScript, 'bg=#ffffff,fg=#000000')]);
  }, 60_000);

  it('shows three explore children streaming at once, each a live card, on a dark and on a light background', async () => {
    // Both turns run at once (the children mostly wait for the slow fake server).
    const [live, liveLight] = await Promise.all([threeLive(app), threeLive(light)]);
    for (const screen of [live, liveLight]) expect(screen).toMatch(/task explore · find the config\s+\d+ s · 0 calls · \d+ tokens/);
    const ended = (a: TmuxApp) => a.waitFor((s) => s.includes('All three answered.') && s.includes('● idle'), 'the turn to end', 30_000);
    for (const done of await Promise.all([ended(app), ended(light)])) {
      // Finished children fold to one line each.
      expect(done.match(/✓ task explore · .* done · 0 calls · \d+ tokens/g)).toHaveLength(3);
      expect(done).not.toContain('↳ thinking');
    }
  }, 60_000);

  it('undoes one general child with u on its card; the other child’s file stays', async () => {
    app.type('write two files');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Both written.') && s.includes('● idle'), 'the second turn', 30_000);
    expect(readFileSync(path.join(cwd, 'one.txt'), 'utf8')).toBe('one\n');
    app.keys('C-o');
    await app.waitFor((s) => s.includes('HISTORY'), 'history mode');
    const selected = () => app.lines().find((l) => l.startsWith('▌')) ?? '';
    app.keys('G');
    await app.waitFor(() => selected() !== '', 'a selection');
    for (let i = 0; i < 12 && !selected().includes('write one'); i++) {
      const before = selected();
      app.keys('k');
      await app.waitFor(() => selected() !== '' && selected() !== before, 'the selection to move');
    }
    expect(selected()).toContain('task general · write one');
    app.keys('u');
    const preview = await app.waitFor((s) => s.includes('puts 1 file back'), 'the undo preview');
    expect(preview).toContain('one.txt');
    app.keys('y');
    await app.waitFor((s) => s.includes('(undone)'), 'the undo');
    expect(existsSync(path.join(cwd, 'one.txt'))).toBe(false);
    expect(readFileSync(path.join(cwd, 'two.txt'), 'utf8')).toBe('two\n');
  }, 60_000);

  it('walks into a child with → (its calls as cards nested under the task card) and back out with ←; R inside says why not', async () => {
    if (!app.screen().includes('HISTORY')) {
      app.keys('C-o');
      await app.waitFor((s) => s.includes('HISTORY'), 'history mode');
    }
    const selected = () => app.lines().find((l) => l.startsWith('▌')) ?? '';
    for (let i = 0; i < 12 && !selected().includes('write two'); i++) {
      const before = selected();
      app.keys('j');
      await app.waitFor(() => selected() !== '' && selected() !== before, 'the selection to move');
    }
    expect(selected()).toContain('task general · write two');
    expect(app.screen()).toContain('→ into agent');
    app.keys('Right');
    const nested = () => app.lines().filter((l) => /^ {2}│/.test(l)).join('\n');
    const inside = await app.waitFor((s) => s.includes('HISTORY in general') && /write_file two\.txt/.test(nested()), 'the child’s calls');
    // Under the task card, indented; the parent's transcript stays around them.
    expect(nested()).toContain('wrote two');
    expect(inside.indexOf('task general · write two')).toBeLessThan(inside.indexOf('write_file two.txt'));
    expect(nested()).not.toContain('Both written.');
    // The selection walks the child's items.
    expect(app.lines().find((l) => l.includes('▌'))).toMatch(/^ {2}│ ▌/);
    app.keys('R');
    await app.waitFor((s) => s.includes('R rewinds the parent'), 'the hint');
    app.keys('Left');
    await app.waitFor(() => nested() === '' && selected().includes('task general · write two'), 'back on the task card');
    expect(app.screen()).toContain('Both written.');
  }, 60_000);

});
