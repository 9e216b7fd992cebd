/**
 * Clean, copyable text from what a tool call produced.
 *
 * How the TUI uses it: history mode's `y` copies `copyableOutput(result)` (for bash, the pager's
 * `y` copies the on-disk log through log-reader, which cleans each line with `cleanLine`); `Y`
 * copies the call's input as its tool renderer gives it (components/tools/). The pager and
 * log-reader use `sanitizeTerminalText` to turn raw pty bytes into lines that Ink can draw (no
 * cursor movement, optionally no colour).
 *
 * "Clean" means: no escape sequences, no `\r` progress-bar history (only what the terminal
 * finally showed), no trailing padding, no soft-wrap newlines, no trailing blank lines.
 */
import type { TerminalSnapshot, ToolDetails } from '../core/tools/details.js';
import type { ToolResult } from '../core/tools/tool.js';
import { toSafeStyledText, toSafeText, type SafeText } from '../core/text/safe-text.js';

const ESC = 0x1b;
const BEL = 0x07;
const ST8 = 0x9c;
// 8-bit introducers of strings ended by BEL or ST: DCS, SOS, OSC, PM, APC.
const C1_STRINGS = new Set([0x90, 0x98, 0x9d, 0x9e, 0x9f]);

/**
 * Removes terminal control sequences from `text`. With `keepSgr`, colour/style sequences
 * (`ESC[...m`) stay, everything else goes: cursor movement, OSC titles and hyperlinks, DCS,
 * charset switches, and C0 controls other than `\n`, `\r`, `\t`, `\b`.
 */
export function sanitizeTerminalText(text: string, keepSgr = false): string {
  if (!/[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]/.test(text)) return text;
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === ESC || c === 0x9b || C1_STRINGS.has(c)) {
      const start = i;
      let kind: number;
      if (c !== ESC) {
        kind = c - 0x40; // an 8-bit control behaves like ESC and its 7-bit byte (0x9b is ESC[)
        i += 1;
      } else {
        kind = i + 1 < n ? text.charCodeAt(i + 1) : -1;
        i += 2;
      }
      if (kind === 0x5b) {
        // CSI: parameters and intermediates, then one final byte in 0x40–0x7e.
        while (i < n) {
          const b = text.charCodeAt(i);
          i++;
          if (b >= 0x40 && b <= 0x7e) break;
        }
        const seq = text.slice(start, i);
        // A kept colour is always written in its 7-bit form: some terminals act on 8-bit C1.
        if (keepSgr && seq.endsWith('m') && /^(?:\x1b\[|\x9b)[\d;:]*m$/.test(seq)) out += `\x1b[${seq.slice(c === ESC ? 2 : 1)}`;
      } else if (kind === 0x5d || kind === 0x50 || kind === 0x5f || kind === 0x5e || kind === 0x58) {
        // OSC, DCS, APC, PM, SOS: a string ended by BEL or ST (ESC \).
        while (i < n) {
          const b = text.charCodeAt(i);
          if (b === BEL || b === ST8) { i++; break; }
          if (b === ESC && text.charCodeAt(i + 1) === 0x5c) { i += 2; break; }
          i++;
        }
      } else if (kind === 0x28 || kind === 0x29 || kind === 0x2a || kind === 0x2b || kind === 0x23 || kind === 0x25) {
        i += 1; // charset designation / DEC line attributes take one more byte
      }
      // Any other ESC x (keypad modes, save/restore cursor, index...) is two bytes: already skipped.
      continue;
    }
    if ((c < 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x08) || (c >= 0x7f && c <= 0x9f)) {
      i++;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

/**
 * What a terminal finally shows for one line of plain text: `\r` returns to column 0 and later
 * characters overwrite earlier ones (progress bars), `\b` steps back one column.
 */
export function applyOverwrites(line: string): string {
  if (!line.includes('\r') && !line.includes('\b')) return line;
  const cells: string[] = [];
  let col = 0;
  for (const ch of line) {
    if (ch === '\r') col = 0;
    else if (ch === '\b') col = Math.max(0, col - 1);
    else {
      cells[col] = ch;
      col++;
    }
  }
  let out = '';
  for (let k = 0; k < cells.length; k++) out += cells[k] ?? ' ';
  return out;
}

/**
 * Like `applyOverwrites`, for lines that keep their colour codes: keeps only the text after the
 * last `\r` that has something after it (progress bars redraw the whole line each time).
 */
function lastRedraw(line: string): string {
  const parts = line.split('\r');
  for (let k = parts.length - 1; k >= 0; k--) if (parts[k] !== '') return parts[k]!;
  return '';
}

/**
 * One line (no `\n`) of raw terminal output as it would finally read on screen: the command's
 * screen control gone, and whatever is left (bidi overrides, a stray control) made visible.
 */
export function cleanLine(raw: string, keepSgr = false): SafeText {
  const text = sanitizeTerminalText(raw.endsWith('\r') ? raw.slice(0, -1) : raw, keepSgr);
  const shown = keepSgr ? lastRedraw(text).replace(/\x08/g, '') : applyOverwrites(text);
  const trimmed = shown.replace(/[ \t]+$/, '');
  return keepSgr ? toSafeStyledText(trimmed) : toSafeText(trimmed);
}

/** Raw multi-line terminal output as clean copyable text. */
export function cleanText(raw: string): string {
  const lines = raw.split('\n').map((l) => cleanLine(l));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/**
 * Joins rows that a terminal wrapped only because they hit the right edge. `wrapped[i]` says row
 * i continues row i-1 (xterm's `IBufferLine.isWrapped`); without it, a row that fills all `cols`
 * columns is taken to continue on the next row, which is right for output that never prints a
 * line exactly `cols` wide and is the best a plain screen dump allows.
 */
export function joinSoftWraps(rows: string[], cols: number, wrapped?: boolean[]): string[] {
  const out: string[] = [];
  let continues = false;
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    const isContinuation = wrapped ? wrapped[k] === true : continues;
    if (isContinuation && out.length > 0) out[out.length - 1] += row;
    else out.push(row);
    continues = !wrapped && [...sanitizeTerminalText(row)].length >= cols;
  }
  return out;
}

/** A bash pane snapshot as clean text: colour dropped, soft wraps joined, padding trimmed. */
export function snapshotText(snapshot: TerminalSnapshot): string {
  const plain = snapshot.lines.map((l) => sanitizeTerminalText(l));
  return cleanText(joinSoftWraps(plain, snapshot.cols).join('\n'));
}

/**
 * The text `y` copies for a tool call, from what the UI already holds. For bash prefer the full
 * log (`details.logPath`, read with log-reader's `readCleanText`); the snapshot is the fallback
 * when the log is gone.
 */
export function copyableOutput(result: Pick<ToolResult, 'content' | 'details'>): string {
  const d: ToolDetails | undefined = result.details;
  if (d?.kind === 'bash') return snapshotText(d.snapshot);
  if (d?.kind === 'edit') return cleanText(d.diff);
  return cleanText(result.content);
}
