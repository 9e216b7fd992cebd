// The built app in tmux: what the first command needs (grammar, node-pty, emulator, git probe)
// loads after the first frame and before anything is typed (the app's INKLING_TRACE_EVENTS marks),
// and a command typed at once, while that may still be loading (held while the turn runs; the
// call starts its own loads as it streams in), runs as usual.
import { afterEach, describe, expect, it } from 'vitest';
import { startTracedApp, type TmuxApp, type TracedApp } from './tmux-app.js';

const script = [{ toolUses: [{ name: 'bash', input: { command: 'echo warm-$((40 + 2))' } }] }, { text: 'the command said warm-42' }];

let traced: TracedApp | undefined;
afterEach(() => {
  traced?.app.kill();
  traced?.server.proc.kill('SIGTERM');
});

async function start(): Promise<TracedApp> {
  traced = await startTracedApp(script, { name: 'warm', args: ['--yolo'] });
  return traced;
}

const at = (lines: string[], what: string) => lines.findIndex((l) => l.includes(what));

async function runsTheCommand(tui: TmuxApp): Promise<void> {
  tui.type('run it');
  tui.keys('Enter');
  await tui.waitFor((s) => s.includes('the command said warm-42') && s.includes('● idle'), 'the turn to end', 20_000);
  expect(tui.screen()).toMatch(/│ warm-42/);
}

describe('the first command\'s loads', () => {
  it('happen after the first frame, before anything is typed', async () => {
    const { app: tui, trace } = await start();
    await tui.waitFor(() => at(trace(), 'startup first call warmed') >= 0, 'the warm-up mark', 15_000);
    const lines = trace();
    expect(at(lines, 'startup first frame rendered')).toBeGreaterThanOrEqual(0);
    expect(at(lines, 'startup first frame rendered')).toBeLessThan(at(lines, 'startup first call warmed'));
    expect(at(lines, 'turn_start')).toBe(-1);
    await runsTheCommand(tui);
  }, 60_000);

  it('do not get in the way of a command typed at once', async () => {
    const { app: tui, trace } = await start();
    await runsTheCommand(tui);
    // The warm-up waits while the turn runs: it ends after the turn, once.
    await tui.waitFor(() => at(trace(), 'startup first call warmed') >= 0, 'the warm-up mark after the turn', 15_000);
    expect(trace().filter((l) => l.includes('startup first call warmed'))).toHaveLength(1);
  }, 60_000);
});
