// The file-event hint behind fast snapshots, on real folders: after every kind of change a
// snapshot that asked git only about the paths with events must be the very tree a full walk
// of the workspace records, and the hint must step aside (full walk) whenever it cannot tell.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gitEnvironment } from '../../../src/core/checkpoints/git.js';
import { openShadowRepo, sessionIndexFile, type ShadowRepo } from '../../../src/core/checkpoints/shadow-repo.js';
import { SnapshotTaker } from '../../../src/core/checkpoints/snapshot.js';
import { WorkspaceWatcher, type WatchLimits } from '../../../src/core/checkpoints/workspace-watch.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

let ws: LedgerWorkspace | undefined;
let watcher: WorkspaceWatcher | undefined;
afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await ws?.cleanup();
  ws = undefined;
});

async function setUp(limits: Partial<WatchLimits> = {}): Promise<{ repo: ShadowRepo; watched: SnapshotTaker; walked: SnapshotTaker }> {
  ws = await ledgerWorkspace({
    files: {
      'README.md': 'hello\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/deep/b.ts': 'export const b = 2;\n',
      'docs/guide.md': '# guide\n',
      '.gitignore': 'ignored/\n*.log\n',
      'ignored/x.txt': 'not recorded\n',
      'logs/only.log': 'not recorded\n',
    },
  });
  const repo = await openShadowRepo({ home: ws.home, workspaceRoot: ws.root, env: gitEnvironment(process.env) });
  watcher = WorkspaceWatcher.start(repo, { limits });
  await watcher.settled();
  const watched = new SnapshotTaker(repo, await sessionIndexFile(repo, 'watched'), undefined, watcher.feed());
  const walked = new SnapshotTaker(repo, await sessionIndexFile(repo, 'walked'));
  await watched.take();
  await walked.take();
  return { repo, watched, walked };
}

const rootOf = () => ws!.root;
const at = (rel: string) => path.join(rootOf(), rel);

/** Each step changes the workspace the way a tool, a person or a command would. */
const steps: Array<[string, () => Promise<void>]> = [
  ['a file is modified', () => fs.appendFile(at('src/a.ts'), 'export const a2 = 1;\n')],
  ['a file is created in a watched folder', () => fs.writeFile(at('docs/new.md'), 'new\n')],
  ['a file is deleted', () => fs.rm(at('README.md'))],
  ['a folder and a file in it at once', async () => {
    await fs.mkdir(at('fresh'));
    await fs.writeFile(at('fresh/one.txt'), '1\n');
  }],
  ['nested folders made by a command', async () => {
    execFileSync('sh', ['-c', 'mkdir -p made/by/sh && echo deep > made/by/sh/f.txt && echo top > made/t.txt'], { cwd: rootOf() });
  }],
  ['a file later in a folder made just before', () => fs.writeFile(at('made/by/later.txt'), 'later\n')],
  ['a folder is renamed', () => fs.rename(at('src/deep'), at('src/shallow'))],
  ['a file in the renamed folder changes', () => fs.appendFile(at('src/shallow/b.ts'), '// more\n')],
  ['a folder is removed with what is in it', () => fs.rm(at('made'), { recursive: true })],
  ['a file becomes executable', () => fs.chmod(at('src/a.ts'), 0o755)],
  ['a symlink is made', () => fs.symlink('src/a.ts', at('link.ts'))],
  ['a file is replaced by a folder', async () => {
    await fs.rm(at('docs/new.md'));
    await fs.mkdir(at('docs/new.md'));
    await fs.writeFile(at('docs/new.md/inside.md'), 'inside\n');
  }],
  ['an ignored file changes', () => fs.appendFile(at('ignored/x.txt'), 'more\n')],
  ['a file written through a temp file and a rename', async () => {
    await fs.writeFile(at('src/.a.ts.inkling-1-ab.tmp'), 'export const a = 3;\n');
    await fs.rename(at('src/.a.ts.inkling-1-ab.tmp'), at('src/a.ts'));
  }],
  ['sed -i in place', async () => {
    execFileSync('sed', ['-i', 's/guide/Guide/', 'docs/guide.md'], { cwd: rootOf() });
  }],
  ['a file in a folder of ignored files only', () => fs.writeFile(at('logs/keep.txt'), 'kept\n')],
  ['a file an ignore rule names, in a watched folder', () => fs.writeFile(at('docs/debug.log'), 'not recorded\n')],
  ['a folder named like pathspec magic', async () => {
    await fs.mkdir(at(':odd'));
    await fs.writeFile(at(':odd/f.txt'), 'odd\n');
  }],
  ['a file later in that folder', () => fs.writeFile(at(':odd/g.txt'), 'g\n')],
  ['nothing at all', async () => undefined],
];

describe('snapshots from file events', () => {
  it('record the same tree as a full walk after every kind of change, without walking', async () => {
    const { watched, walked } = await setUp();
    expect(watcher!.watching).toBe(true);
    const ways = new Map<string, string>();
    for (const [what, step] of steps) {
      await step();
      const fast = await watched.take();
      const full = await walked.take();
      expect({ what, tree: fast.tree }).toEqual({ what, tree: full.tree });
      const unseen = what === 'nothing at all' || what === 'an ignored file changes';
      ways.set(what, watched.lastWay);
      expect({ what, way: unseen ? watched.lastWay : 'seen' }).toEqual({ what, way: unseen ? 'unchanged' : 'seen' });
      expect(['unchanged', 'paths', 'files']).toContain(watched.lastWay);
      // Watches made for new folders mark them again once in place; the next step starts clean.
      await watcher!.idle();
      expect((await watched.take()).tree).toBe(full.tree);
    }
    // Plain files that no rule ignores go straight into the index; folders and ignored names ask git to list them.
    expect(ways.get('a file is modified')).toBe('files');
    expect(ways.get('a file is deleted')).toBe('files');
    expect(ways.get('sed -i in place')).toBe('files');
    expect(ways.get('a folder and a file in it at once')).toBe('paths');
    expect(ways.get('a file in a folder of ignored files only')).toBe('files');
    expect(ways.get('a file an ignore rule names, in a watched folder')).toBe('paths');
  });

  it('walks everything after a .gitignore change, and records what it un-ignored', async () => {
    const { watched, walked } = await setUp();
    await fs.writeFile(at('.gitignore'), '*.log\n');
    const fast = await watched.take();
    expect(watched.lastWay).toBe('full');
    expect(fast.tree).toBe((await walked.take()).tree);
    await watcher!.idle();
    await watched.take();
    // The folder that was ignored is watched now: a change in it is seen from its event.
    await fs.writeFile(at('ignored/y.txt'), 'now recorded\n');
    const next = await watched.take();
    // Straight into the index: the ignore rules were asked again after the change.
    expect(watched.lastWay).toBe('files');
    expect(next.tree).toBe((await walked.take()).tree);
  });

  it('walks everything until the watches are in place, and when there are too many folders to watch', async () => {
    ws = await ledgerWorkspace({ files: { 'a/1.txt': '1\n', 'b/2.txt': '2\n', 'c/3.txt': '3\n' } });
    const repo = await openShadowRepo({ home: ws.home, workspaceRoot: ws.root, env: gitEnvironment(process.env) });
    watcher = WorkspaceWatcher.start(repo, { limits: { maxDirs: 2 } });
    const taker = new SnapshotTaker(repo, await sessionIndexFile(repo, 's'), undefined, watcher.feed());
    await taker.take();
    expect(taker.lastWay).toBe('full');
    await watcher.settled();
    expect(watcher.watching).toBe(false);
    await fs.writeFile(at('a/1.txt'), 'changed\n');
    await taker.take();
    expect(taker.lastWay).toBe('full');
  });

  it('walks everything when more paths changed than the hint keeps', async () => {
    const { watched, walked } = await setUp({ maxPaths: 5 });
    for (let i = 0; i < 8; i++) await fs.writeFile(at(`docs/many-${i}.md`), `${i}\n`);
    const fast = await watched.take();
    expect(watched.lastWay).toBe('full');
    expect(fast.tree).toBe((await walked.take()).tree);
  });
});

describe('the ledger with file events', () => {
  it('records what a command in a child process changed, right after it exits', async () => {
    ws = await ledgerWorkspace({ files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } });
    const ledger = newLedger(ws);
    const emit = () => undefined;
    try {
      await ledger.beginTurn('go', 1, emit);
      await ledger.workspaceWatcher!.settled();
      expect(ledger.workspaceWatcher!.watching).toBe(true);
      const changed: string[][] = [];
      for (let i = 0; i < 5; i++) {
        let result: string[] = [];
        await ledger.recordCall({ id: `c${i}`, name: 'bash', input: { command: 'sed' } }, async () => {
          execFileSync('sh', ['-c', `sed -i 's/$/ ${i}/' a.txt && echo ${i} > new-${i}.txt`], { cwd: ws!.root });
          return { content: 'ok', isError: false };
        }, (e) => {
          if (e.type === "tool_changes") result = e.changes.map((c) => `${c.status} ${c.path}`).sort();
        });
        changed.push(result);
      }
      expect(changed).toEqual([0, 1, 2, 3, 4].map((i) => [`modified a.txt`, `added new-${i}.txt`].sort()));
    } finally {
      ledger.close();
    }
  });
  it("follows the folders a call makes once the call's snapshot has looked at them, not while the command runs", async () => {
    ws = await ledgerWorkspace({ files: { 'a.txt': 'one\n' } });
    // No pause before queued names are looked at, and room for few folders: followed during the
    // call, the 20 new ones would stop the watcher before the call's own snapshot.
    const ledger = newLedger(ws, { watch: { maxDirs: 10, settleMs: 0, maxSettleMs: 0 } });
    const added: string[] = [];
    try {
      await ledger.beginTurn('go', 1, () => undefined);
      const w = ledger.workspaceWatcher!;
      await w.settled();
      expect(w.watching).toBe(true);
      // A feed of the test's own: its drain returns once the kernel has delivered every event so far.
      const probe = w.feed();
      await ledger.recordCall({ id: 'c1', name: 'bash', input: { command: 'mkdir' } }, async () => {
        for (let i = 0; i < 20; i++) await ws!.write(`made/${i}/f.txt`, `${i}\n`);
        await probe.drain();
        // The name "made" has been seen: either it waits for the call, or the watcher walked it and stopped.
        await vi.waitFor(() => expect(w.heldNames > 0 || !w.watching).toBe(true), { timeout: 20_000, interval: 5 });
        expect(w.watching).toBe(true);
        expect(w.heldNames).toBe(1);
        return { content: 'ok', isError: false };
      }, (e) => e.type === 'tool_changes' && added.push(...e.changes.map((c) => c.path)));
      // The call's snapshot looked under the one changed name, not at the whole workspace.
      expect(ledger.lastSnapshotWay).toBe('paths');
      expect(added.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `made/${i}/f.txt`).sort());
      // Then the folders were followed: too many for this watcher's room, so it stopped, saying why.
      await w.idle();
      expect(w.heldNames).toBe(0);
      expect(w.stoppedReason).toMatch(/^more than \d+ new folders to watch at once$/);
    } finally {
      await ledger.close();
    }
  });

  it('sees at a turn start, from the events, what an editor changed between turns', async () => {
    ws = await ledgerWorkspace({ files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } });
    const ledger = newLedger(ws);
    const events: AgentEvent[] = [];
    try {
      await ledger.beginTurn('first', 1, () => undefined);
      await ledger.workspaceWatcher!.settled();
      // The second turn walks or not depending on whether the watches were in place before the
      // first turn's snapshot (a race with set-up; walking until then is the test above). From the
      // third on, the events vouch for the time between turns.
      await ledger.beginTurn('second', 2, () => undefined);
      await ledger.beginTurn('third', 3, () => undefined);
      expect(ledger.lastSnapshotWay).toBe('unchanged');
      await ws.write('b.txt', 'edited by the person\n');
      await ledger.beginTurn('fourth', 4, (e) => events.push(e));
      expect(ledger.lastSnapshotWay).toBe('files');
      expect(events.filter((e) => e.type === 'outside_changes')).toMatchObject([{ changes: [{ path: 'b.txt', status: 'modified' }] }]);
      // What the events recorded is what a full walk finds: the undo plan (a full walk) sees no new outside change.
      const plan = await ledger.planRewind(4);
      expect(ledger.lastSnapshotWay).toBe('full');
      expect(plan.clean).toEqual([]);
      expect(plan.conflicts).toEqual([]);
    } finally {
      ledger.close();
    }
  });
});

describe('a watcher past its limits', () => {
  it('stops when too many names come at once (saying why), and watches again after a walk under its limit', async () => {
    ws = await ledgerWorkspace({ files: { 'src/a.ts': 'a\n' } });
    const repo = await openShadowRepo({ home: ws.home, workspaceRoot: ws.root, env: gitEnvironment(process.env) });
    const said: string[] = [];
    // A long pause before the queue is looked at: the burst below is all queued first, however slow the machine.
    watcher = WorkspaceWatcher.start(repo, { limits: { maxQueued: 20, retryAfterMs: 0, settleMs: 5_000, maxSettleMs: 5_000 }, log: (l) => said.push(l) });
    await watcher.settled();
    const watched = new SnapshotTaker(repo, await sessionIndexFile(repo, 'watched'), undefined, watcher.feed());
    const walked = new SnapshotTaker(repo, await sessionIndexFile(repo, 'walked'));
    await watched.take();
    await watched.take();
    expect(watched.lastWay).toBe('unchanged');
    for (let i = 0; i < 30; i++) await fs.mkdir(at(`burst-${i}`));
    await fs.writeFile(at('burst-7/in.txt'), 'x\n');
    await watcher.idle();
    expect(watcher.watching).toBe(false);
    expect(watcher.watchedDirs).toBe(0);
    expect(said).toEqual([expect.stringMatching(/^stopped watching the workspace: more than 20 new or removed names at once/)]);
    // The next snapshot walks, and that walk lets the watcher start again (31 folders is under maxDirs).
    expect((await watched.take()).tree).toBe((await walked.take()).tree);
    expect(watched.lastWay).toBe('full');
    await watcher.settled();
    expect(watcher.watching).toBe(true);
    expect(said.at(-1)).toMatch(/^watching again \(\d+ folders\)$/);
    // Once more a walk (what happened while the watches were being made), then events again.
    await watched.take();
    await fs.writeFile(at('burst-3/late.txt'), 'late\n');
    const next = await watched.take();
    expect(watched.lastWay).toBe('files');
    expect(next.tree).toBe((await walked.take()).tree);
  });
});
