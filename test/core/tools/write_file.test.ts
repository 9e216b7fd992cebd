import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/core/files/atomic-write.js';
import { setProcFdForTests } from '../../../src/core/files/workspace-open.js';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import { createWriteFileTool, writeFileTool } from '../../../src/core/tools/write_file.js';
import { makeTempWorkspace, makeToolContext, type TestToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let ctx: TestToolContext;
beforeEach(async () => {
  ws = await makeTempWorkspace();
  ctx = makeToolContext({ workspaceRoot: ws.root });
});
afterEach(() => ws.cleanup());

const p = (rel: string): string => path.join(ws.root, rel);
const write = (rel: string, content: string) => writeFileTool.execute({ path: rel, content }, ctx);
const readIt = (rel: string) => readFileTool.execute({ path: rel }, ctx);

describe('write_file', () => {
  it('creates a new file and its parent directories without a prior read', async () => {
    const r = await write('deep/er/new.ts', 'export const x = 1;\nexport const y = 2;\n');
    expect(r.isError).toBe(false);
    expect(r.content).toContain('Created deep/er/new.ts');
    expect(r.details).toEqual({ kind: 'write', path: 'deep/er/new.ts', bytes: 40, lines: 2, created: true });
    expect(await fs.readFile(p('deep/er/new.ts'), 'utf8')).toBe('export const x = 1;\nexport const y = 2;\n');
  });

  it('refuses to overwrite a file that was not read in this session', async () => {
    await fs.writeFile(p('a.txt'), 'original');
    const r = await write('a.txt', 'replaced');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('read_file');
    expect(await fs.readFile(p('a.txt'), 'utf8')).toBe('original');
  });

  it('overwrites after a read, and a second write needs no new read', async () => {
    await fs.writeFile(p('a.txt'), 'original\n');
    await readIt('a.txt');
    const r1 = await write('a.txt', 'second\n');
    expect(r1).toMatchObject({ isError: false, details: { created: false, bytes: 7, lines: 1 } });
    expect(r1.content).toContain('Overwrote a.txt');
    const r2 = await write('a.txt', 'third\n');
    expect(r2.isError).toBe(false);
    expect(await fs.readFile(p('a.txt'), 'utf8')).toBe('third\n');
  });

  it('refuses when the file changed on disk since it was read', async () => {
    await fs.writeFile(p('a.txt'), 'original\n');
    await readIt('a.txt');
    await fs.writeFile(p('a.txt'), 'changed by someone else\n');
    const r = await write('a.txt', 'mine\n');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('changed on disk');
    expect(await fs.readFile(p('a.txt'), 'utf8')).toBe('changed by someone else\n');
  });

  it('keeps CRLF line endings when overwriting a CRLF file', async () => {
    await fs.writeFile(p('dos.txt'), 'one\r\ntwo\r\n');
    await readIt('dos.txt');
    await write('dos.txt', 'uno\ndos\ntres\n');
    expect(await fs.readFile(p('dos.txt'), 'utf8')).toBe('uno\r\ndos\r\ntres\r\n');
  });

  it('keeps the UTF-8 byte-order mark an overwritten file had, and adds none to a file without one', async () => {
    await fs.writeFile(p('bom.txt'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('old\n')]));
    await readIt('bom.txt');
    expect((await write('bom.txt', 'new\n')).isError).toBe(false);
    expect(await fs.readFile(p('bom.txt'))).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('new\n')]));
    // Content that already starts with the mark does not get a second one.
    await write('bom.txt', '\uFEFFagain\n');
    expect(await fs.readFile(p('bom.txt'))).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('again\n')]));

    await fs.writeFile(p('plain.txt'), 'old\n');
    await readIt('plain.txt');
    await write('plain.txt', 'new\n');
    expect(await fs.readFile(p('plain.txt'))).toEqual(Buffer.from('new\n'));
  });

  it("keeps the existing file's mode", async () => {
    await fs.writeFile(p('run.sh'), '#!/bin/sh\necho hi\n');
    await fs.chmod(p('run.sh'), 0o754);
    await readIt('run.sh');
    await write('run.sh', '#!/bin/sh\necho bye\n');
    expect((await fs.stat(p('run.sh'))).mode & 0o7777).toBe(0o754);
    expect(await fs.readFile(p('run.sh'), 'utf8')).toBe('#!/bin/sh\necho bye\n');
  });

  it('writes through a symlink inside the workspace to its target, keeping the link', async () => {
    await fs.writeFile(p('target.txt'), 'old');
    await fs.symlink(p('target.txt'), p('link.txt'));
    await readIt('link.txt');
    const r = await write('link.txt', 'new');
    expect(r.isError).toBe(false);
    expect((await fs.lstat(p('link.txt'))).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(p('target.txt'), 'utf8')).toBe('new');
  });

  it('refuses to write outside the workspace, through a symlinked parent, or inside .git', async () => {
    await fs.symlink(ws.outside, p('out'));
    const r1 = await write('out/evil.txt', 'x');
    expect(r1.isError).toBe(true);
    expect(r1.content).toContain('outside the workspace');
    expect(r1.content).toContain(ws.root);
    await expect(fs.access(path.join(ws.outside, 'evil.txt'))).rejects.toThrow();

    const r2 = await write('../outside/evil2.txt', 'x');
    expect(r2.isError).toBe(true);
    await expect(fs.access(path.join(ws.outside, 'evil2.txt'))).rejects.toThrow();

    const r3 = await write('.git/hooks/pre-commit', 'x');
    expect(r3.isError).toBe(true);
    expect(r3.content).toContain('.git');
  });

  it('refuses a directory as the target', async () => {
    await fs.mkdir(p('dir'));
    const r = await write('dir', 'x');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('directory');
  });

  it('leaves the original intact when the final rename fails, and cleans up its temp file', async () => {
    await fs.writeFile(p('keep.txt'), 'precious\n');
    await readIt('keep.txt');
    const failing = createWriteFileTool({
      rename: async () => {
        throw Object.assign(new Error('EIO: simulated rename failure'), { code: 'EIO' });
      },
    });
    const r = await failing.execute({ path: 'keep.txt', content: 'half-baked\n' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('simulated rename failure');
    expect(await fs.readFile(p('keep.txt'), 'utf8')).toBe('precious\n');
    expect(await fs.readdir(ws.root)).toEqual(['keep.txt']);
  });
});

describe('write_file without /proc/self/fd', () => {
  it('still creates and overwrites inside and refuses a symlinked parent', async () => {
    setProcFdForTests(false);
    try {
      expect((await write('sub/new.txt', 'one\n')).isError).toBe(false);
      await readIt('sub/new.txt');
      expect((await write('sub/new.txt', 'two\n')).isError).toBe(false);
      expect(await fs.readFile(p('sub/new.txt'), 'utf8')).toBe('two\n');
      await fs.symlink(ws.outside, p('out'));
      expect((await write('out/x.txt', 'x')).content).toContain('outside the workspace');
      expect(await fs.readdir(ws.outside)).toEqual([]);
    } finally {
      setProcFdForTests(undefined);
    }
  });
});

describe('writeFileAtomic', () => {
  it('replaces the target in one step and applies the given mode exactly', async () => {
    await fs.writeFile(p('f.txt'), 'before');
    await writeFileAtomic(p('f.txt'), 'after', { mode: 0o600 });
    expect(await fs.readFile(p('f.txt'), 'utf8')).toBe('after');
    expect((await fs.stat(p('f.txt'))).mode & 0o7777).toBe(0o600);
    expect(await fs.readdir(ws.root)).toEqual(['f.txt']);
  });

  it('fails without touching anything when the target is a directory', async () => {
    await fs.mkdir(p('d'));
    await fs.writeFile(p('d/inner.txt'), 'inner');
    await expect(writeFileAtomic(p('d'), 'data')).rejects.toThrow();
    expect(await fs.readFile(p('d/inner.txt'), 'utf8')).toBe('inner');
    expect(await fs.readdir(ws.root)).toEqual(['d']);
  });

  it('an interrupt that lands before the rename leaves the original file whole', async () => {
    await fs.writeFile(p('keep.txt'), 'original');
    const controller = new AbortController();
    controller.abort();
    await expect(writeFileAtomic(p('keep.txt'), 'new data', { signal: controller.signal })).rejects.toThrow(/interrupted/);
    expect(await fs.readFile(p('keep.txt'), 'utf8')).toBe('original');
    expect(await fs.readdir(ws.root)).toEqual(['keep.txt']);
  });
});
