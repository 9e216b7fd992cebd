// Terminal input → events: what stdin delivers, split into key sequences and text runs, with
// bracketed pastes put back together and the terminal's own replies taken out (they answer our
// questions and are never keys: cursor-position reports, OSC answers such as the background
// colour, DCS strings, device attributes, the kitty keyboard flags).
//
// A sequence cut at the end of a read waits for the next one; a lone ESC (the Esc key, or a
// sequence that never completes) goes out on the next turn of the event loop, as Ink did. A
// terminal's string reply under way (an OSC/DCS/APC body: a clipboard answer spans many reads)
// waits longer for its rest, so its bytes are never typed into the prompt.

export type DecodedInput =
  /** One key sequence or one run of plain text, as the terminal sent it (key-names.ts names it). */
  | { kind: 'key'; raw: string }
  /** Text between ESC[200~ and ESC[201~, line breaks as \n. */
  | { kind: 'paste'; text: string }
  /** A terminal's answer (OSC, DCS, APC, CPR, DA, kitty flags): `raw` as it came. */
  | { kind: 'reply'; raw: string };

export interface KeyDecoder {
  feed(chunk: string): void;
  /** Lets out what waits for the rest of a sequence (a lone ESC). */
  flush(): void;
  /** Drops what waits (keys go to a pane raw from now on). */
  reset(): void;
}

const ESC = '\x1b';
const PASTE_START = `${ESC}[200~`;
const PASTE_END = `${ESC}[201~`;
/** A paste or reply that never ends is let go after this much. */
const MAX_PENDING = 1 << 20;
/** How long a string reply cut between reads waits for its rest before it is let go as keys. */
const STRING_REST_MS = 1000;

/** `ESC ]`, `ESC P`, `ESC _` or `ESC ^` and some of the body: a reply under way, not Alt+] and a key. */
const replyUnderWay = (pending: string) => pending.length > 2 && /^\x1b[\]P_^]/.test(pending);

const later = (fn: () => void) => {
  const t = setTimeout(fn, STRING_REST_MS);
  t.unref?.();
  return () => clearTimeout(t);
};

type Scan = { event: DecodedInput; end: number } | 'incomplete';

/** Where the string terminator (BEL or ESC \) of an OSC/DCS/APC body at `from` ends, or -1. */
function stringEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\x07') return i + 1;
    if (s[i] === ESC && s[i + 1] === '\\') return i + 2;
    if (s[i] === ESC && i + 1 === s.length) return -1;
  }
  return -1;
}

/** CSI replies: cursor position (ESC[r;cR), device attributes (ESC[?…c), modes (ESC[?…$y), kitty flags (ESC[?…u). */
function isCsiReply(body: string): boolean {
  // Focus reports (ESC[I, ESC[O) once mode 1004 is on: the terminal's, not keys.
  return body === 'I' || body === 'O' || /^\d+;\d+R$/.test(body) || /^[?>][\d;]*[cnu]$/.test(body) || /^\??[\d;]*\$y$/.test(body);
}

/** One event starting at s[i] (an ESC), or 'incomplete' when the chunk ends inside it. */
function scanEscape(s: string, i: number): Scan {
  const next = s[i + 1];
  if (next === undefined) return 'incomplete';
  if (next === ']' || next === 'P' || next === '_' || next === '^') {
    const end = stringEnd(s, i + 2);
    return end === -1 ? 'incomplete' : { event: { kind: 'reply', raw: s.slice(i, end) }, end };
  }
  if (next === '[') {
    let j = i + 2;
    // ESC [ [ A: the Linux console's function keys.
    if (s[j] === '[') j++;
    while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x3f) j++;
    if (j >= s.length) return 'incomplete';
    const code = s.charCodeAt(j);
    if (code < 0x40 || code > 0x7e) return { event: { kind: 'key', raw: s.slice(i, i + 2) }, end: i + 2 };
    const raw = s.slice(i, j + 1);
    return { event: { kind: isCsiReply(raw.slice(2)) ? 'reply' : 'key', raw }, end: j + 1 };
  }
  if (next === 'O') {
    if (i + 2 >= s.length) return 'incomplete';
    return { event: { kind: 'key', raw: s.slice(i, i + 3) }, end: i + 3 };
  }
  if (next === ESC) {
    // ESC ESC [ A (Alt+arrow in some terminals), else Esc pressed twice or Alt+Esc.
    if (s[i + 2] === '[' || s[i + 2] === 'O') {
      const inner = scanEscape(s, i + 1);
      if (inner === 'incomplete') return inner;
      return { event: { kind: 'key', raw: ESC + (inner.event.kind === 'key' ? inner.event.raw : '') }, end: inner.end };
    }
    if (i + 2 >= s.length) return 'incomplete';
    return { event: { kind: 'key', raw: s.slice(i, i + 2) }, end: i + 2 };
  }
  // ESC + one character: Alt with that key.
  const cp = s.codePointAt(i + 1)!;
  const len = cp > 0xffff ? 2 : 1;
  return { event: { kind: 'key', raw: s.slice(i, i + 1 + len) }, end: i + 1 + len };
}

export function createKeyDecoder(
  emit: (input: DecodedInput) => void,
  schedule: (fn: () => void) => () => void = (fn) => {
    const t = setImmediate(fn);
    return () => clearImmediate(t);
  },
): KeyDecoder {
  let pending = '';
  let paste: string[] | null = null;
  let cancelFlush: (() => void) | null = null;

  const endPaste = (text: string) => {
    paste = null;
    emit({ kind: 'paste', text: text.replace(/\r\n?/g, '\n').replace(/\x1b/g, '') });
  };

  const run = (s: string, final: boolean) => {
    let i = 0;
    while (i < s.length) {
      if (paste) {
        const end = s.indexOf(PASTE_END, i);
        if (end === -1) {
          // Keep what could be the start of the end marker for the next read.
          const keep = final ? 0 : Math.min(PASTE_END.length - 1, s.length - i);
          paste.push(s.slice(i, s.length - keep));
          pending = s.slice(s.length - keep);
          if (paste.reduce((n, p) => n + p.length, 0) > MAX_PENDING || final) endPaste(paste.join(''));
          return;
        }
        paste.push(s.slice(i, end));
        endPaste(paste.join(''));
        i = end + PASTE_END.length;
        continue;
      }
      const at = s.indexOf(ESC, i);
      if (at !== i) {
        const stop = at === -1 ? s.length : at;
        emit({ kind: 'key', raw: s.slice(i, stop) });
        i = stop;
        continue;
      }
      if (s.startsWith(PASTE_START, i)) {
        paste = [];
        i += PASTE_START.length;
        continue;
      }
      const scan = scanEscape(s, i);
      if (scan === 'incomplete') {
        if (final || s.length - i > MAX_PENDING) {
          emit({ kind: 'key', raw: s.slice(i, i + 1) });
          i += 1;
          continue;
        }
        pending = s.slice(i);
        return;
      }
      emit(scan.event);
      i = scan.end;
    }
    pending = '';
  };

  const decoder: KeyDecoder = {
    feed(chunk) {
      cancelFlush?.();
      cancelFlush = null;
      const s = pending + chunk;
      pending = '';
      run(s, false);
      if (pending !== '' && !paste) cancelFlush = (replyUnderWay(pending) ? later : schedule)(() => decoder.flush());
    },
    flush() {
      cancelFlush?.();
      cancelFlush = null;
      const s = pending;
      pending = '';
      if (s !== '') run(s, true);
    },
    reset() {
      cancelFlush?.();
      cancelFlush = null;
      pending = '';
      paste = null;
    },
  };
  return decoder;
}
