// The bash tool's warm-up, once per process: the first command's modules (node-pty with its native
// addon, the emulator), and, only in an idle moment before any command, a run of a command's terminal
// in memory so the first command runs compiled code (terminal-warmup.ts). When a call is already
// streaming in, or a command has run, that run would only repeat what the command does (or did) on
// its own: it is skipped, and so is a second one.
import type { WarmUpReason } from '../tools/tool.js';

let commandStarted = false;
let terminalRun: Promise<void> | undefined;
/** For tests: how many times the terminal's in-memory run began in this process. */
export const commandWarmUpStats = { terminalRuns: 0 };

/** A command is starting: what the terminal's warm-up would compile, the command compiles itself. */
export function noteCommandStarted(): void {
  commandStarted = true;
}

/** Never rejects: the first command loads the modules again and reports what went wrong. */
export async function warmUpCommands(reason: WarmUpReason = 'idle'): Promise<void> {
  try {
    await import('./pty-command.js');
    if (reason === 'call' || commandStarted) return;
    terminalRun ??= import('./terminal-warmup.js').then(async ({ warmCommandTerminal }) => {
      commandWarmUpStats.terminalRuns++;
      await warmCommandTerminal();
    });
    await terminalRun;
  } catch {
    // As above.
  }
}
