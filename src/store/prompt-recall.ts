// What ↑ brings back for a prompt that held pastes: the prompt as it was typed, with its
// `[pasted N lines]` and `[image #1 800×600]` chips and what is behind each, not every pasted line spelled out.
// History itself keeps the sent text (it is what other sessions recall); this is the session's
// own note of which sent prompts had chips.

import { existsSync } from 'node:fs';
import type { ImageMeta } from '../core/conversation.js';

/** A chip in the prompt: its label, the text sent in its place and, for an image chip, the image. */
export interface ChipText { label: string; text: string; image?: ImageMeta }
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

/** A history entry as the input shows it again; an image chip whose file is gone is left out. */
export function recallPrompt(notes: Readonly<Record<string, RecalledPrompt>>, entry: string): RecalledPrompt {
  const note = notes[entry];
  if (!note) return { text: entry, pastes: [] };
  const gone = note.pastes.filter((p) => p.image?.path && !existsSync(p.image.path));
  if (gone.length === 0) return note;
  return { text: gone.reduce((text, p) => text.replace(p.label, ''), note.text), pastes: note.pastes.filter((p) => !gone.includes(p)) };
}
