// Giving the terminal to another program and taking it back: Ctrl+G hands it to the person's
// editor ($VISUAL, else $EDITOR, else vi) with the prompt in a scratch file, Ctrl+Z to the shell
// that started us (SIGTSTP; `fg` sends SIGCONT). While it is away the keyboard is cooked and the
// normal screen shown; back, the full-screen modes go on again and the frame is drawn whole.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchPath } from '../core/cleanup/scratch-root.js';

/** What run-tui does to leave the terminal and to take it again (modes, raw keys, a whole frame). */
export interface TerminalHold {
  leave(): void;
  enter(): void;
}

export type EditOutcome = { text: string } | { error: string };

/** The editor command line as the person set it ("code -w", "vim"). */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/**
 * Runs the editor on `text` and gives back what was saved (one trailing newline taken off, as
 * editors add it). The editor runs synchronously: nothing of ours draws over it meanwhile.
 */
export function editInEditor(hold: TerminalHold, text: string, env: NodeJS.ProcessEnv = process.env): EditOutcome {
  // Scratch only, swept by its pid when we are gone (ARCHITECTURE: $TMPDIR/inkling-<uid>/inkling-<pid>-*).
  const dir = mkdtempSync(scratchPath(''));
  const file = path.join(dir, 'prompt.md');
  const editor = editorCommand(env);
  try {
    writeFileSync(file, text, { mode: 0o600 });
    hold.leave();
    let status: number | null;
    let failure: Error | undefined;
    try {
      // Through the shell: the setting may carry arguments ("code -w"); the file goes as "$1".
      const run = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env });
      status = run.status;
      failure = run.error;
    } finally {
      hold.enter();
    }
    if (failure) return { error: `could not start the editor (${editor}): ${failure.message}` };
    if (status !== 0) return { error: `the editor (${editor}) exited with ${status ?? 'a signal'}: the prompt is as it was` };
    return { text: readFileSync(file, 'utf8').replace(/\r?\n$/, '') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Stops the process as the shell's Ctrl+Z would; `fg` continues it and the terminal is taken back. */
export function suspendToShell(hold: TerminalHold, proc: Pick<NodeJS.Process, 'once' | 'kill' | 'pid'> = process): void {
  hold.leave();
  proc.once('SIGCONT', () => hold.enter());
  // SIGTSTP with no handler stops us, as the terminal's own Ctrl+Z would have in cooked mode.
  proc.kill(proc.pid, 'SIGTSTP');
}
