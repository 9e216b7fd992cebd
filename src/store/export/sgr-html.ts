// A terminal row's SGR colours as HTML spans with inline styles (for /export --html): the 16
// colours, the 256-colour cube and truecolor, bold, dim, italic, underline and inverse. Text is
// escaped; anything that is not SGR was taken out before (SafeText keeps SGR only).
const BASIC = ['#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5'];
const BRIGHT = ['#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff'];

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function cube(n: number): string {
  if (n < 8) return BASIC[n]!;
  if (n < 16) return BRIGHT[n - 8]!;
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const level = (x: number) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
}

interface Style {
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

/** Applies one SGR sequence's parameters ("1;31", "38;5;208", "38;2;1;2;3") to the style. */
function apply(style: Style, params: string): Style {
  const p = params === '' ? [0] : params.split(/[;:]/).map((x) => Number(x) || 0);
  let s = { ...style };
  for (let i = 0; i < p.length; i++) {
    const n = p[i]!;
    if (n === 0) s = {};
    else if (n === 1) s.bold = true;
    else if (n === 2) s.dim = true;
    else if (n === 3) s.italic = true;
    else if (n === 4) s.underline = true;
    else if (n === 7) s.inverse = true;
    else if (n === 22) s.bold = s.dim = false;
    else if (n === 23) s.italic = false;
    else if (n === 24) s.underline = false;
    else if (n === 27) s.inverse = false;
    else if (n >= 30 && n <= 37) s.fg = BASIC[n - 30];
    else if (n >= 90 && n <= 97) s.fg = BRIGHT[n - 90];
    else if (n >= 40 && n <= 47) s.bg = BASIC[n - 40];
    else if (n >= 100 && n <= 107) s.bg = BRIGHT[n - 100];
    else if (n === 39) delete s.fg;
    else if (n === 49) delete s.bg;
    else if ((n === 38 || n === 48) && p[i + 1] === 5) {
      s[n === 38 ? 'fg' : 'bg'] = cube(p[i + 2] ?? 0);
      i += 2;
    } else if ((n === 38 || n === 48) && p[i + 1] === 2) {
      s[n === 38 ? 'fg' : 'bg'] = `rgb(${p[i + 2] ?? 0},${p[i + 3] ?? 0},${p[i + 4] ?? 0})`;
      i += 4;
    }
  }
  return s;
}

function css(s: Style): string {
  const [fg, bg] = s.inverse ? [s.bg ?? 'var(--bg)', s.fg ?? 'var(--fg)'] : [s.fg, s.bg];
  return [
    fg ? `color:${fg}` : '',
    bg ? `background:${bg}` : '',
    s.bold ? 'font-weight:bold' : '',
    s.dim ? 'opacity:.6' : '',
    s.italic ? 'font-style:italic' : '',
    s.underline ? 'text-decoration:underline' : '',
  ].filter(Boolean).join(';');
}

/** One row with SGR codes as escaped HTML with styled spans. */
export function sgrToHtml(row: string): string {
  let style: Style = {};
  let out = '';
  for (const part of row.split(/(\x1b\[[0-9;:]*m)/)) {
    const m = /^\x1b\[([0-9;:]*)m$/.exec(part);
    if (m) {
      style = apply(style, m[1]!);
      continue;
    }
    if (part === '') continue;
    const c = css(style);
    out += c ? `<span style="${c}">${escapeHtml(part)}</span>` : escapeHtml(part);
  }
  return out;
}
