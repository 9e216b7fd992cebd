// The end-of-command handshake. node-pty may drop the last bytes of a command
// that exits quickly, so the shell prints an OSC 777 sentinel carrying the exit status once the
// command is done and then waits for an acknowledgement byte before it exits. Everything before the
// sentinel has arrived when the sentinel has: the pty is one ordered stream.

/** The byte the parent writes once it has seen the sentinel (ACK, ^F: not special to the tty). */
export const ACK_BYTE = '\x06';

export const SENTINEL_OSC = 777;

/**
 * The arguments for bash: `-c <script> bash <command>`. The script sets an EXIT trap (not a trailing
 * line) so that `exit N`, `set -e` and syntax errors in the command still report, then evals the
 * command, which arrives as $1. All on one line: bash numbers eval'd lines from the line of the
 * eval, so the command's errors name its own line numbers (with the trap on a line of its own
 * every "line N" was one too high). The sentinel is written to /dev/tty, not stdout: after
 * `exec >file` (a common script idiom) it would land in the file and the command would wait out its
 * timeout. CAN (\030) first: it aborts any escape sequence a binary dump left half-open, so the
 * emulator parses the sentinel. The wait reads /dev/tty so that a command that closed or redirected
 * stdin cannot skip it, and loops until the ACK byte so that keystrokes typed ahead cannot end it
 * early.
 */
export function bashArgs(command: string, nonce: string): string[] {
  // `builtin` and [[ ]]: the command may have defined functions named printf, read or [.
  const sentinel = `builtin printf '\\030\\033]${SENTINEL_OSC};inkling-${nonce};%d\\007' "$__inkling_rc"`;
  const trap =
    `__inkling_rc=$?; { ${sentinel} >/dev/tty; } 2>/dev/null || ${sentinel}; ` +
    `while IFS= builtin read -rs -n1 __inkling_c </dev/tty 2>/dev/null; do [[ "$__inkling_c" == $'\\006' ]] && break; done; ` +
    `builtin exit "$__inkling_rc"`;
  const script = `trap '${trap.replace(/'/g, `'\\''`)}' EXIT; __inkling_cmd=$1; shift; eval "$__inkling_cmd"`;
  return ['-c', script, 'bash', command];
}

/** Bytes the sentinel adds to the stream (CAN, ESC ] 777 ; payload BEL), not counted as output. */
export function sentinelByteLength(nonce: string, exitCode: number): number {
  return `\x18\x1b]${SENTINEL_OSC};inkling-${nonce};${exitCode}\x07`.length;
}

/** How the sentinel's bytes begin, up to its exit status. */
export function sentinelPrefix(nonce: string): string {
  return `\x18\x1b]${SENTINEL_OSC};inkling-${nonce};`;
}

/** The exit status from an OSC 777 payload, or null when the payload is not our sentinel. */
export function parseSentinel(payload: string, nonce: string): number | null {
  const prefix = `inkling-${nonce};`;
  if (!payload.startsWith(prefix)) return null;
  const rc = Number(payload.slice(prefix.length));
  return Number.isInteger(rc) ? rc : null;
}
