// The start-up sweep: what a dead inkling left (its scratch folders in $TMPDIR/inkling-<uid>, or in
// $TMPDIR itself from before that folder, the temp file of a write cut by kill -9, found through the
// journal) goes; a live process's files stay.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalDir, journalTempFile } from '../../../src/core/cleanup/tmp-journal.js';
import { pidAlive, sweepLeftovers } from '../../../src/core/cleanup/sweep.js';
import { ownScratchRoot, scratchPath, scratchRootName } from '../../../src/core/cleanup/scratch-root.js';
import { writeFileAtomic } from '../../../src/core/files/atomic-write.js';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sweeptest-')));
const tmp = path.join(base, 'tmp');
const workspace = path.join(base, 'ws');
const env = { INKLING_HOME: path.join(base, 'home') };
fs.mkdirSync(tmp);
fs.mkdirSync(workspace);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A pid that was just used and is gone now. */
function deadPid(): number {
  const r = spawnSync('sh', ['-c', 'echo $$']);
  const pid = Number(String(r.stdout).trim());
  expect(pidAlive(pid)).toBe(false);
  return pid;
}

describe('sweepLeftovers', () => {
  it("removes a dead pid's scratch folders and journalled temp files, and keeps a live one's", async () => {
    const dead = deadPid();
    const deadDir = path.join(tmp, `inkling-${dead}-sandbox-abcd`);
    fs.mkdirSync(path.join(deadDir, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(deadDir, 'tmp', 'x'), 'left');
    const liveDir = path.join(tmp, `inkling-${process.pid}-keep`);
    fs.mkdirSync(liveDir);
    const other = path.join(tmp, 'inkling-ws-notours');
    fs.mkdirSync(other);

    // A write cut by kill -9: the temp file beside the target, and its journal entry.
    const partial = path.join(workspace, `.big.txt.inkling-${dead}-beef.tmp`);
    fs.writeFileSync(partial, 'x'.repeat(1000));
    fs.mkdirSync(journalDir(env), { recursive: true });
    fs.writeFileSync(path.join(journalDir(env), `${dead}-0001`), partial);
    // A journal entry pointing at something that is not that pid's temp file is never followed.
    const precious = path.join(workspace, 'precious.txt');
    fs.writeFileSync(precious, 'keep me');
    fs.writeFileSync(path.join(journalDir(env), `${dead}-0002`), precious);

    const report = await sweepLeftovers({ tmpdir: tmp, env });
    expect(report.scratchDirs).toEqual([deadDir]);
    expect(report.tempFiles).toEqual([partial]);
    expect(fs.existsSync(deadDir)).toBe(false);
    expect(fs.existsSync(partial)).toBe(false);
    expect(fs.readFileSync(precious, 'utf8')).toBe('keep me');
    expect(fs.existsSync(liveDir)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
    expect(fs.readdirSync(journalDir(env))).toEqual([]);
  });

  it('journals a write only while it is in progress', async () => {
    const before = fs.existsSync(journalDir(env)) ? fs.readdirSync(journalDir(env)) : [];
    await writeFileAtomic(path.join(workspace, 'done.txt'), 'content');
    expect(fs.readFileSync(path.join(workspace, 'done.txt'), 'utf8')).toBe('content');
    expect(fs.readdirSync(workspace).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const done = await journalTempFile(path.join(workspace, `.x.inkling-${process.pid}-aa.tmp`), env);
    expect(fs.readdirSync(journalDir(env))).toHaveLength(before.length + 1);
    await done();
    expect(fs.readdirSync(journalDir(env))).toEqual(before);
  });

  it("puts scratch folders in a private folder of the person's own, and reads $TMPDIR itself only until it has swept it once", async () => {
    const tmp2 = path.join(base, 'tmp2');
    fs.mkdirSync(tmp2);
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp2;
    try {
      const mine = fs.mkdtempSync(scratchPath('x-'));
      const root = path.join(tmp2, scratchRootName());
      expect(path.dirname(mine)).toBe(root);
      expect(path.basename(mine)).toMatch(new RegExp(`^inkling-${process.pid}-x-`));
      expect(fs.statSync(root).mode & 0o777).toBe(0o700);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    const dead = deadPid();
    const inRoot = path.join(tmp2, scratchRootName(), `inkling-${dead}-sandbox-1`);
    const oldStyle = path.join(tmp2, `inkling-${dead}-sandbox-2`);
    fs.mkdirSync(inRoot);
    fs.mkdirSync(oldStyle);
    expect((await sweepLeftovers({ tmpdir: tmp2, env })).scratchDirs.sort()).toEqual([oldStyle, inRoot].sort());
    // Swept once: what is in $TMPDIR itself now is not read again (a shared /tmp is tens of thousands of entries).
    const later = path.join(tmp2, `inkling-${dead}-sandbox-3`);
    const inRootLater = path.join(tmp2, scratchRootName(), `inkling-${dead}-sandbox-4`);
    fs.mkdirSync(later);
    fs.mkdirSync(inRootLater);
    expect((await sweepLeftovers({ tmpdir: tmp2, env })).scratchDirs).toEqual([inRootLater]);
    expect(fs.existsSync(later)).toBe(true);
  });

  it("sweeps $TMPDIR again while an older run's folder there is alive, and takes it once that run has gone", async () => {
    const tmp4 = path.join(base, 'tmp4');
    fs.mkdirSync(tmp4);
    const older = spawn('sleep', ['30'], { stdio: 'ignore' });
    const gone = new Promise((resolve) => older.once('exit', resolve));
    const live = path.join(tmp4, `inkling-${older.pid}-sandbox-1`);
    fs.mkdirSync(live);
    try {
      expect((await sweepLeftovers({ tmpdir: tmp4, env })).scratchDirs).toEqual([]);
      expect(fs.existsSync(live)).toBe(true);
    } finally {
      older.kill('SIGKILL');
      await gone;
    }
    expect((await sweepLeftovers({ tmpdir: tmp4, env })).scratchDirs).toEqual([live]);
  });

  it("never uses a scratch root that is not the person's private folder, and then sweeps $TMPDIR every time", async () => {
    const tmp3 = path.join(base, 'tmp3');
    const elsewhere = path.join(base, 'elsewhere');
    fs.mkdirSync(tmp3);
    fs.mkdirSync(elsewhere, { mode: 0o700 });
    fs.symlinkSync(elsewhere, path.join(tmp3, scratchRootName()));
    expect(ownScratchRoot(tmp3)).toBeNull();
    const open = path.join(base, 'tmp4');
    fs.mkdirSync(path.join(open, scratchRootName()), { recursive: true });
    fs.chmodSync(path.join(open, scratchRootName()), 0o777);
    expect(ownScratchRoot(open)).toBeNull();
    const dead = deadPid();
    const behindLink = path.join(elsewhere, `inkling-${dead}-a`);
    fs.mkdirSync(behindLink);
    for (const n of [1, 2]) {
      const left = path.join(tmp3, `inkling-${dead}-b${n}`);
      fs.mkdirSync(left);
      expect((await sweepLeftovers({ tmpdir: tmp3, env })).scratchDirs).toEqual([left]);
    }
    expect(fs.existsSync(behindLink)).toBe(true);
  });
});
