// Who writes to stdout. Rows reach the terminal only through Ink's render; src/app writes what is
// the terminal's (alternate screen, mouse modes, title, bell, clipboard, colour queries, the exit
// summary) and src/cli prints what runs without the TUI (-p, the subcommands, --help). A test fails
// when any other file writes to stdout, and the list below says every writer there is. The checker
// runs on planted text first, so a checker that sees nothing cannot pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './helpers/source-files.js';

/** Every file outside src/app that writes to stdout, and what it writes. */
const WRITERS = new Map([
  ['src/cli/headless.ts', "-p's answer, its JSON or its stream of events"],
  ['src/cli/main.ts', '--help and --version; hands stdout to the subcommands'],
  ['src/cli/interactive.ts', 'the banner when stdin or stdout is not a terminal (no TUI starts)'],
  ['src/cli/config-command.ts', '`inkling config`'],
  ['src/cli/mcp-command.ts', '`inkling mcp`'],
  ['src/cli/rewind-command.ts', '`inkling rewind`'],
  ['src/acp/acp-main.ts', "`inkling --acp`'s protocol frames (every other write to stdout is turned to stderr)"],
]);

const WRITES = [
  // The stream itself, written to or handed on.
  /\bprocess\.stdout\b/,
  /\bstdout\s*\??\.\s*write\s*\(/,
  /\(\s*[\w.]+\.stdout\s*,/,
  // Ink's own way around its frames.
  /\buseStdout\s*\(\s*\)\s*\.\s*write\b/,
  /\bwrite\b[^}]*\}\s*=\s*useStdout\b/,
  /\bconsole\.(?:log|info|debug|table|dir)\s*\(/,
  /\bwriteSync\s*\(\s*(?:1|process\.stdout\.fd)\b/,
];

/** Drops comments, so a write named in a comment does not count. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

export function writesToStdout(text: string): boolean {
  const c = code(text);
  return WRITES.some((re) => re.test(c));
}

describe('who writes to stdout', () => {
  it('the checker sees every way of writing, and not reading the size or a comment', () => {
    expect(writesToStdout("process.stdout.write('\\x07');")).toBe(true);
    expect(writesToStdout('const out = process.stdout;')).toBe(true);
    expect(writesToStdout('ctx.stdout.write(text);')).toBe(true);
    expect(writesToStdout('stdout?.write(text);')).toBe(true);
    expect(writesToStdout('print(out.stdout, line);')).toBe(true);
    expect(writesToStdout('useStdout().write(rows);')).toBe(true);
    expect(writesToStdout('const { stdout, write } = useStdout();')).toBe(true);
    expect(writesToStdout("console.log('frame');")).toBe(true);
    expect(writesToStdout('fs.writeSync(1, text);')).toBe(true);
    expect(writesToStdout('const { stdout } = useStdout(); stdout.on("resize", f); stdout.columns;')).toBe(false);
    expect(writesToStdout('child.stdout.on("data", f); console.warn(x);')).toBe(false);
    expect(writesToStdout('// process.stdout.write is src/app\'s')).toBe(false);
  });

  it('no file outside src/app writes to stdout but the listed src/cli printers', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('components')].filter((f) => !f.startsWith('src/app/'));
    expect(files.length).toBeGreaterThan(200);
    const writing = files.filter((f) => writesToStdout(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(writing.filter((f) => !WRITERS.has(f))).toEqual([]);
    // Each listed writer still is one (else it goes from the list).
    expect([...writing].sort()).toEqual([...WRITERS.keys()].sort());
  });
});
