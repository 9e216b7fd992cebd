// `@` completion's file list on a real folder: a file made during the session is offered once
// completion has asked again; asking often re-reads at most once per interval.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceFileList } from '../../src/app/workspace-files.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the @ file list', () => {
  it('offers files made during the session after the next ask, re-reading at most once per interval', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inkling-at-files-'));
    await writeFile(path.join(dir, 'old.ts'), 'x');
    let clock = 0;
    const list = workspaceFileList(dir, { minIntervalMs: 1000, now: () => clock });
    await list.refresh();
    expect(list.get()).toEqual(['old.ts']);
    await writeFile(path.join(dir, 'made-later.ts'), 'y');
    // Within the interval: the list as it was, no new read.
    clock = 500;
    expect(list.get()).toEqual(['old.ts']);
    await list.refresh().then(() => undefined);
    // refresh() itself reads: the list has the new file now; a later ask keeps it.
    expect(list.get()).toContain('made-later.ts');
    await writeFile(path.join(dir, 'third.ts'), 'z');
    clock = 2000;
    list.get(); // past the interval: starts a read in the background
    await list.refresh(); // the same read, awaited
    expect([...list.get()].sort()).toEqual(['made-later.ts', 'old.ts', 'third.ts']);
  });

  it('tells onChange when a read finds a different list, and only then', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inkling-at-files-'));
    await writeFile(path.join(dir, 'a.ts'), 'x');
    const seen: string[][] = [];
    const list = workspaceFileList(dir, { onChange: (f) => seen.push([...f].sort()) });
    await list.refresh();
    await list.refresh();
    expect(seen).toEqual([['a.ts']]);
    await writeFile(path.join(dir, 'b.ts'), 'y');
    await list.refresh();
    expect(seen).toEqual([['a.ts'], ['a.ts', 'b.ts']]);
  });

  it('reads again when the interval is over after an ask within it: a file made just after a read shows without another ask', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inkling-at-files-'));
    await writeFile(path.join(dir, 'a.ts'), 'x');
    let seen: string[] = [];
    const list = workspaceFileList(dir, { minIntervalMs: 50, onChange: (f) => (seen = [...f].sort()) });
    await list.refresh();
    await writeFile(path.join(dir, 'b.ts'), 'y');
    // Asked at once (within the interval): the old list now, the new one when the interval is over.
    expect(list.get()).toEqual(['a.ts']);
    await waitUntil(() => seen.includes('b.ts'));
    expect(list.get()).toEqual(['a.ts', 'b.ts']);
  });
});

async function waitUntil(test: () => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
