// One canonical name per key press ("ctrl+a", "shift+enter", "pageup"), from the raw sequence
// the terminal sent (one event of key-decoder.ts): legacy xterm sequences, modifyOtherKeys
// (ESC[27;m;code~), the kitty keyboard protocol (ESC[code;mu) and SGR mouse reports.

export interface KeyPress {
  /** Canonical name for bound keys, e.g. "enter", "ctrl+c", "alt+left"; null for plain text. */
  name: string | null;
  /** Printable text typed (empty for named keys). */
  text: string;
}

const ESC = '\x1b';

/** xterm modifier parameter (2 = shift, 3 = alt, 5 = ctrl, …) applied to a key name. */
function withModifiers(base: string, mod: number): string {
  const bits = Math.max(0, mod - 1);
  let name = base;
  if (bits & 1) name = `shift+${name}`;
  if (bits & 2) name = `alt+${name}`;
  if (bits & 4) name = `ctrl+${name}`;
  return name;
}

const CODE_NAMES: Record<number, string> = { 13: 'enter', 9: 'tab', 27: 'esc', 127: 'backspace', 8: 'backspace', 32: 'space' };
const CSI_LETTERS: Record<string, string> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'tab' };
const CSI_TILDE: Record<string, string> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end', '5': 'pageup', '6': 'pagedown', '3': 'backspace' };

const named = (name: string): KeyPress => ({ name, text: '' });

/** A control character (0x00–0x1f, 0x7f) typed alone. */
function controlKey(c: string): KeyPress {
  if (c === '\r') return named('enter');
  if (c === '\n') return named('ctrl+j');
  if (c === '\t') return named('tab');
  if (c === '\x7f' || c === '\b') return named('backspace');
  if (c === ESC) return named('esc');
  if (c === '\x00') return named('ctrl+space');
  return named(`ctrl+${String.fromCharCode(c.charCodeAt(0) + 96)}`);
}

/** ESC [ params final: the CSI sequences keyboards send. */
function csiKey(body: string): KeyPress {
  const final = body.slice(-1);
  const params = body.slice(0, -1);
  const mouse = /^<(\d+);\d+;\d+$/.exec(params);
  if (mouse && (final === 'M' || final === 'm')) {
    const button = Number(mouse[1]);
    return named(button === 64 ? 'wheelup' : button === 65 ? 'wheeldown' : 'mouse');
  }
  const other = /^27;(\d+);(\d+)$/.exec(params);
  if (other && final === '~') {
    const code = Number(other[2]);
    return named(withModifiers(CODE_NAMES[code] ?? String.fromCodePoint(code).toLowerCase(), Number(other[1])));
  }
  if (final === 'u') {
    // kitty: code[:shifted[:base]] [; modifiers[:event] [; text]]
    const kitty = /^(\d+)(?::\d*)*(?:;(\d+)(?::\d+)?)?(?:;[\d:]*)?$/.exec(params);
    if (kitty) {
      const code = Number(kitty[1]);
      const mod = kitty[2] ? Number(kitty[2]) : 1;
      const base = CODE_NAMES[code] ?? String.fromCodePoint(code);
      if (mod <= 1 && !CODE_NAMES[code]) return { name: base, text: base };
      if (mod === 2 && !CODE_NAMES[code]) return { name: base.toUpperCase(), text: base.toUpperCase() };
      return named(withModifiers(CODE_NAMES[code] ? base : base.toLowerCase(), mod));
    }
  }
  const mod = /^(?:1)?;(\d+)$/.exec(params);
  if (CSI_LETTERS[final] && (params === '' || mod)) {
    if (final === 'Z') return named('shift+tab');
    return named(withModifiers(CSI_LETTERS[final]!, mod ? Number(mod[1]) : 1));
  }
  const tilde = /^(\d+)(?:;(\d+))?$/.exec(params);
  if (final === '~' && tilde && CSI_TILDE[tilde[1]!]) {
    const name = CSI_TILDE[tilde[1]!]!;
    // Delete arrives as Backspace: the prompt has one delete key.
    return named(name === 'backspace' ? name : withModifiers(name, tilde[2] ? Number(tilde[2]) : 1));
  }
  // Focus events, function keys and the like are not text.
  return named(`unknown:[${body}`);
}

/** The key press one decoded event stands for. */
export function keyPressOf(raw: string): KeyPress {
  if (raw.length === 1 && (raw < ' ' || raw === '\x7f')) return controlKey(raw);
  if (raw.startsWith(`${ESC}[`)) return csiKey(raw.slice(2));
  if (raw.startsWith(`${ESC}O`) && raw.length === 3) {
    const name = CSI_LETTERS[raw[2]!];
    return named(name ?? `unknown:O${raw[2]}`);
  }
  if (raw.startsWith(`${ESC}${ESC}`)) {
    // ESC ESC: Esc; ESC ESC [ A: Alt with an arrow (some terminals).
    if (raw.length === 2) return named('esc');
    const inner = keyPressOf(raw.slice(1));
    return inner.name && !inner.name.startsWith('unknown:') && inner.name !== 'esc' ? named(`alt+${inner.name}`) : inner;
  }
  if (raw.startsWith(ESC) && raw.length > 1) {
    const rest = raw.slice(1);
    if (rest === '\r') return named('alt+enter');
    if (rest === '\x7f' || rest === '\b') return named('backspace');
    if ([...rest].length === 1) return named(`alt+${rest.toLowerCase()}`);
    return named(`unknown:${rest}`);
  }
  return { name: raw.length === 1 ? raw : null, text: raw };
}
