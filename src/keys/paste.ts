// Bracketed paste: the terminal wraps pasted text in ESC[200~ … ESC[201~ (once we enable
// mode 2004). Ink 6.8 does not parse it and splits the paste into key events, so this
// collector rebuilds the pasted text from those events.
import type { Key } from 'ink';

export const ENABLE_BRACKETED_PASTE = '\x1b[?2004h';
export const DISABLE_BRACKETED_PASTE = '\x1b[?2004l';

const START = '[200~';
const END = '[201~';

export interface PasteCollector {
  /** Feeds one key event; returns true when the event belonged to a paste. */
  feed(input: string, key: Key): boolean;
  readonly active: boolean;
}

export function createPasteCollector(onPaste: (text: string) => void): PasteCollector {
  let buffer: string[] | null = null;
  return {
    feed(input, key) {
      if (buffer === null) {
        if (input !== START) return false;
        buffer = [];
        return true;
      }
      if (input === END) {
        const text = buffer.join('').replace(/\r\n?/g, '\n');
        buffer = null;
        onPaste(text);
        return true;
      }
      // Some chunks may hold the end marker with text before it (one read, no escape split).
      const endAt = input.indexOf('\x1b' + END);
      if (endAt !== -1) {
        buffer.push(input.slice(0, endAt));
        const text = buffer.join('').replace(/\r\n?/g, '\n');
        buffer = null;
        onPaste(text);
        return true;
      }
      if (key.return) buffer.push('\n');
      else if (key.tab) buffer.push('\t');
      else if (key.escape) buffer.push('');
      else buffer.push(input);
      return true;
    },
    get active() {
      return buffer !== null;
    },
  };
}

/** A paste of this many lines or more shows as a chip instead of its text. */
export const CHIP_MIN_LINES = 5;
export const CHIP_MIN_CHARS = 800;

export function chipLabel(text: string, seq: number): string {
  const lines = text.split('\n').length;
  const base = lines > 1 ? `pasted ${lines} lines` : `pasted ${text.length} chars`;
  return seq > 1 ? `[${base} #${seq}]` : `[${base}]`;
}

export function wantsChip(text: string): boolean {
  return text.split('\n').length >= CHIP_MIN_LINES || text.length >= CHIP_MIN_CHARS;
}

/** Replaces each chip label still present in the prompt with the text it stands for. */
export function expandChips(prompt: string, chips: readonly { label: string; text: string }[]): string {
  let out = prompt;
  for (const c of chips) {
    const at = out.indexOf(c.label);
    if (at !== -1) out = out.slice(0, at) + c.text + out.slice(at + c.label.length);
  }
  return out;
}
