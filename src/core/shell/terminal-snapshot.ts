// A command's terminal screen as the emulator rendered it, for the UI's pane.

/** A rendered terminal screen: each line carries SGR colour codes; no cursor movement codes. */
export interface TerminalSnapshot {
  cols: number;
  rows: number;
  /** Recent scrollback plus the visible screen, oldest first, trailing blank lines trimmed. */
  lines: string[];
  /**
   * Indexes into `lines` of rows that continue the row before them (the terminal wrapped a
   * line longer than `cols`), so a wider or narrower view can join and re-wrap them.
   */
  wrapped?: number[];
  /** Total lines the command has produced so far (may be more than lines.length). */
  totalLines: number;
  /** The command turned on application cursor keys (arrows are sent as ESC O A). */
  applicationCursorKeys?: boolean;
  /** The command turned on bracketed paste (pasted text is wrapped in ESC[200~ … ESC[201~). */
  bracketedPaste?: boolean;
}
