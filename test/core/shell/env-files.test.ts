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
  it('finds .env files at any depth, in node_modules, .git and build output, among 600 folders', async () => {
    for (let i = 0; i < 600; i++) fs.mkdirSync(path.join(root, 'many', `d${i}`), { recursive: true });
    const planted = ['.env', 'many/d599/.env.local', 'a/b/c/d/e/f/g/h/i/j/.envrc', 'node_modules/x/.env', '.git/.env.x', 'dist/.env.production'];
    for (const rel of planted) write(rel);
    write('a/not-env.txt');
    fs.mkdirSync(path.join(root, '.env.d'));
    const r = await new EnvFileIndex(root).search();
    expect(relative(r.files)).toEqual([...planted].sort());
    expect(r.complete).toBe(true);
  });

  it('reads again only the folders that changed, and sees files added, renamed and removed', async () => {
    write('a/b/c/.env');
    const index = new EnvFileIndex(root);
    const first = await index.search();
    expect(first.read).toBe(first.folders);
    const unchanged = await index.search();
    expect(unchanged.read).toBe(0);
    expect(relative(unchanged.files)).toEqual(['a/b/c/.env']);
    write('a/b/c/d/.env.new');
    fs.renameSync(path.join(root, 'a/b/c/.env'), path.join(root, 'a/b/c/.env.old'));
    const changed = await index.search();
    expect(relative(changed.files)).toEqual(['a/b/c/.env.old', 'a/b/c/d/.env.new']);
    expect(changed.read).toBe(2); // a/b/c (renamed entry, new folder) and the new a/b/c/d
    fs.rmSync(path.join(root, 'a/b/c/d'), { recursive: true });
    expect(relative((await index.search()).files)).toEqual(['a/b/c/.env.old']);
  });

  it('does not follow a symlinked folder, and lists a symlink named .env', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-envfiles-out-'));
    try {
      fs.writeFileSync(path.join(elsewhere, '.env'), 'K=v\n');
      fs.symlinkSync(elsewhere, path.join(root, 'linked'));
      fs.symlinkSync(path.join(elsewhere, '.env'), path.join(root, '.env'));
      expect(relative((await new EnvFileIndex(root).search()).files)).toEqual(['.env']);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('lets the event loop run while it reads: a timer set as it starts fires before a 300-folder search is over', async () => {
    for (let i = 0; i < 300; i++) fs.mkdirSync(path.join(root, 'many', `d${i}`), { recursive: true });
    write('many/d299/.env');
    let fired = false;
    setTimeout(() => (fired = true), 0);
    const r = await new EnvFileIndex(root).search();
    // A search that held the thread for its whole walk would be over before the timer's turn came.
    expect(fired).toBe(true);
    expect(relative(r.files)).toEqual(['many/d299/.env']);
  });

  it('says when the workspace has more folders than it searches', async () => {
    for (let i = 0; i < 5; i++) fs.mkdirSync(path.join(root, `d${i}`));
    expect((await new EnvFileIndex(root, 3).search()).complete).toBe(false);
    expect((await new EnvFileIndex(root, 10).search()).complete).toBe(true);
  });
});
