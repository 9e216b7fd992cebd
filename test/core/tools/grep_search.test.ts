import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGrepTool, findOnPath, type GrepSearchInput } from '../../../src/core/tools/grep_search.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let rgPath: string | null = null;
beforeAll(async () => {
  rgPath = await findOnPath('rg');
});
beforeEach(async () => {
  ws = await makeTempWorkspace();
});
afterEach(() => ws.cleanup());

async function tree(files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(ws.root, rel)), { recursive: true });
    await fs.writeFile(path.join(ws.root, rel), text);
  }
}

async function touch(rel: string): Promise<string> {
  const file = path.join(ws.root, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, '');
  return file;
}

it('finds ripgrep on PATH (CI installs it; both engines must be exercised)', () => {
  expect(rgPath).not.toBeNull();
});

describe.each([
  ['rg', (): string | null => rgPath],
  ['node', (): string | null => null],
] as const)('grep_search with the %s engine', (engine, getRgPath) => {
  const grep = (input: GrepSearchInput) =>
    createGrepTool({ rgPath: getRgPath() }).execute(input, makeToolContext({ workspaceRoot: ws.root }));

  it('returns path:line:text lines sorted by path, relative to the root', async () => {
    await tree({ 'src/b.ts': 'const b = 1;\nfoo(2);\n', 'src/a.ts': 'foo(1);\n', 'README.md': 'no call here\n' });
    const r = await grep({ pattern: 'foo\\(\\d+\\)' });
    expect(r.isError).toBe(false);
    expect(r.content).toBe('src/a.ts:1:foo(1);\nsrc/b.ts:2:foo(2);');
    expect(r.details).toEqual({ kind: 'grep', pattern: 'foo\\(\\d+\\)', matches: 2, files: 2, truncated: false, engine });
  });

  it('searches case-insensitively on request', async () => {
    await tree({ 'a.txt': 'Hello\nhello\nHELLO\nbye\n' });
    expect((await grep({ pattern: 'hello' })).content).toBe('a.txt:2:hello');
    expect((await grep({ pattern: 'hello', ignore_case: true })).content).toBe('a.txt:1:Hello\na.txt:2:hello\na.txt:3:HELLO');
  });

  it('honours .gitignore (nested too) and skips .git and node_modules but not other dotfiles', async () => {
    await tree({
      '.gitignore': 'dist/\n',
      'dist/bundle.js': 'needle\n',
      'lib/.gitignore': 'gen.ts\n',
      'lib/gen.ts': 'needle\n',
      'lib/ok.ts': 'needle\n',
      '.git/config': 'needle\n',
      'node_modules/p/i.js': 'needle\n',
      '.github/ci.yml': 'needle\n',
    });
    const r = await grep({ pattern: 'needle' });
    expect(r.content).toBe('.github/ci.yml:1:needle\nlib/ok.ts:1:needle');
  });

  it('names the binary files that match instead of showing their lines', async () => {
    await tree({
      'bin.dat': Buffer.concat([Buffer.from('needle\n'), Buffer.alloc(64, 0), Buffer.from('needle\n')]),
      'other.bin': Buffer.concat([Buffer.alloc(8, 0), Buffer.from('hay\n')]),
      'text.txt': 'needle\n',
    });
    const r = await grep({ pattern: 'needle' });
    expect(r.content).toBe('text.txt:1:needle\n\n[1 file treated as binary: bin.dat — read_file with an offset can look inside]');
    expect(r.details).toMatchObject({ matches: 1, binary: 1 });
  });

  it('answers with the binary files, not "No matches", when only a binary file matches', async () => {
    await tree({ 'sparse.txt': Buffer.concat([Buffer.from('head\n'), Buffer.alloc(4096, 0), Buffer.from('needle in the tail\n')]), 'text.txt': 'hay\n' });
    const r = await grep({ pattern: 'needle' });
    expect(r.content).toBe('[1 file treated as binary: sparse.txt — read_file with an offset can look inside]');
    expect(r.details).toMatchObject({ matches: 0, binary: 1 });
  });

  it('filters files with a glob, and excludes with a leading !', async () => {
    await tree({ 'src/x.ts': 'hit\n', 'src/deep/y.ts': 'hit\n', 'src/z.md': 'hit\n', 'top.ts': 'hit\n' });
    expect((await grep({ pattern: 'hit', glob: '*.ts' })).content).toBe('src/deep/y.ts:1:hit\nsrc/x.ts:1:hit\ntop.ts:1:hit');
    expect((await grep({ pattern: 'hit', glob: 'src/**/*.ts' })).content).toBe('src/deep/y.ts:1:hit\nsrc/x.ts:1:hit');
    expect((await grep({ pattern: 'hit', glob: '!*.ts' })).content).toBe('src/z.md:1:hit');
  });

  it('narrows the search to a directory or a single file', async () => {
    await tree({ 'a/one.txt': 'x\n', 'b/two.txt': 'x\n' });
    expect((await grep({ pattern: 'x', path: 'b' })).content).toBe('b/two.txt:1:x');
    expect((await grep({ pattern: 'x', path: 'a/one.txt' })).content).toBe('a/one.txt:1:x');
  });

  it('applies a glob with a directory in it when the search is narrowed to a subdirectory', async () => {
    await tree({ 'src/a/x.tsx': 'hit\n', 'src/y.ts': 'hit\n', 'src/a/w.ts': 'hit\n', 'other/z.tsx': 'hit\n', '.gitignore': 'src/gen/\n', 'src/gen/g.tsx': 'hit\n' });
    expect((await grep({ pattern: 'hit', path: 'src', glob: 'src/**/*.tsx' })).content).toBe('src/a/x.tsx:1:hit');
    expect((await grep({ pattern: 'hit', path: 'src', glob: '*.tsx' })).content).toBe('src/a/x.tsx:1:hit');
    expect((await grep({ pattern: 'hit', path: 'src', glob: '!src/a/**' })).content).toBe('src/y.ts:1:hit');
    expect((await grep({ pattern: 'hit', path: 'src/a' })).content).toBe('src/a/w.ts:1:hit\nsrc/a/x.tsx:1:hit');
  });

  it('says which files over 10 MiB were not searched, also when nothing matched', async () => {
    await tree({ 'small.txt': 'nothing here\n', 'logs/keep.txt': 'x\n' });
    // Sparse: 10 MiB and one byte without writing them.
    for (const big of ['big.log', 'logs/huge.log']) await fs.truncate(await touch(big), 10 * 1024 * 1024 + 1);
    const r = await grep({ pattern: 'needle' });
    expect(r.isError).toBe(false);
    expect(r.content).toBe(
      'No matches for "needle" in the workspace.\n\n' +
        '[2 files over 10 MiB not searched: big.log, logs/huge.log. Use read_file with offset/limit, or bash, to look inside.]',
    );
    expect(r.details).toMatchObject({ matches: 0, skippedLarge: 2 });
    const narrowed = await grep({ pattern: 'x', path: 'logs' });
    expect(narrowed.content).toBe(
      'logs/keep.txt:1:x\n\n[1 file over 10 MiB not searched: logs/huge.log. Use read_file with offset/limit, or bash, to look inside.]',
    );
    expect((await grep({ pattern: 'x', path: 'logs', glob: '*.txt' })).content).toBe('logs/keep.txt:1:x');
  });

  it('caps the number of matches with a note', async () => {
    await tree({ 'many.txt': 'match\n'.repeat(350) });
    const r = await grep({ pattern: 'match' });
    expect(r.content.split('\n').filter((l) => l.startsWith('many.txt:'))).toHaveLength(300);
    expect(r.content).toContain('first 300 matches');
    expect(r.details).toMatchObject({ matches: 300, truncated: true });
  });

  it('cuts very long matching lines', async () => {
    await tree({ 'min.js': `${'a'.repeat(3000)}needle${'b'.repeat(3000)}\n` });
    const r = await grep({ pattern: 'needle' });
    expect(r.content.length).toBeLessThan(1200);
    expect(r.content.startsWith('min.js:1:')).toBe(true);
  });

  it('treats a pattern that starts with a dash as a pattern, not a flag', async () => {
    await tree({ 'a.txt': 'x --verbose y\n' });
    expect((await grep({ pattern: '--verbose' })).content).toBe('a.txt:1:x --verbose y');
  });

  it('reports a bad regex as a clear error', async () => {
    await tree({ 'a.txt': 'x\n' });
    const r = await grep({ pattern: 'foo(' });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('Invalid regular expression');
  });

  it('says when nothing matches, and refuses paths outside the workspace', async () => {
    await tree({ 'a.txt': 'x\n' });
    const none = await grep({ pattern: 'absent' });
    expect(none).toMatchObject({ isError: false, content: expect.stringContaining('No matches') });
    const out = await grep({ pattern: 'x', path: '../outside' });
    expect(out.isError).toBe(true);
    expect(out.content).toContain('outside the workspace');
  });

  it('refuses a FIFO instead of blocking on it', async () => {
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(ws.root, 'pipe')]);
    const r = await grep({ pattern: 'x', path: 'pipe' });
    expect(r).toMatchObject({ isError: true, content: expect.stringContaining('not a regular file or directory') });
  });

  it('returns a cancelled error when the signal is aborted', async () => {
    await tree({ 'a.txt': 'x\n' });
    const controller = new AbortController();
    controller.abort();
    const r = await createGrepTool({ rgPath: getRgPath() }).execute(
      { pattern: 'x' },
      makeToolContext({ workspaceRoot: ws.root, signal: controller.signal }),
    );
    expect(r.isError).toBe(true);
    expect(r.content).toContain('cancelled');
  });
});

describe('grep_search engine choice', () => {
  it('falls back to the Node engine when the rg binary cannot be started', async () => {
    await fs.writeFile(path.join(ws.root, 'a.txt'), 'needle\n');
    const tool = createGrepTool({ rgPath: path.join(ws.root, 'no-such-rg') });
    const r = await tool.execute({ pattern: 'needle' }, makeToolContext({ workspaceRoot: ws.root }));
    expect(r).toMatchObject({ isError: false, content: 'a.txt:1:needle', details: { engine: 'node' } });
  });

  it('uses the Node engine when INKLING_GREP_ENGINE=node', async () => {
    await fs.writeFile(path.join(ws.root, 'a.txt'), 'needle\n');
    const saved = process.env.INKLING_GREP_ENGINE;
    process.env.INKLING_GREP_ENGINE = 'node';
    try {
      const r = await createGrepTool().execute({ pattern: 'needle' }, makeToolContext({ workspaceRoot: ws.root }));
      expect(r.details).toMatchObject({ engine: 'node' });
    } finally {
      if (saved === undefined) delete process.env.INKLING_GREP_ENGINE;
      else process.env.INKLING_GREP_ENGINE = saved;
    }
    const auto = await createGrepTool().execute({ pattern: 'needle' }, makeToolContext({ workspaceRoot: ws.root }));
    expect(auto.details).toMatchObject({ engine: 'rg' });
  });
});
