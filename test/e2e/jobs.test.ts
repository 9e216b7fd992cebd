// Background jobs in the built program in tmux: Ctrl+B on a running `for` loop returns the call
// to the model with the lines so far (the card says it became job 1, the model's next answer
// comes) while the loop keeps streaming in /jobs' pane; x there kills it, and the transcript says
// so; the status line counts the running jobs. Then a job that left daemons behind by all ten
// backgrounding techniques: SIGTERM to inkling ends it with nothing of the job left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_TECHNIQUES, uniqueMarker } from '../helpers/background-techniques.js';
import { QUICK_FIRST_LINES_MS } from '../helpers/quick-jobs.js';
import { killSleepers, sleepersWith, within } from '../helpers/survivors.js';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-jobs-')));
const apps: TmuxApp[] = [];
const own = BACKGROUND_TECHNIQUES.map(() => uniqueMarker());
afterAll(() => {
  for (const app of apps) app.kill();
  for (const m of own) killSleepers(m);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The highest tick-N on the screen. */
function lastTick(screen: string): number {
  return Math.max(0, ...[...screen.matchAll(/tick-(\d+)/g)].map((m) => Number(m[1])));
}

describe('background jobs in the TUI', () => {
  it('Ctrl+B moves a running for loop to the background; its pane keeps streaming in /jobs; x kills it', async () => {
    const script = path.join(dir, 'script.json');
    fs.writeFileSync(
      script,
      JSON.stringify([
        { content: [{ type: 'tool_use', id: 'toolu_loop', name: 'bash', input: { command: 'for i in $(seq 1 100000); do echo tick-$i; sleep 0.05; done', timeout_ms: 120_000 } }] },
        { content: [{ type: 'text', text: 'the loop goes on as a job' }] },
        { content: [{ type: 'tool_use', id: 'toolu_daemons', name: 'bash', input: { command: `${BACKGROUND_TECHNIQUES.map((t, i) => t.command(own[i]!)).join('\n')}\necho started; sleep 120`, background: true } }] },
        { content: [{ type: 'text', text: 'daemons started' }] },
      ]),
    );
    // A home of its own whose settings make background: true return after a short wait for first lines.
    const home = path.join(dir, 'home');
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ jobs: { firstLinesMs: QUICK_FIRST_LINES_MS } }));
    const app = startTmuxApp({ cwd: dir, env: { INKLING_HOME: home }, args: ['--yolo', '--script', script] });
    apps.push(app);
    await app.waitFor((s) => s.includes('Ask anything'), 'the prompt');
    app.type('go');
    app.keys('Enter');
    await app.waitFor((s) => lastTick(s) >= 2, 'the loop running in its card');
    // tmux's send-keys bypasses the prefix: one C-b reaches inkling (a person in tmux presses it twice).
    app.keys('C-b');
    const moved = await app.waitFor((s) => s.includes('the loop goes on as a job'), "the model's next answer");
    expect(moved).toMatch(/→ background job 1 after/);
    expect(moved).toContain('jobs 1');
    app.type('/jobs');
    app.keys('Enter');
    const list = await app.waitFor((s) => s.includes('Background jobs'), 'the /jobs list');
    expect(list).toMatch(/1 {2}for i in \$\(seq 1 100000\).* running · \d+ s/);
    app.keys('Enter');
    const first = await app.waitFor((s) => s.includes('job 1 for i') && lastTick(s) > 0, "the job's pane");
    // Still streaming: later ticks arrive in the pane.
    await app.waitFor((s) => lastTick(s) > lastTick(first) + 3, 'later lines in the pane');
    app.keys('x');
    await app.waitFor((s) => s.includes('killed (the person)'), 'the kill');
    app.keys('q');
    app.keys('Escape');
    const after = await app.waitFor((s) => /job 1 `for i in .*` killed \(the person\) after \d+ s/.test(s), 'the notice in the transcript');
    expect(after).not.toContain('jobs 1');
    // Exit: every process of a running job ends with inkling.
    app.type('daemons');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('daemons started') && s.includes('jobs 1'), 'the second job');
    expect(await within(20_000, () => own.every((m) => sleepersWith(m).length > 0))).toBe(true);
    process.kill(app.appPid(), 'SIGTERM');
    await app.waitFor((s) => s.includes('EXITED 143'), 'the exit');
    expect(own.filter((m) => sleepersWith(m).length > 0)).toEqual([]);
  }, 90_000);
});
