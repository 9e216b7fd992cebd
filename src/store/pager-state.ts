// The open pager (mode 'pager') as the store holds it: what it shows, the mode q returns to, and
// the open model. The model is src/pager's PagerModel, a floor above the store: src/keys/pager-open.ts
// opens it and the store keeps it as an opaque handle, asking of it only what its actions
// (pager-actions.ts) need: closing its source when the pager closes.
import type { Mode } from './mode.js';
import type { SafeText } from '../core/text/safe-text.js';

/** What the pager shows: a stop's whole output (history mode's `o`) or a text (/diff). */
export type PagerSubject =
  | { kind: 'item'; id: string }
  /** `diff`: painted as a readable diff (src/store/diff-text.ts). */
  | { kind: 'text'; title: string; text: SafeText; diff?: boolean };

/** The open model, as far as the store knows it. */
export interface PagerHandle {
  /** Stops its re-reads and closes its source (the pager closes). */
  close(): void;
}

export interface PagerSlot {
  subject: PagerSubject;
  returnTo: Mode;
  /** null while its source opens ("opening…"). */
  handle: PagerHandle | null;
}

/** What a slash command may ask of the floors above the store (src/keys fills it in when it runs one). */
export interface CommandUi {
  openPager(subject: PagerSubject): void;
}
