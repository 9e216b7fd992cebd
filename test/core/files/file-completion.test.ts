import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fuzzyScore, listWorkspaceFiles, mentionAt, rankFiles } from '../../../src/core/files/file-completion.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'inkling-files-'));
  const files = ['src/app.ts', 'src/store/app-store.ts', 'README.md', 'dist/app.js', 'node_modules/x/index.js', 'logs/a.log', 'src/gen/out.ts'];
  for (const f of files) {
    await mkdir(path.dirname(path.join(root, f)), { recursive: true });
    await writeFile(path.join(root, f), 'x');
  }
  await writeFile(path.join(root, '.gitignore'), 'dist/\n*.log\n');
  await writeFile(path.join(root, 'src/.gitignore'), 'gen/\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('@ file completion', () => {
  it('lists workspace files honouring nested .gitignore files', async () => {
    const files = await listWorkspaceFiles(root);
    expect(files.sort()).toEqual(['.gitignore', 'README.md', 'src/.gitignore', 'src/app.ts', 'src/store/app-store.ts']);
  });

  it('ranks fuzzy matches, file names and word starts first', () => {
    const files = ['src/store/app-store.ts', 'src/app.ts', 'docs/apple.md', 'README.md'];
    expect(rankFiles('app', files)[0]).toBe('src/app.ts');
    expect(rankFiles('sas', files)).toContain('src/store/app-store.ts');
    expect(rankFiles('zzz', files)).toEqual([]);
    expect(fuzzyScore('', 'x')).toBe(0);
    expect(fuzzyScore('ba', 'ab')).toBeNull();
  });

  it('finds the @token at the cursor', () => {
    expect(mentionAt('look at @src/a', 14)).toEqual({ start: 8, query: 'src/a' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@host', 12)).toBeNull();
    expect(mentionAt('@a b', 4)).toBeNull();
  });
});
