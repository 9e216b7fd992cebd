// What a tool kind's renderer provides: everything the UI draws or copies for one of its calls.
// Each takes the call as the store holds it, every string already SafeText (safe-events.ts),
// so a renderer cannot put outside text on the screen unmade-safe.
import type { SafeText } from '../../src/core/text/safe-text.js';
import type { ToolItem } from '../../src/store/transcript.js';

/** How the transcript wants the card: its pane has the keyboard (Ctrl+T). */
export interface ToolLook {
  focused?: boolean;
}

export interface ToolRenderer {
  /** The `details.kind` it draws ('generic' for calls without details: MCP tools and others). */
  readonly kind: string;
  /** Core tool names it draws before their first details arrive (a queued or starting call). */
  readonly tools: readonly string[];
  /** What the call was asked, for the header: a path, a pattern, a command. One line. */
  summary(item: ToolItem): SafeText;
  /** What the call did, right-aligned in the header once done ("212 lines"). */
  result(item: ToolItem): string;
  /** Said after the elapsed time while the call runs (" · 40 lines", an MCP call's progress). */
  runningNote?(item: ToolItem): string;
  /** The card in the transcript: its header and collapsed body. */
  cardLines(item: ToolItem, width: number, frame: number, now: number, look: ToolLook): string[];
  /** History mode's expanded card: the call's whole input … */
  expandedInput(item: ToolItem, width: number): string[];
  /** … and its output (bounded by the caller). */
  expandedOutput(item: ToolItem, width: number): string[];
  /**
   * When the output is the newest rows of something longer (a command's screen): how many rows
   * there were in all. The expanded card then cuts from the top, keeping the newest.
   */
  outputTotal?(item: ToolItem): number;
  /** The text `Y` copies: the command, the path, the pattern. */
  copyableInput(item: ToolItem): string;
}
