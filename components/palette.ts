// The one place colours are chosen. Every renderer paints through `paint` (text with ANSI
// styles) or `inkColor` (a colour name for an Ink prop); nothing else names a colour. A dark and
// a light palette; under NO_COLOR only bold, dim, italic, underline and inverse remain (they are
// not colours, and the cursor and selections need inverse to be seen).
import chalk, { Chalk, type ChalkInstance } from 'chalk';

export type PaletteTheme = 'dark' | 'light';

/** Roles, not colours: a renderer says what a piece of text is. */
export const PAINT_ROLES = [
  'dim', 'bold', 'italic', 'accent', 'user', 'ok', 'error', 'warn', 'added', 'removed', 'code', 'link', 'heading', 'inverse',
] as const;
export type PaintRole = (typeof PAINT_ROLES)[number];
export type Paint = Record<PaintRole, (s: string) => string>;

/** Colours Ink draws itself (borders, backgrounds of a highlighted match). */
export const INK_ROLES = ['border', 'borderBusy', 'error', 'matchBackground', 'matchText'] as const;
export type InkRole = (typeof INK_ROLES)[number];

export interface PaletteOptions {
  theme: PaletteTheme;
  /** NO_COLOR is set (any non-empty value, as no-color.org says). */
  noColor: boolean;
  /** Chalk's colour level; default: what the terminal supports (FORCE_COLOR honoured). */
  level?: 0 | 1 | 2 | 3;
}

export interface Palette {
  theme: PaletteTheme;
  /** False under NO_COLOR or when the terminal has no colours: syntax highlighting is skipped. */
  colour: boolean;
  paint: Paint;
  ink: Record<InkRole, string | undefined>;
}

function darkPaint(c: ChalkInstance): Paint {
  return {
    dim: c.dim, bold: c.bold, italic: c.italic, inverse: c.inverse,
    accent: c.cyan,
    user: c.bold.blue,
    ok: c.green,
    error: c.red,
    warn: c.yellow,
    added: c.green,
    removed: c.red,
    code: c.yellow,
    link: c.underline.cyan,
    heading: c.bold.magenta,
  };
}

/** Darker shades: yellow and cyan on white are hard to read. chalk maps them down on 16-colour terminals. */
function lightPaint(c: ChalkInstance): Paint {
  return {
    dim: c.dim, bold: c.bold, italic: c.italic, inverse: c.inverse,
    accent: c.ansi256(25),
    user: c.bold.ansi256(19),
    ok: c.ansi256(28),
    error: c.ansi256(124),
    warn: c.ansi256(130),
    added: c.ansi256(28),
    removed: c.ansi256(124),
    code: c.ansi256(90),
    link: c.underline.ansi256(25),
    heading: c.bold.ansi256(90),
  };
}

function monoPaint(c: ChalkInstance): Paint {
  const plain = (s: string) => s;
  return {
    dim: c.dim, bold: c.bold, italic: c.italic, inverse: c.inverse,
    accent: plain,
    user: c.bold,
    ok: plain,
    error: c.bold,
    warn: c.bold,
    added: plain,
    removed: plain,
    code: plain,
    link: c.underline,
    heading: c.bold,
  };
}

const INK: Record<PaletteTheme, Record<InkRole, string>> = {
  dark: { border: 'gray', borderBusy: 'yellow', error: 'red', matchBackground: 'yellow', matchText: 'black' },
  light: { border: 'gray', borderBusy: '#af5f00', error: '#af0000', matchBackground: '#ffd75f', matchText: 'black' },
};

const NO_INK: Record<InkRole, undefined> = { border: undefined, borderBusy: undefined, error: undefined, matchBackground: undefined, matchText: undefined };

export function createPalette(opts: PaletteOptions): Palette {
  const level = opts.level ?? chalk.level;
  const c = level === chalk.level ? chalk : new Chalk({ level });
  const colour = !opts.noColor && level > 0;
  if (!colour) return { theme: opts.theme, colour: false, paint: monoPaint(c), ink: NO_INK };
  return { theme: opts.theme, colour: true, paint: opts.theme === 'light' ? lightPaint(c) : darkPaint(c), ink: INK[opts.theme] };
}

/** NO_COLOR counts when it is set to anything but the empty string. */
export function noColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.NO_COLOR === 'string' && env.NO_COLOR !== '';
}

let active: Palette = createPalette({ theme: 'dark', noColor: noColorRequested() });

/**
 * Switches the palette for every later frame. Renderers read `paint` at render time, so callers
 * also bump the store's render epoch to redraw lines already laid out.
 */
export function applyPaletteTheme(theme: PaletteTheme, opts: Omit<PaletteOptions, 'theme'> = { noColor: noColorRequested() }): Palette {
  active = createPalette({ theme, ...opts });
  return active;
}

export function activePalette(): Palette {
  return active;
}

/** Text styles of the active palette, looked up on each call so a theme switch takes effect. */
export const paint: Paint = Object.fromEntries(PAINT_ROLES.map((role) => [role, (s: string) => active.paint[role](s)])) as Paint;

/** A colour for an Ink prop (`borderColor`, `color`, `backgroundColor`); undefined means none. */
export function inkColor(role: InkRole): string | undefined {
  return active.ink[role];
}

/** Text in the colour of an Ink colour prop, as Ink's own colorize paints it (drawn borders). */
export function inkPaint(role: InkRole): (s: string) => string {
  const colour = inkColor(role);
  if (!colour) return (s) => s;
  if (colour.startsWith('#')) return (s) => chalk.hex(colour)(s);
  const named = (chalk as unknown as Record<string, ((s: string) => string) | undefined>)[colour];
  return named ? (s) => named(s) : (s) => s;
}
