// The clipboard copy report the store keeps for the status line; src/app/clipboard.ts makes it
// (the store cannot import src/app, so the type lives here).

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
