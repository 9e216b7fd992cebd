import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditFileTool, editFileTool } from '../../../src/core/tools/edit_file.js';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import { makeTempWorkspace, makeToolContext, type TestToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let ctx: TestToolContext;
beforeEach(async () => {
  ws = await makeTempWorkspace();
  ctx = makeToolContext({ workspaceRoot: ws.root });
});
afterEach(() => ws.cleanup());

const p = (rel: string): string => path.join(ws.root, rel);
const edit = (rel: string, old_string: string, new_string: string, replace_all?: boolean) =>
  editFileTool.execute({ path: rel, old_string, new_string, replace_all }, ctx);
async function seed(rel: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(p(rel)), { recursive: true });
  await fs.writeFile(p(rel), text);
  const r = await readFileTool.execute({ path: rel }, ctx);
  expect(r.isError).toBe(false);
}
const contentOf = (rel: string) => fs.readFile(p(rel), 'utf8');

const SOURCE = ['import x from "x";', '', 'function a() {', '  return 1;', '}', '', 'function b() {', '  return 2;', '}', ''].join('\n');

describe('edit_file', () => {
  it('replaces a unique string and returns a unified diff plus structured hunks', async () => {
    await seed('m.ts', SOURCE);
    const r = await edit('m.ts', '  return 2;', '  return 20;\n  // doubled');
    expect(r.isError).toBe(false);
    expect(await contentOf('m.ts')).toBe(SOURCE.replace('  return 2;', '  return 20;\n  // doubled'));
    expect(r.content).toContain('Edited m.ts: 1 replacement');
    expect(r.content).toContain(
      ['--- a/m.ts', '+++ b/m.ts', '@@ -5,5 +5,6 @@', ' }', ' ', ' function b() {', '-  return 2;', '+  return 20;', '+  // doubled', ' }'].join('\n'),
    );
    expect(r.details).toMatchObject({
      kind: 'edit',
      path: 'm.ts',
      replacements: 1,
      created: false,
      hunks: [{ oldStart: 8, oldLines: ['  return 2;'], newStart: 8, newLines: ['  return 20;', '  // doubled'] }],
    });
  });

  it('handles an old_string that ends with a newline (whole-line deletion)', async () => {
    await seed('m.ts', SOURCE);
    const r = await edit('m.ts', 'function a() {\n  return 1;\n}\n\n', '');
    expect(r.isError).toBe(false);
    expect(await contentOf('m.ts')).toBe(SOURCE.replace('function a() {\n  return 1;\n}\n\n', ''));
    expect(r.details).toMatchObject({
      hunks: [{ oldStart: 3, oldLines: ['function a() {', '  return 1;', '}', ''], newStart: 3, newLines: [] }],
    });
    expect(r.content).toContain('@@ -1,9 +1,5 @@');
  });

  it('requires a read first, and refuses a file changed on disk since', async () => {
    await fs.writeFile(p('u.txt'), 'hello\n');
    const unread = await edit('u.txt', 'hello', 'bye');
    expect(unread.isError).toBe(true);
    expect(unread.content).toContain('read_file');

    await readFileTool.execute({ path: 'u.txt' }, ctx);
    await fs.writeFile(p('u.txt'), 'hello there\n');
    const stale = await edit('u.txt', 'hello', 'bye');
    expect(stale.isError).toBe(true);
    expect(stale.content).toContain('changed on disk');
    expect(await contentOf('u.txt')).toBe('hello there\n');
  });

  it('allows a follow-up edit without reading again', async () => {
    await seed('f.txt', 'one two three\n');
    expect((await edit('f.txt', 'one', '1')).isError).toBe(false);
    expect((await edit('f.txt', 'two', '2')).isError).toBe(false);
    expect(await contentOf('f.txt')).toBe('1 2 three\n');
  });

  it('names the count and line numbers of an ambiguous match, and replace_all replaces them all', async () => {
    await seed('m.ts', SOURCE);
    const r = await edit('m.ts', 'return', 'yield');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('occurs 2 times');
    expect(r.content).toContain('lines 4, 8');
    expect(await contentOf('m.ts')).toBe(SOURCE);

    const all = await edit('m.ts', 'return', 'yield', true);
    expect(all).toMatchObject({ isError: false, details: { replacements: 2 } });
    expect(await contentOf('m.ts')).toBe(SOURCE.replaceAll('return', 'yield'));
    expect(all.content).toContain('2 replacements');
  });

  it('shows the closest lines with line numbers when old_string is a near miss', async () => {
    await seed('m.ts', SOURCE);
    const r = await edit('m.ts', 'function b() {\n    return 2;\n}', 'function b() {\n  return 3;\n}');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('not found');
    expect(r.content).toContain('lines 7-9');
    expect(r.content).toContain('     8\t  return 2;');
    expect(await contentOf('m.ts')).toBe(SOURCE);
  });

  it('says plainly when nothing in the file is close', async () => {
    await seed('m.ts', SOURCE);
    const r = await edit('m.ts', 'zzzzqqqq completely unrelated', 'x');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('not found');
    expect(r.content).not.toContain('similar');
  });

  it('matches despite typographic quotes and keeps the file quote style in new_string', async () => {
    await seed('doc.md', 'She said \u201chello\u201d and it\u2019s fine.\nNext line.\n');
    const r = await edit('doc.md', 'She said "hello" and it\'s fine.', 'She said "goodbye" and it\'s over.');
    expect(r.isError).toBe(false);
    expect(r.content).toContain('normalizing quotes');
    expect(await contentOf('doc.md')).toBe('She said \u201cgoodbye\u201d and it\u2019s over.\nNext line.\n');
  });

  it('matches straight quotes in the file when the model typed curly ones, writing straight ones', async () => {
    await seed('a.ts', 'const s = "hi";\n');
    const r = await edit('a.ts', 'const s = \u201chi\u201d;', 'const s = \u201cho\u201d;');
    expect(r.isError).toBe(false);
    expect(await contentOf('a.ts')).toBe('const s = "ho";\n');
  });

  it('tolerates trailing-whitespace differences when the normalized match is unique', async () => {
    await seed('w.py', 'def f():   \n    return 1  \n\nprint(f())\n');
    const r = await edit('w.py', 'def f():\n    return 1\n', 'def f():\n    return 2\n');
    expect(r.isError).toBe(false);
    expect(await contentOf('w.py')).toBe('def f():\n    return 2\n\nprint(f())\n');
  });

  it('keeps CRLF line endings, matching an old_string written with LF', async () => {
    await seed('dos.txt', 'alpha\r\nbeta\r\ngamma\r\n');
    const r = await edit('dos.txt', 'alpha\nbeta', 'alpha\nBETA\nbeta2');
    expect(r.isError).toBe(false);
    expect(await contentOf('dos.txt')).toBe('alpha\r\nBETA\r\nbeta2\r\ngamma\r\n');
    expect(r.content).not.toContain('\r');
  });

  it("keeps the file's mode", async () => {
    await seed('run.sh', '#!/bin/sh\necho hi\n');
    await fs.chmod(p('run.sh'), 0o750);
    await readFileTool.execute({ path: 'run.sh' }, ctx); // chmod changes ctime only, but be explicit
    expect((await edit('run.sh', 'hi', 'bye')).isError).toBe(false);
    expect((await fs.stat(p('run.sh'))).mode & 0o7777).toBe(0o750);
  });

  it('creates a missing file when old_string is empty, and refuses other empty-old cases', async () => {
    const r = await edit('new/file.txt', '', 'fresh\ncontent\n');
    expect(r).toMatchObject({ isError: false, details: { created: true, hunks: [{ newLines: ['fresh', 'content'] }] } });
    expect(r.content).toContain('+++ b/new/file.txt');
    expect(await contentOf('new/file.txt')).toBe('fresh\ncontent\n');

    await seed('full.txt', 'has content\n');
    const r2 = await edit('full.txt', '', 'x');
    expect(r2.isError).toBe(true);
    expect(r2.content).toContain('already has content');

    const r3 = await edit('missing.txt', 'something', 'x');
    expect(r3.isError).toBe(true);
    expect(r3.content).toContain('does not exist');
  });

  it('fills an existing empty file when old_string is empty', async () => {
    await seed('empty.txt', '');
    const r = await edit('empty.txt', '', 'now full\n');
    expect(r).toMatchObject({ isError: false, details: { created: false, replacements: 1 } });
    expect(await contentOf('empty.txt')).toBe('now full\n');
  });

  it('refuses identical old_string and new_string', async () => {
    await seed('f.txt', 'same\n');
    const r = await edit('f.txt', 'same', 'same');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('identical');
  });

  it('leaves the original intact when the atomic rename fails', async () => {
    await seed('keep.txt', 'precious\n');
    const failing = createEditFileTool({
      rename: async () => {
        throw new Error('simulated rename failure');
      },
    });
    const r = await failing.execute({ path: 'keep.txt', old_string: 'precious', new_string: 'broken' }, ctx);
    expect(r.isError).toBe(true);
    expect(await contentOf('keep.txt')).toBe('precious\n');
    expect(await fs.readdir(ws.root)).toEqual(['keep.txt']);
  });

  it('refuses paths outside the workspace and inside .git', async () => {
    await fs.writeFile(path.join(ws.outside, 'o.txt'), 'outside\n');
    const r = await edit(path.join(ws.outside, 'o.txt'), 'outside', 'owned');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('outside the workspace');
    expect(await fs.readFile(path.join(ws.outside, 'o.txt'), 'utf8')).toBe('outside\n');
    await seed('.git/config', '[core]\n');
    expect((await edit('.git/config', '[core]', '[x]')).isError).toBe(true);
  });

  it('refuses binary files', async () => {
    await fs.writeFile(p('b.bin'), Buffer.from('ab\0cd'));
    await readFileTool.execute({ path: 'b.bin' }, ctx);
    ctx.session.readFiles.set(p('b.bin'), { mtimeMs: (await fs.stat(p('b.bin'))).mtimeMs, size: 5 });
    const r = await edit('b.bin', 'ab', 'xy');
    expect(r.isError).toBe(true);
    expect(r.content).toContain('binary');
  });

  it('refuses a Latin-1 file whose first non-UTF-8 byte lies past the 8 KiB sniff, leaving every byte as it was', async () => {
    // 9,000 ASCII bytes in 100 lines, then "café" in Latin-1 (é = 0xE9), then more text.
    const head = Buffer.from(`${'x'.repeat(89)}\n`.repeat(100));
    const bytes = Buffer.concat([head, Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('\nlast line\n')]);
    await fs.writeFile(p('latin1.txt'), bytes);
    expect((await readFileTool.execute({ path: 'latin1.txt' }, ctx)).isError).toBe(false);
    const r = await edit('latin1.txt', 'last line', 'changed line');
    expect(r.isError).toBe(true);
    expect(r.content).toBe(
      'latin1.txt is not valid UTF-8: the byte 0xE9 at offset 9003 (line 101) is not part of a UTF-8 character, so it is ' +
        'probably Latin-1 or another legacy encoding. edit_file only edits UTF-8 text, because decoding this file would change ' +
        'bytes you did not edit; the file is unchanged. Convert it first (for example: iconv -f latin1 -t utf-8) or change it with bash.',
    );
    expect((await fs.readFile(p('latin1.txt'))).equals(bytes)).toBe(true);
  });

  it('refuses a truncated multi-byte character at the very end of the file', async () => {
    const bytes = Buffer.concat([Buffer.from('ok\n'.repeat(3000)), Buffer.from([0xe2, 0x82])]);
    await fs.writeFile(p('cut.txt'), bytes);
    await readFileTool.execute({ path: 'cut.txt' }, ctx);
    const r = await edit('cut.txt', 'ok', 'OK', true);
    expect(r.content).toContain('the byte 0xE2 at offset 9000 (line 3001)');
    expect((await fs.readFile(p('cut.txt'))).equals(bytes)).toBe(true);
  });

  it('edits a UTF-8 file past 8 KiB byte for byte, keeping its byte-order mark and every multi-byte character', async () => {
    const text = '\uFEFF' + 'é日本🙂\n'.repeat(1000) + 'target\n' + 'ü€\n'.repeat(500);
    await seed('utf8.txt', text);
    const r = await edit('utf8.txt', 'target', 'TARGET');
    expect(r.isError).toBe(false);
    const expected = Buffer.from(text.replace('target', 'TARGET'), 'utf8');
    const actual = await fs.readFile(p('utf8.txt'));
    expect(actual.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(actual.equals(expected)).toBe(true);
  });
});
