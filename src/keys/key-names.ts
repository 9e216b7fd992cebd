// One canonical name per key press ("ctrl+a", "shift+enter", "pageup"), from what Ink's
// useInput reports plus the raw sequences Ink leaves unparsed (modifyOtherKeys Shift+Enter).
import type { Key } from 'ink';

export interface KeyPress {
  /** Canonical name for bound keys, e.g. "enter", "ctrl+c", "alt+left"; null for plain text. */
  name: string | null;
  /** Printable text typed (empty for named keys). */
  text: string;
}

// xterm modifyOtherKeys: ESC [ 27 ; modifier ; code ~  (modifier 2 = shift, 3 = alt, 5 = ctrl).
const MODIFY_OTHER_KEYS = /^\[27;(\d+);(\d+)~$/;

function withModifiers(base: string, mod: number): string {
  const bits = mod - 1;
  let name = base;
  if (bits & 1) name = `shift+${name}`;
  if (bits & 2) name = `alt+${name}`;
  if (bits & 4) name = `ctrl+${name}`;
  return name;
}

const CODE_NAMES: Record<number, string> = { 13: 'enter', 9: 'tab', 27: 'esc', 127: 'backspace', 32: 'space' };

export function keyPressFrom(input: string, key: Key): KeyPress {
  const m = MODIFY_OTHER_KEYS.exec(input);
  if (m) {
    const code = Number(m[2]);
    const base = CODE_NAMES[code] ?? String.fromCodePoint(code).toLowerCase();
    return { name: withModifiers(base, Number(m[1])), text: '' };
  }
  const mods = (name: string) => {
    let n = name;
    if (key.shift) n = `shift+${n}`;
    if (key.meta && !key.escape) n = `alt+${n}`;
    if (key.ctrl) n = `ctrl+${n}`;
    return n;
  };
  if (key.return) return { name: mods('enter'), text: '' };
  if (input === '\n') return { name: 'ctrl+j', text: '' };
  if (key.escape) return { name: 'esc', text: '' };
  if (key.backspace || key.delete) return { name: 'backspace', text: '' };
  if (key.tab) return { name: key.shift ? 'shift+tab' : 'tab', text: '' };
  if (key.upArrow) return { name: mods('up'), text: '' };
  if (key.downArrow) return { name: mods('down'), text: '' };
  if (key.leftArrow) return { name: mods('left'), text: '' };
  if (key.rightArrow) return { name: mods('right'), text: '' };
  if (key.pageUp) return { name: mods('pageup'), text: '' };
  if (key.pageDown) return { name: mods('pagedown'), text: '' };
  if (key.home) return { name: mods('home'), text: '' };
  if (key.end) return { name: mods('end'), text: '' };
  if (key.ctrl && input.length === 1) return { name: `ctrl+${input.toLowerCase()}`, text: '' };
  if (key.meta && input.length === 1) return { name: `alt+${input.toLowerCase()}`, text: '' };
  // SGR mouse reports (only while mouse mode is on): the wheel scrolls, the rest is ignored.
  const mouse = /^\[<(\d+);\d+;\d+[Mm]$/.exec(input);
  if (mouse) {
    const button = Number(mouse[1]);
    return { name: button === 64 ? 'wheelup' : button === 65 ? 'wheeldown' : 'mouse', text: '' };
  }
  // Unknown escape sequences (focus events and the like) are not text.
  if (input.startsWith('[') && /^\[[\d;<>?]*[~A-Za-z]$/.test(input)) return { name: `unknown:${input}`, text: '' };
  return { name: input.length === 1 ? input : null, text: input };
}
