// Shared tmux helpers for the TUI benchmarks: start the built app in a detached session,
// poll capture-pane, send keys.
import { execFileSync } from 'node:child_process';

export function tmux(...args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8' });
}

export function capture(session: string): string {
  return tmux('capture-pane', '-p', '-t', session);
}

export function startApp(session: string, opts: { cols?: number; rows?: number; cwd: string; env?: string; cmd?: string }): void {
  try {
    tmux('kill-session', '-t', session);
  } catch {
    // not running
  }
  const cmd = opts.cmd ?? `node ${process.cwd()}/bin/inkling.js`;
  tmux('new-session', '-d', '-s', session, '-x', String(opts.cols ?? 120), '-y', String(opts.rows ?? 36),
    `cd ${opts.cwd} && env -u CI -u ANTHROPIC_API_KEY ${opts.env ?? ''} ${cmd}; sleep 600`);
}

export async function waitFor(session: string, test: (screen: string) => boolean, timeoutMs = 20_000, pollMs = 5): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const screen = capture(session);
    if (test(screen)) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`timed out waiting; screen:\n${screen}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export function panePid(session: string): number {
  return Number(tmux('display', '-p', '-t', session, '#{pane_pid}').trim());
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
