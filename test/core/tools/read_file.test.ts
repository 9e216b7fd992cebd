import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setProcFdForTests } from '../../../src/core/files/workspace-open.js';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
beforeEach(async () => {
  ws = await makeTempWorkspace();
});
afterEach(() => ws.cleanup());

const lines = (n: number, f = (i: number) => `line ${i}`): string =>
  Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

async function read(input: { path: string; offset?: number; limit?: number }, ctx = makeToolContext({ workspaceRoot: ws.root })) {
  return readFileTool.execute(input, ctx);
}

describe('read_file', () => {
  it('returns numbered lines and records the file in the read state', async () => {
    const file = path.join(ws.root, 'a.txt');
    await fs.writeFile(file, 'alpha\nbeta\n\tgamma');
    const ctx = makeToolContext({ workspaceRoot: ws.root });
    const r = await read({ path: 'a.txt' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).toBe('     1\talpha\n     2\tbeta\n     3\t\tgamma');
    expect(r.details).toEqual({ kind: 'read', path: 'a.txt', startLine: 1, endLine: 3, totalLines: 3, more: false });
    const st = await fs.stat(file);
    expect(ctx.session.readFiles.get(file)).toEqual({ mtimeMs: st.mtimeMs, size: st.size });
  });

  it('pages with offset and limit, and says where to read on', async () => {
    await fs.writeFile(path.join(ws.root, 'long.txt'), lines(100));
    const r = await read({ path: 'long.txt', offset: 10, limit: 5 });
    expect(r.isError).toBe(false);
    const body = r.content.split('\n\n')[0]!.split('\n');
    expect(body).toEqual(['    10\tline 10', '    11\tline 11', '    12\tline 12', '    13\tline 13', '    14\tline 14']);
    expect(r.content).toContain('of 100');
    expect(r.content).toContain('offset=15');
    expect(r.details).toMatchObject({ startLine: 10, endLine: 14, totalLines: 100, more: true });
  });

  it('reads at most 2000 lines by default', async () => {
    await fs.writeFile(path.join(ws.root, 'many.txt'), lines(2500, (i) => String(i)));
    const r = await read({ path: 'many.txt' });
    expect(r.details).toMatchObject({ startLine: 1, endLine: 2000, totalLines: 2500, more: true });
    expect(r.content).toContain('offset=2001');
  });

  it('stops at 50,000 characters on a line boundary', async () => {
    await fs.writeFile(path.join(ws.root, 'wide.txt'), lines(500, (i) => `${i} ${'x'.repeat(400)}`));
    const r = await read({ path: 'wide.txt' });
    const [body] = r.content.split('\n\n[');
    expect(body!.length).toBeLessThanOrEqual(50_000);
    const last = body!.split('\n').at(-1)!;
    expect(last).toMatch(/^\s+\d+\t\d+ x{400}$/);
    const endLine = Number(last.trim().split('\t')[0]);
    expect(r.details).toMatchObject({ endLine, totalLines: 500, more: true });
    expect(r.content).toContain(`offset=${endLine + 1}`);
    expect(r.content).toContain('50000-character limit');
  });

  it('cuts lines longer than 2000 characters with a marker', async () => {
    await fs.writeFile(path.join(ws.root, 'min.js'), `${'é'.repeat(5000)}\nshort\n`);
    const r = await read({ path: 'min.js' });
    const first = r.content.split('\n')[0]!;
    expect(first).toBe(`     1\t${'é'.repeat(2000)}... [line cut at 2000 characters]`);
    expect(r.content.split('\n')[1]).toBe('     2\tshort');
  });

  it('assembles a line that straddles two read chunks', async () => {
    // 10-byte lines: line 104858 starts at byte 1,048,570 and crosses the 1 MiB chunk boundary.
    await fs.writeFile(path.join(ws.root, 'seq.txt'), lines(110_000, (i) => String(i).padStart(9, '0')));
    const r = await read({ path: 'seq.txt', offset: 104_857, limit: 3 });
    expect(r.content.split('\n').slice(0, 3)).toEqual(['104857\t000104857', '104858\t000104858', '104859\t000104859']);
    expect(r.details).toMatchObject({ totalLines: 110_000 });
  });

  it('shows CRLF files without carriage returns', async () => {
    await fs.writeFile(path.join(ws.root, 'dos.txt'), 'one\r\ntwo\r\n');
    const r = await read({ path: 'dos.txt' });
    expect(r.content).toBe('     1\tone\n     2\ttwo');
  });

  it('says when a file is empty', async () => {
    await fs.writeFile(path.join(ws.root, 'empty.txt'), '');
    const r = await read({ path: 'empty.txt' });
    expect(r).toMatchObject({ isError: false, content: expect.stringContaining('empty') });
  });

  it('refuses directories and points to list_files', async () => {
    await fs.mkdir(path.join(ws.root, 'dir'));
    const r = await read({ path: 'dir' });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('list_files');
  });

  it('reports a missing file and an offset past the end as errors', async () => {
    expect((await read({ path: 'nope.txt' })).isError).toBe(true);
    await fs.writeFile(path.join(ws.root, 'three.txt'), lines(3));
    const r = await read({ path: 'three.txt', offset: 10 });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('has 3 lines');
  });

  it('refuses binary files with their size and detected type, and an image whose header gives no size', async () => {
    // A PNG signature without an IHDR chunk: read_file sends images, but cannot size this one.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    await fs.writeFile(path.join(ws.root, 'img.png'), png);
    const r1 = await read({ path: 'img.png' });
    expect(r1.isError).toBe(true);
    expect(r1.content).toContain('img.png looks like an image but its header gives no size');
    expect(r1.images).toBeUndefined();

    await fs.writeFile(path.join(ws.root, 'data.bin'), Buffer.from('abc\0def'));
    expect((await read({ path: 'data.bin' })).content).toContain('binary data');

    await fs.writeFile(path.join(ws.root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    const r3 = await read({ path: 'latin1.txt' });
    expect(r3.isError).toBe(true);
    expect(r3.content).toContain('not valid UTF-8');
  });

  it('does not mistake a multi-byte character cut by the 8 KiB sniff window for binary', async () => {
    // 8191 ASCII bytes, then a 2-byte character straddling the 8192-byte boundary.
    await fs.writeFile(path.join(ws.root, 'edge.txt'), `${'a'.repeat(8191)}é\n`);
    const r = await read({ path: 'edge.txt' });
    expect(r.isError).toBe(false);
  });

  it('refuses a whole read over the size cap but serves a page of it', async () => {
    const line = `${'y'.repeat(99)}\n`;
    await fs.writeFile(path.join(ws.root, 'big.log'), line.repeat(110_000)); // ~11 MB
    const whole = await read({ path: 'big.log' });
    expect(whole.isError).toBe(true);
    expect(whole.content).toContain('offset');
    // The input check lets optional parameters through as null; null is not a page request.
    expect((await read({ path: 'big.log', offset: null as unknown as number })).isError).toBe(true);
    const page = await read({ path: 'big.log', offset: 100_000, limit: 2 });
    expect(page.isError).toBe(false);
    expect(page.content.split('\n')[0]).toBe(`100000\t${'y'.repeat(99)}`);
    expect(page.details).toMatchObject({ totalLines: 110_000, more: true });
  });

  it('refuses paths outside the workspace, naming the root', async () => {
    await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret');
    const r = await read({ path: '../outside/secret.txt' });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('outside the workspace');
    expect(r.content).toContain(ws.root);
    expect(r.content).not.toContain('secret\n');

    await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'innocent.txt'));
    const viaLink = await read({ path: 'innocent.txt' });
    expect(viaLink.isError).toBe(true);
    expect(viaLink.content).toContain('outside the workspace');
    expect(viaLink.content).not.toContain('\tsecret');
  });

  it('reads a file through a hard link, and says it has other names', async () => {
    await fs.writeFile(path.join(ws.outside, 'shared.txt'), 'linked content\n');
    await fs.link(path.join(ws.outside, 'shared.txt'), path.join(ws.root, 'hard.txt'));
    const r = await read({ path: 'hard.txt' });
    expect(r.isError).toBe(false);
    expect(r.content).toBe('     1\tlinked content\n\n[Note: this file has 1 other name (hard links), which may be outside the workspace.]');
    await fs.link(path.join(ws.outside, 'shared.txt'), path.join(ws.outside, 'third.txt'));
    expect((await read({ path: 'hard.txt' })).content).toContain('this file has 2 other names');

    await fs.writeFile(path.join(ws.root, 'single.txt'), 'alone\n');
    expect((await read({ path: 'single.txt' })).content).toBe('     1\talone');
  });

  it('refuses a FIFO at once instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(ws.root, 'pipe')]);
    const r = await read({ path: 'pipe' });
    expect(r).toMatchObject({ isError: true });
    expect(r.content).toContain('not a regular file');
  });

  it('works where /proc/self/fd is missing, by checking the opened file is still the one at the path', async () => {
    setProcFdForTests(false);
    try {
      await fs.writeFile(path.join(ws.root, 'a.txt'), 'plain\n');
      expect((await read({ path: 'a.txt' })).content).toBe('     1\tplain');
      await fs.symlink(path.join(ws.outside), path.join(ws.root, 'out'));
      await fs.writeFile(path.join(ws.outside, 's.txt'), 'secret\n');
      expect((await read({ path: 'out/s.txt' })).content).toContain('outside the workspace');
    } finally {
      setProcFdForTests(undefined);
    }
  });
});
