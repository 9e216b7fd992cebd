import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFilesTool } from '../../../src/core/tools/list_files.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
beforeEach(async () => {
  ws = await makeTempWorkspace();
});
afterEach(() => ws.cleanup());

async function tree(files: Record<string, string>): Promise<void> {
  const entries = Object.entries(files);
  for (const dir of new Set(entries.map(([rel]) => path.dirname(path.join(ws.root, rel))))) {
    await fs.mkdir(dir, { recursive: true });
  }
  await Promise.all(entries.map(([rel, text]) => fs.writeFile(path.join(ws.root, rel), text)));
}
const list = (input: { path?: string; depth?: number } = {}) => listFilesTool.execute(input, makeToolContext({ workspaceRoot: ws.root }));

describe('list_files', () => {
  it('lists sorted paths relative to the root, directories with a trailing slash', async () => {
    await tree({ 'b.txt': '', 'a/z.ts': '', 'a/y.ts': '', '.github/ci.yml': '' });
    const r = await list();
    expect(r.isError).toBe(false);
    expect(r.content.split('\n')).toEqual(['.github/', '.github/ci.yml', 'a/', 'a/y.ts', 'a/z.ts', 'b.txt']);
    expect(r.details).toEqual({ kind: 'list', path: '.', entries: 6, truncated: false });
  });

  it('honours .gitignore at the root and in subdirectories, including negations', async () => {
    await tree({
      '.gitignore': 'dist/\n*.log\n',
      'dist/out.js': '',
      'app.log': '',
      'src/main.ts': '',
      'src/.gitignore': 'generated.ts\n!keep.log\n',
      'src/generated.ts': '',
      'src/keep.log': '',
      'src/drop.log': '',
    });
    const r = await list();
    expect(r.content.split('\n')).toEqual(['.gitignore', 'src/', 'src/.gitignore', 'src/keep.log', 'src/main.ts']);
  });

  it('applies the .gitignore of parent directories when listing a subdirectory', async () => {
    await tree({ '.gitignore': '*.tmp\n', 'sub/a.ts': '', 'sub/b.tmp': '' });
    const r = await list({ path: 'sub' });
    expect(r.content).toBe('sub/a.ts');
  });

  it('always skips .git and node_modules', async () => {
    await tree({ '.git/HEAD': 'ref', 'node_modules/pkg/index.js': '', 'pkg/node_modules/x.js': '', 'index.js': '' });
    const r = await list();
    expect(r.content.split('\n')).toEqual(['index.js', 'pkg/']);
  });

  it('descends `depth` levels (default 3)', async () => {
    await tree({ 'l1/l2/l3/l4/deep.txt': '' });
    expect((await list()).content.split('\n')).toEqual(['l1/', 'l1/l2/', 'l1/l2/l3/']);
    expect((await list({ depth: 1 })).content).toBe('l1/');
    expect((await list({ depth: 10 })).content.split('\n')).toContain('l1/l2/l3/l4/deep.txt');
  });

  it('caps the listing at 1000 entries and says how many were left out', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1050; i++) files[`f${String(i).padStart(4, '0')}.txt`] = '';
    await tree(files);
    const r = await list();
    const body = r.content.split('\n\n')[0]!.split('\n');
    expect(body).toHaveLength(1000);
    expect(body.at(-1)).toBe('f0999.txt');
    expect(r.content).toContain('50 more not shown');
    expect(r.details).toMatchObject({ entries: 1000, truncated: true });
  });

  it('lists a symlinked directory without following it', async () => {
    await tree({ 'real/inner.txt': '' });
    await fs.symlink(ws.outside, path.join(ws.root, 'escape'));
    await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'x');
    const r = await list();
    expect(r.content.split('\n')).toEqual(['escape', 'real/', 'real/inner.txt']);
    const inside = await list({ path: 'escape' });
    expect(inside.isError).toBe(true);
    expect(inside.content).toContain('outside the workspace');
  });

  it('reports errors for files, missing paths and paths outside the workspace', async () => {
    await tree({ 'a.txt': '' });
    expect((await list({ path: 'a.txt' })).content).toContain('read_file');
    expect((await list({ path: 'missing' })).isError).toBe(true);
    const out = await list({ path: '..' });
    expect(out.isError).toBe(true);
    expect(out.content).toContain('outside the workspace');
  });

  it('says when a directory is empty', async () => {
    await fs.mkdir(path.join(ws.root, 'empty'));
    const r = await list({ path: 'empty' });
    expect(r).toMatchObject({ isError: false, content: expect.stringContaining('empty') });
  });
});
