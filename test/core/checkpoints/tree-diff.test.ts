// A snapshot's changes read from the session's index (diff-index, the quick way) must be exactly
// what comparing the two trees says (diff-tree): every kind of change, with its line counts.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitEnvironment } from '../../../src/core/checkpoints/git.js';
import { openShadowRepo, sessionIndexFile } from '../../../src/core/checkpoints/shadow-repo.js';
import { SnapshotTaker } from '../../../src/core/checkpoints/snapshot.js';
import { treeChanges } from '../../../src/core/checkpoints/tree-diff.js';
import { ledgerWorkspace, type LedgerWorkspace } from './ledger-fixtures.js';

let ws: LedgerWorkspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

describe("a snapshot's changes", () => {
  it('read from the index holding the new tree are the same as comparing the trees', async () => {
    ws = await ledgerWorkspace({
      files: {
        'keep.txt': 'same\n',
        'edit.txt': 'one\ntwo\nthree\n',
        'gone.txt': 'bye\n',
        'run.sh': 'echo hi\n',
        'becomes-dir': 'a file first\n',
        'deep/a/b.txt': 'b\n',
        'link-target.txt': 'target\n',
      },
    });
    const repo = await openShadowRepo({ home: ws.home, workspaceRoot: ws.root, env: gitEnvironment(process.env) });
    const taker = new SnapshotTaker(repo, await sessionIndexFile(repo, 'diff'));
    const before = await taker.take();
    const at = (rel: string) => path.join(ws!.root, rel);
    await fs.writeFile(at('edit.txt'), 'one\n2\nthree\nfour\n');
    await fs.rm(at('gone.txt'));
    await fs.chmod(at('run.sh'), 0o755);
    await fs.rm(at('becomes-dir'));
    await ws.write('becomes-dir/inside.txt', 'x\ny\n');
    await fs.rm(at('deep'), { recursive: true });
    await fs.symlink('link-target.txt', at('link'));
    await fs.writeFile(at('bin.dat'), Buffer.from([0, 1, 2, 0, 255]));
    for (let i = 0; i < 30; i++) await ws.write(`pkg/${i}/lib/x`, `${i}\n`.repeat(i));
    const after = await taker.take();

    const fromIndex = await taker.changes(before.tree, after.tree);
    const fromTrees = await treeChanges(repo.git, before.tree, after.tree);
    expect(fromIndex).toEqual(fromTrees);
    // The comparison covers every kind: not two empty lists agreeing.
    const byPath = new Map(fromIndex.map((c) => [c.path, c]));
    expect(byPath.get('edit.txt')).toMatchObject({ status: 'modified', added: 2, removed: 1 });
    expect(byPath.get('gone.txt')?.status).toBe('deleted');
    expect(byPath.get('run.sh')?.status).toBe('modified');
    expect(byPath.get('becomes-dir')?.status).toBe('deleted');
    expect(byPath.get('becomes-dir/inside.txt')).toMatchObject({ status: 'added', added: 2 });
    expect(byPath.get('deep/a/b.txt')?.status).toBe('deleted');
    expect(byPath.get('link')?.status).toBe('added');
    expect(byPath.get('bin.dat')?.binary).toBe(true);
    expect(byPath.get('pkg/29/lib/x')).toMatchObject({ status: 'added', added: 29 });
    expect(byPath.has('keep.txt')).toBe(false);
    expect(fromIndex).toHaveLength(8 + 30);
    // An older tree than the index holds is compared tree to tree, as before.
    expect(await taker.changes(after.tree, before.tree)).toEqual(await treeChanges(repo.git, after.tree, before.tree));
  });
});
