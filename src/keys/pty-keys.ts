/**
 * Keys for a command running in a pty.
 *
 * How the TUI uses it: while a bash pane has focus (Ctrl+T), every stdin chunk goes through
 * `routeFocusedInput(chunk, modes)`; `toPty` is written to the command's pty (ToolInputChannel.write),
 * and `returnFocus` means the person pressed Ctrl+T again: give focus back to the input and feed
 * `rest` (what followed Ctrl+T in the same chunk) to the UI. `modes` come from the pane's headless
 * xterm (`term.modes.applicationCursorKeysMode`, `term.modes.bracketedPasteMode`).
 * Raw bytes: while a pane has focus, the key pipeline (key-pipeline.ts) hands it the stdin chunks
 * exactly as read, with Backspace, Delete and function keys intact.
 *
 * Bytes pass through as the terminal sent them, except where our own terminal modes differ from
 * what the command asked of its (virtual) terminal: if the TUI turned on the kitty keyboard
 * protocol or modifyOtherKeys (for Shift+Enter), keys arrive as `CSI … u` / `CSI 27;…~` and are
 * turned back into the legacy bytes a shell or `read -p` understands; arrows follow the
 * command's cursor-key mode; paste brackets are kept only if the command enabled them.
 *
 * `encodeKey('ctrl+c')`, `encodeKey('up')`, `encodeKey('F5')` give the bytes xterm-256color sends,
 * for tests and for sending named keys.
 */

const ESC = '\x1b';
/** Ctrl+T: toggles focus between the input and a running command's pane. */
export const FOCUS_TOGGLE = '\x14';

export interface ChildKeyModes {
  /** DECCKM set by the command (`less`, `vim`): arrows as `ESC O A` instead of `ESC [ A`. */
  applicationCursorKeys?: boolean;
  /** The command turned on bracketed paste (`ESC[?2004h`), e.g. bash's readline. */
  bracketedPaste?: boolean;
}

export interface Modifiers {
  shift?: boolean;
  alt?: boolean;
  ctrl?: boolean;
}

/** CSI final byte of cursor-style keys. */
const CURSOR_KEYS: Record<string, string> = { up: 'A', down: 'B', right: 'C', left: 'D', home: 'H', end: 'F' };
/** CSI number of `ESC [ n ~` keys. */
const TILDE_KEYS: Record<string, number> = {
  insert: 2, delete: 3, pageUp: 5, pageDown: 6,
  F5: 15, F6: 17, F7: 18, F8: 19, F9: 20, F10: 21, F11: 23, F12: 24,
};
/** SS3 final byte of F1–F4. */
const SS3_F_KEYS: Record<string, string> = { F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };

export type KeyName =
  | 'up' | 'down' | 'left' | 'right' | 'home' | 'end' | 'pageUp' | 'pageDown' | 'insert' | 'delete'
  | 'backspace' | 'tab' | 'escape' | 'enter' | 'space'
  | 'F1' | 'F2' | 'F3' | 'F4' | 'F5' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10' | 'F11' | 'F12';

function modifierParam(m: Modifiers): number {
  return 1 + (m.shift ? 1 : 0) + (m.alt ? 2 : 0) + (m.ctrl ? 4 : 0);
}

/** The C0 byte Ctrl plus `ch` produces, or null when Ctrl does not change it. */
function ctrlByte(ch: string): string | null {
  if (ch === ' ' || ch === '@' || ch === '2') return '\x00';
  if (ch === '?' || ch === '8') return '\x7f';
  const lower = ch.toLowerCase();
  if (lower >= 'a' && lower <= 'z') return String.fromCharCode(lower.charCodeAt(0) & 0x1f);
  const c = ch.charCodeAt(0);
  if (ch.length === 1 && c >= 0x5b && c <= 0x5f) return String.fromCharCode(c & 0x1f); // [ \ ] ^ _
  if (ch >= '3' && ch <= '7') return String.fromCharCode(0x1b + ch.charCodeAt(0) - 0x33); // xterm: 3→ESC … 7→^_
  return null;
}

/** Legacy bytes for a character or Enter/Tab/Esc/Backspace/Space with modifiers. */
function legacyChar(ch: string, m: Modifiers): string {
  let s: string;
  if (ch === '\r') s = '\r';
  else if (ch === '\t') s = m.shift ? `${ESC}[Z` : '\t';
  else if (ch === ESC) s = ESC;
  else if (ch === '\x7f') s = m.ctrl ? '\x08' : '\x7f';
  else {
    const shifted = m.shift && !m.ctrl ? ch.toUpperCase() : ch;
    s = m.ctrl ? (ctrlByte(ch) ?? shifted) : shifted;
  }
  return m.alt ? ESC + s : s;
}

const NAMED_CHARS: Record<string, string> = { enter: '\r', tab: '\t', escape: ESC, backspace: '\x7f', space: ' ' };

/** Bytes for a named key with modifiers, as xterm-256color sends them. */
export function encodeNamedKey(name: KeyName, m: Modifiers = {}, modes: ChildKeyModes = {}): string {
  const p = modifierParam(m);
  const cursor = CURSOR_KEYS[name];
  if (cursor) {
    if (p > 1) return `${ESC}[1;${p}${cursor}`;
    return modes.applicationCursorKeys ? `${ESC}O${cursor}` : `${ESC}[${cursor}`;
  }
  const tilde = TILDE_KEYS[name];
  if (tilde !== undefined) return p > 1 ? `${ESC}[${tilde};${p}~` : `${ESC}[${tilde}~`;
  const ss3 = SS3_F_KEYS[name];
  if (ss3) return p > 1 ? `${ESC}[1;${p}${ss3}` : `${ESC}O${ss3}`;
  return legacyChar(NAMED_CHARS[name]!, m);
}

/**
 * Bytes for a key written like `up`, `ctrl+c`, `shift+tab`, `alt+x`, `ctrl+up`, `F5`, `q`.
 * Throws on a name it does not know: specs are written by programmers, not read from input.
 */
export function encodeKey(spec: string, modes: ChildKeyModes = {}): string {
  const parts = spec.split('+');
  // "ctrl++" style specs are not needed; a trailing empty part means the key itself was "+".
  let key = parts.pop()!;
  if (key === '' && parts.length > 0) { parts.pop(); key = '+'; }
  const m: Modifiers = {};
  for (const mod of parts) {
    const k = mod.toLowerCase();
    if (k === 'ctrl' || k === 'shift' || k === 'alt') m[k] = true;
    else if (k === 'meta') m.alt = true;
    else throw new Error(`unknown modifier "${mod}" in key "${spec}"`);
  }
  const named = (Object.keys(CURSOR_KEYS) as string[])
    .concat(Object.keys(TILDE_KEYS), Object.keys(SS3_F_KEYS), Object.keys(NAMED_CHARS))
    .find((n) => n.toLowerCase() === key.toLowerCase());
  if (named) return encodeNamedKey(named as KeyName, m, modes);
  if ([...key].length !== 1) throw new Error(`unknown key "${spec}"`);
  return legacyChar(key, m);
}

/** Bytes for a sequence of key specs, concatenated. */
export function encodeKeys(specs: string[], modes: ChildKeyModes = {}): string {
  return specs.map((s) => encodeKey(s, modes)).join('');
}

function modifiersFromParam(param: number): Modifiers {
  const bits = Math.max(0, param - 1);
  return { shift: (bits & 1) !== 0, alt: (bits & 2) !== 0, ctrl: (bits & 4) !== 0 };
}

const isCtrlT = (code: number, m: Modifiers) => m.ctrl === true && !m.alt && (code === 0x74 || code === 0x54);

/**
 * One CSI sequence from our terminal, rewritten for the command. Returns 'toggle' for Ctrl+T in
 * kitty or modifyOtherKeys form, '' to drop it (kitty key-release events).
 */
function translateCsi(seq: string, modes: ChildKeyModes): string | 'toggle' {
  const body = seq.slice(2, -1);
  const final = seq[seq.length - 1]!;
  // kitty keyboard protocol / fixterms: CSI code[:alts] ; mods[:event] [; text] u
  let m = final === 'u' ? /^(\d+)(?::[\d:]*)?(?:;(\d*)(?::(\d+))?)?(?:;[\d:]*)?$/.exec(body) : null;
  if (m) {
    if (m[3] === '3') return ''; // key release
    const code = Number(m[1]);
    const mods = modifiersFromParam(Number(m[2] || '1'));
    if (isCtrlT(code, mods)) return 'toggle';
    return legacyChar(code === 8 ? '\x7f' : String.fromCodePoint(code), mods);
  }
  // xterm modifyOtherKeys: CSI 27 ; mods ; code ~
  m = final === '~' ? /^27;(\d+);(\d+)$/.exec(body) : null;
  if (m) {
    const mods = modifiersFromParam(Number(m[1]));
    const code = Number(m[2]);
    if (isCtrlT(code, mods)) return 'toggle';
    return legacyChar(code === 8 ? '\x7f' : String.fromCodePoint(code), mods);
  }
  // Unmodified cursor keys follow the command's cursor-key mode.
  if (body === '' && 'ABCDHF'.includes(final) && modes.applicationCursorKeys) return `${ESC}O${final}`;
  return seq;
}

export interface RoutedInput {
  /** Bytes for the command's pty. */
  toPty: string;
  /** Ctrl+T was pressed: focus goes back to the UI. */
  returnFocus: boolean;
  /** What followed Ctrl+T in the chunk; belongs to the UI. */
  rest: string;
}

const PASTE_START = `${ESC}[200~`;
const PASTE_END = `${ESC}[201~`;

/** Splits a stdin chunk (read while a pane has focus) into pty bytes and a focus toggle. */
export function routeFocusedInput(chunk: string, modes: ChildKeyModes = {}): RoutedInput {
  let out = '';
  let i = 0;
  while (i < chunk.length) {
    const ch = chunk[i]!;
    if (chunk.startsWith(PASTE_START, i)) {
      // Pasted text is data, never a focus toggle, even if it holds a 0x14 byte.
      const end = chunk.indexOf(PASTE_END, i + PASTE_START.length);
      const stop = end === -1 ? chunk.length : end;
      const text = chunk.slice(i + PASTE_START.length, stop);
      out += modes.bracketedPaste ? PASTE_START + text + (end === -1 ? '' : PASTE_END) : text;
      i = end === -1 ? chunk.length : end + PASTE_END.length;
      continue;
    }
    if (ch === FOCUS_TOGGLE) return { toPty: out, returnFocus: true, rest: chunk.slice(i + 1) };
    if (ch === ESC && chunk[i + 1] === '[') {
      let j = i + 2;
      while (j < chunk.length && !(chunk.charCodeAt(j) >= 0x40 && chunk.charCodeAt(j) <= 0x7e)) j++;
      if (j >= chunk.length) {
        out += chunk.slice(i); // incomplete sequence: pass it on untouched
        break;
      }
      const t = translateCsi(chunk.slice(i, j + 1), modes);
      if (t === 'toggle') return { toPty: out, returnFocus: true, rest: chunk.slice(j + 1) };
      out += t;
      i = j + 1;
      continue;
    }
    if (ch === ESC && chunk[i + 1] === 'O' && i + 2 < chunk.length) {
      const final = chunk[i + 2]!;
      out += 'ABCDHF'.includes(final) && !modes.applicationCursorKeys ? `${ESC}[${final}` : chunk.slice(i, i + 3);
      i += 3;
      continue;
    }
    out += ch;
    i++;
  }
  return { toPty: out, returnFocus: false, rest: '' };
}
