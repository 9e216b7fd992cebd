import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activePalette, applyPaletteTheme, createPalette, inkColor, noColorRequested, paint, PAINT_ROLES } from '../../components/palette.js';

// Colour escapes (SGR 30–37, 90–97, 38;5;n, 38;2;r;g;b and their backgrounds), not bold/dim/inverse.
const COLOUR_SGR = /\x1b\[(?:3[0-7]|9[0-7]|4[0-7]|10[0-7]|38;[25];[\d;]+|48;[25];[\d;]+)m/;

afterEach(() => {
  applyPaletteTheme('dark', { noColor: false });
});

describe('palette', () => {
  it('paints the same role differently on a dark and a light background', () => {
    const dark = createPalette({ theme: 'dark', noColor: false, level: 2 });
    const light = createPalette({ theme: 'light', noColor: false, level: 2 });
    expect(dark.paint.accent('x')).toBe('\x1b[36mx\x1b[39m');
    expect(light.paint.accent('x')).toBe('\x1b[38;5;25mx\x1b[39m');
    for (const role of ['accent', 'warn', 'code', 'heading'] as const) expect(light.paint[role]('x')).not.toBe(dark.paint[role]('x'));
    expect(dark.ink.borderBusy).toBe('yellow');
    expect(light.ink.borderBusy).not.toBe('yellow');
  });

  it('under NO_COLOR keeps bold, dim, underline and inverse but no colour at all', () => {
    const mono = createPalette({ theme: 'dark', noColor: true, level: 3 });
    expect(mono.colour).toBe(false);
    for (const role of PAINT_ROLES) expect(mono.paint[role]('text')).not.toMatch(COLOUR_SGR);
    expect(mono.paint.inverse('x')).toBe('\x1b[7mx\x1b[27m');
    expect(mono.paint.error('x')).toBe('\x1b[1mx\x1b[22m');
    expect(mono.paint.link('x')).toBe('\x1b[4mx\x1b[24m');
    expect(Object.values(mono.ink).every((c) => c === undefined)).toBe(true);
  });

  it('a terminal without colours (level 0, FORCE_COLOR=0) gets plain text', () => {
    const none = createPalette({ theme: 'light', noColor: false, level: 0 });
    expect(none.colour).toBe(false);
    for (const role of PAINT_ROLES) expect(none.paint[role]('text')).toBe('text');
  });

  it('NO_COLOR counts when set to anything but the empty string', () => {
    expect(noColorRequested({ NO_COLOR: '1' })).toBe(true);
    expect(noColorRequested({ NO_COLOR: '' })).toBe(false);
    expect(noColorRequested({})).toBe(false);
  });

  it('paint and inkColor follow the theme switched at run time', () => {
    applyPaletteTheme('dark', { noColor: false, level: 2 });
    expect(paint.warn('w')).toBe('\x1b[33mw\x1b[39m');
    expect(inkColor('borderBusy')).toBe('yellow');
    applyPaletteTheme('light', { noColor: false, level: 2 });
    expect(activePalette().theme).toBe('light');
    expect(paint.warn('w')).toBe('\x1b[38;5;130mw\x1b[39m');
    applyPaletteTheme('light', { noColor: true, level: 2 });
    expect(paint.warn('w')).not.toMatch(COLOUR_SGR);
    expect(inkColor('borderBusy')).toBeUndefined();
  });
});

const NAMES = 'black|red|green|yellow|blue|magenta|cyan|white|gray|grey|[a-z]+Bright|#[0-9a-fA-F]{3,6}|rgb\\(|ansi256\\(';
/** An Ink colour prop given a colour by name: color="red", borderColor={busy ? 'yellow' : 'gray'}. */
const INK_COLOUR_LITERAL = new RegExp(`\\b(?:color|borderColor|backgroundColor)=(?:"(?:${NAMES})|\\{[^}\\n]*['"](?:${NAMES}))`);

/** Files a renderer lives in: components/ and the UI side of src/ (the core draws nothing). */
function uiFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...uiFiles(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

describe('no colour outside the palette', () => {
  it('no component or UI module imports chalk or names a colour for Ink', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = [path.join(root, 'components'), ...['app', 'keys', 'pager', 'store', 'tui'].map((d) => path.join(root, 'src', d))]
      .filter((d) => { try { return statSync(d).isDirectory(); } catch { return false; } })
      .flatMap(uiFiles)
      .filter((f) => path.basename(f) !== 'palette.ts');
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      if (/from 'chalk'/.test(text)) offenders.push(`${rel}: imports chalk`);
      const literal = INK_COLOUR_LITERAL.exec(text);
      if (literal) offenders.push(`${rel}: ${literal[0]}`);
      if (COLOUR_SGR.test(text.replace(/\\x1b/g, '\x1b').replace(/\\u001b/g, '\x1b'))) offenders.push(`${rel}: writes a colour escape`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('code blocks on a light background', () => {
  it('are highlighted with the light palette, and not at all under NO_COLOR', async () => {
    const { loadMarkdown, markdownLines } = await import('../../components/markdown-lines.js');
    await Promise.all([loadMarkdown(), (await import('../../components/code-highlight.js')).loadHighlighter()]);
    const md = '```ts\nconst answer = "yes"; // why\n```';
    applyPaletteTheme('light', { noColor: false, level: 2 });
    const light = markdownLines(md, 60).join('\n');
    expect(light).toContain('\x1b[38;5;25mconst');
    expect(light).toContain('\x1b[38;5;28m"yes"');
    applyPaletteTheme('light', { noColor: true, level: 2 });
    expect(markdownLines(md, 60).join('\n')).not.toMatch(COLOUR_SGR);
  });

  it('take every colour from the light palette, function names and parameters too (none of the highlighter\'s own)', async () => {
    // The highlighter paints with a chalk of its own, off in tests (FORCE_COLOR=0): turned on here
    // as a colour terminal has it, so a kind the light theme leaves out shows its default colour.
    const highlighterChalk = createRequire(createRequire(import.meta.url).resolve('cli-highlight'))('chalk') as { level: number };
    const before = highlighterChalk.level;
    highlighterChalk.level = 2;
    try {
      const { loadMarkdown, markdownLines } = await import('../../components/markdown-lines.js');
      await Promise.all([loadMarkdown(), (await import('../../components/code-highlight.js')).loadHighlighter()]);
      applyPaletteTheme('light', { noColor: false, level: 2 });
      const body = 'function greet(name: string, n = 2) { return `hi ${name}`; }\nclass A extends B { @dec m(x) {} }';
      const light = ['ts', 'js', 'python', 'go', 'rust', 'html', 'css'].map((lang) => markdownLines('```' + lang + '\n' + body + '\n```', 60).join('\n')).join('\n');
      const lightColours = new Set(['38;5;25', '38;5;19', '38;5;28', '38;5;124', '38;5;130', '38;5;90']);
      const colours = [...light.matchAll(/\x1b\[([\d;]+)m/g)].map((m) => m[1]!).filter((sgr) => COLOUR_SGR.test(`\x1b[${sgr}m`));
      expect(colours.length).toBeGreaterThan(0);
      expect(colours.filter((sgr) => !lightColours.has(sgr))).toEqual([]);
    } finally {
      highlighterChalk.level = before;
    }
  });
});
