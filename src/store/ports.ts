// What the store needs from the world outside it, passed in by whoever mounts the app
// (src/app/run-tui.ts, the tests): the agent session, the terminal, the clipboard.

/** How a copy to the clipboard went (src/app/clipboard.ts makes these). */
export interface CopyReport {
  ok: boolean;
  bytes: number;
  lines: number;
  osc52: boolean;
  /** The local clipboard program that took the text, if one did. */
  program: string | null;
  /** Why a route failed or was skipped, for the status line. */
  problems: string[];
  /** One line for the status bar. */
  summary: string;
}
