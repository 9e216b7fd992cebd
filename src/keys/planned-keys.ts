// Keys this wave's features will take, fixed now so each feature only fills its key in: declared
// here (not in KEYMAP) until the feature exists, so help, README and the handlers do not show or
// answer a key that does nothing yet. The feature moves its row into KEYMAP (and writes its
// handler) when it lands. keymap-check.ts keeps them free of clashes with KEYMAP's keys.
import type { Binding, KeyContext } from './keymap.js';

/** Contexts a feature will add (none now: the job view landed with background jobs). */
export type PlannedContext = never;

export interface PlannedBinding extends Binding {
  /** The feature that fills it in. */
  readonly feature: string;
}

export const PLANNED_KEYS: Partial<Record<KeyContext | PlannedContext, readonly PlannedBinding[]>> = {
  transcript: [
  ],
  input: [
  ],
};
