// The search for the .env files the sandbox masks: complete (any depth, nothing skipped), and
// after the first search a command pays one stat per folder, reading again only changed folders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvFileIndex } from '../../../src/core/shell/env-files.js';

let root: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-envfiles-')));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (rel: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), 'K=v\n');
};
const relative = (files: string[]) => files.map((f) => path.relative(root, f)).sort();

describe('EnvFileIndex', () => {
  it('finds .env files at any depth, in node_modules, .git and build output, among 600 folders', () => {
    for (let i = 0; i < 600; i++) fs.mkdirSync(path.join(root, 'many', `d${i}`), { recursive: true });
    const planted = ['.env', 'many/d599/.env.local', 'a/b/c/d/e/f/g/h/i/j/.envrc', 'node_modules/x/.env', '.git/.env.x', 'dist/.env.production'];
    for (const rel of planted) write(rel);
    write('a/not-env.txt');
    fs.mkdirSync(path.join(root, '.env.d'));
    const r = new EnvFileIndex(root).search();
    expect(relative(r.files)).toEqual([...planted].sort());
    expect(r.complete).toBe(true);
  });

  it('reads again only the folders that changed, and sees files added, renamed and removed', () => {
    write('a/b/c/.env');
    const index = new EnvFileIndex(root);
    const first = index.search();
    expect(first.read).toBe(first.folders);
    const unchanged = index.search();
    expect(unchanged.read).toBe(0);
    expect(relative(unchanged.files)).toEqual(['a/b/c/.env']);
    write('a/b/c/d/.env.new');
    fs.renameSync(path.join(root, 'a/b/c/.env'), path.join(root, 'a/b/c/.env.old'));
    const changed = index.search();
    expect(relative(changed.files)).toEqual(['a/b/c/.env.old', 'a/b/c/d/.env.new']);
    expect(changed.read).toBe(2); // a/b/c (renamed entry, new folder) and the new a/b/c/d
    fs.rmSync(path.join(root, 'a/b/c/d'), { recursive: true });
    expect(relative(index.search().files)).toEqual(['a/b/c/.env.old']);
  });

  it('does not follow a symlinked folder, and lists a symlink named .env', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-envfiles-out-'));
    try {
      fs.writeFileSync(path.join(elsewhere, '.env'), 'K=v\n');
      fs.symlinkSync(elsewhere, path.join(root, 'linked'));
      fs.symlinkSync(path.join(elsewhere, '.env'), path.join(root, '.env'));
      expect(relative(new EnvFileIndex(root).search().files)).toEqual(['.env']);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('says when the workspace has more folders than it searches', () => {
    for (let i = 0; i < 5; i++) fs.mkdirSync(path.join(root, `d${i}`));
    expect(new EnvFileIndex(root, 3).search().complete).toBe(false);
    expect(new EnvFileIndex(root, 10).search().complete).toBe(true);
  });
});
