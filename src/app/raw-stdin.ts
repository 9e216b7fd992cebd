// The terminal's keyboard in raw mode for as long as the TUI runs: every byte reaches the key
// pipeline (src/app/key-owner.tsx listens for 'data' on this stream), nothing is echoed, and
// Ctrl+C is a key, not a signal. Restored on every way out, like the alternate screen.
export interface RawInput {
  /** Cooked mode again and stdin paused; safe to call any number of times. */
  leave(): void;
}

export function enterRawInput(stdin: NodeJS.ReadStream): RawInput {
  if (!stdin.isTTY) return { leave() {} };
  stdin.setEncoding('utf8');
  stdin.setRawMode(true);
  let active = true;
  return {
    leave() {
      if (!active) return;
      active = false;
      try {
        stdin.setRawMode(false);
      } catch {
        // The terminal is gone (SIGHUP): nothing to restore.
      }
      stdin.pause();
    },
  };
}
