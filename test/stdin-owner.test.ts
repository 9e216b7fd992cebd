// Raw stdin belongs to src/app (src/app/key-owner.tsx feeds the one key pipeline): a test fails
// if any other file listens to it. The one exception is -p's piped prompt (src/cli/stdin-prompt.ts),
// read before anything else starts and never from a terminal. The check runs on planted text
// first, so a checker that sees nothing cannot pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './helpers/source-files.js';

const ALLOWED = new Map([['src/cli/stdin-prompt.ts', "-p's prompt from a pipe"]]);

const LISTENS = [
  /\bstdin\b[\w.?]*\.(?:on|once|addListener|prependListener)\(\s*['"](?:data|readable|keypress)['"]/,
  /\buse(?:Stdin|Input)\b/,
  /\bsetRawMode\b/,
  /for\s+await\s*\([^)]*\bof\s+[\w.]*\bstdin\b/,
  /\bprocess\.stdin\.(?:read|pipe|resume)\b/,
];

/** Drops comments, so a listener named in a comment does not count. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

export function listensToStdin(text: string): boolean {
  const c = code(text);
  return LISTENS.some((re) => re.test(c));
}

describe('the key owner', () => {
  it('the checker sees every way of listening, and not writing to a child or a comment', () => {
    expect(listensToStdin("stdin.on('data', onData);")).toBe(true);
    expect(listensToStdin("process.stdin.once('readable', f)")).toBe(true);
    expect(listensToStdin('const { stdin } = useStdin();')).toBe(true);
    expect(listensToStdin('useInput((input, key) => {});')).toBe(true);
    expect(listensToStdin('for await (const chunk of process.stdin) {}')).toBe(true);
    expect(listensToStdin("child.stdin.on('error', () => undefined); child.stdin.write(x);")).toBe(false);
    expect(listensToStdin("// stdin.on('data', f) is src/app's")).toBe(false);
  });

  it('no file outside src/app listens to stdin', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('components')].filter((f) => !f.startsWith('src/app/'));
    expect(files.length).toBeGreaterThan(200);
    const listening = files.filter((f) => listensToStdin(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(listening.filter((f) => !ALLOWED.has(f))).toEqual([]);
    // The exception still is one (else it goes from the list).
    expect(listening).toEqual([...ALLOWED.keys()]);
  });
});
