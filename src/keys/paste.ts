// Bracketed paste: the terminal wraps pasted text in ESC[200~ … ESC[201~ (once we enable
// mode 2004); key-decoder.ts puts it back together. Long pastes show as chips in the prompt.

export const ENABLE_BRACKETED_PASTE = '\x1b[?2004h';
export const DISABLE_BRACKETED_PASTE = '\x1b[?2004l';


/** A paste of this many lines or more shows as a chip instead of its text. */
export const CHIP_MIN_LINES = 5;
export const CHIP_MIN_CHARS = 800;

/** Lines as a person counts them: a paste of 500 copied lines ends with a newline, not a 501st line. */
function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

export function chipLabel(text: string, seq: number): string {
  const lines = lineCount(text);
  const base = lines > 1 ? `pasted ${lines} lines` : `pasted ${text.length} chars`;
  return seq > 1 ? `[${base} #${seq}]` : `[${base}]`;
}

export function wantsChip(text: string): boolean {
  return lineCount(text) >= CHIP_MIN_LINES || text.length >= CHIP_MIN_CHARS;
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
