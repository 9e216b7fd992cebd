// The undo / rewind dialog's part of the app state (its own file, so app-store.ts can hold it
// without importing revert-dialog.ts, which changes it).
import type { RevertPreview } from './ledger-port.js';
import type { Mode } from './mode.js';

export interface RevertDialog {
  kind: 'undo' | 'rewind';
  /** The tool call or the prompt (a transcript item id). */
  itemId: string;
  /** Its ledger entry. */
  entry: string;
  /** The prompt's number in the conversation (rewind). */
  ordinal?: number;
  phase: 'planning' | 'ready' | 'working';
  preview?: RevertPreview;
  /** First row of the preview shown. */
  scroll: number;
  returnTo: Mode;
}
