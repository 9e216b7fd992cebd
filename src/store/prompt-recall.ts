// What ↑ brings back for a prompt that held pastes: the prompt as it was typed, with its
// `[pasted N lines]` chips and the text behind each, not every pasted line spelled out.
// History itself keeps the sent text (it is what other sessions recall); this is the session's
// own note of which sent prompts had chips.

export interface ChipText { label: string; text: string }
export interface RecalledPrompt { text: string; pastes: ChipText[] }

/** The notes with `sent` (the expanded prompt) remembered as `typed` with its chips, when it had any. */
export function rememberChips(
  notes: Readonly<Record<string, RecalledPrompt>>,
  sent: string,
  typed: string,
  pastes: readonly ChipText[],
): Readonly<Record<string, RecalledPrompt>> {
  const kept = pastes.filter((p) => typed.includes(p.label));
  if (kept.length === 0) return notes;
  return { ...notes, [sent]: { text: typed, pastes: kept } };
}

/** A history entry as the input shows it again. */
export function recallPrompt(notes: Readonly<Record<string, RecalledPrompt>>, entry: string): RecalledPrompt {
  return notes[entry] ?? { text: entry, pastes: [] };
}
