// What the ledger must never do: touch the person's own .git, record or revert ignored files
// (dependencies, secrets, files over 10 MB), write through a symlink, or fail a turn because
// git is missing or the workspace is too big.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callThrough, dotGitFingerprint, eventLog, ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
afterEach(async () => {
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

async function workspace(opts: Parameters<typeof ledgerWorkspace>[0]) {
  const ws = await ledgerWorkspace(opts);
  spaces.push(ws);
  return ws;
}

describe('ledger safety', () => {
  it("leaves the person's .git byte-identical through calls, outside edits, undo, rewind and diffs", async () => {
    const ws = await workspace({ git: true, files: { 'a.txt': 'a0\n', 'src/b.ts': 'b0\n' } });
    const before = await dotGitFingerprint(ws.root);
    const status = ws.userGit('status', '--porcelain');
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('one', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'edit' }, async () => {
      await ws.write('a.txt', 'a1\n');
      await ws.write('src/new.ts', 'new\n');
    }, log.emit);
    await ws.write('src/b.ts', 'by hand\n');
    await ledger.beginTurn('two', 2, log.emit);
    await callThrough(ledger, 'c2', 'write_file', { path: 'c.txt' }, () => ws.write('c.txt', 'c\n'), log.emit);
    await ledger.undo((await ledger.entryForCall('c2'))!.id);
    await ledger.sessionDiff();
    await ledger.rewind(1, { overwriteConflicts: true });

    expect(await ws.read('a.txt')).toBe('a0\n');
    expect(await ws.exists('src/new.ts')).toBe(false);
    expect(await ws.read('src/b.ts')).toBe('by hand\n'); // only the person changed it: not inkling's to revert
    expect(await dotGitFingerprint(ws.root)).toEqual(before);
    await ws.write('src/b.ts', 'b0\n');
    expect(ws.userGit('status', '--porcelain')).toBe(status);
    expect(ws.userGit('stash', 'list')).toContain('WIP on main');
    expect(ws.userGit('branch', '--list').split('\n').map((b) => b.trim()).filter(Boolean)).toEqual(['feature', '* main']);
  });

  it('never records or reverts ignored files: .gitignore, dependencies, .env, files over 10 MB', async () => {
    const ws = await workspace({
      files: { '.gitignore': 'logs/\n', 'logs/app.log': 'l0\n', 'node_modules/pkg/index.js': 'n0\n', '.env': 'KEY=0\n', 'src/a.ts': 'a0\n' },
    });
    await fs.writeFile(path.join(ws.root, 'big.bin'), Buffer.alloc(1024));
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('touch everything', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'touch everything' }, async () => {
      await ws.write('logs/app.log', 'l1\n');
      await ws.write('node_modules/pkg/index.js', 'n1\n');
      await ws.write('.env', 'KEY=1\n');
      await ws.write('src/a.ts', 'a1\n');
      await fs.writeFile(path.join(ws.root, 'big.bin'), Buffer.alloc(10 * 1024 * 1024 + 1));
    }, log.emit);

    const [changes] = log.of('tool_changes');
    expect(changes!.changes.map((c) => c.path)).toEqual(['src/a.ts']);
    expect(changes!.skipped).toEqual([{ path: 'big.bin', reason: 'too-large', bytes: 10 * 1024 * 1024 + 1 }]);

    await ledger.undo(changes!.entry!);
    expect(await ws.read('src/a.ts')).toBe('a0\n');
    expect(await ws.read('logs/app.log')).toBe('l1\n');
    expect(await ws.read('node_modules/pkg/index.js')).toBe('n1\n');
    expect(await ws.read('.env')).toBe('KEY=1\n');
    expect((await fs.stat(path.join(ws.root, 'big.bin'))).size).toBe(10 * 1024 * 1024 + 1);
  });

  it('does not look inside a nested repository and records the files around it', async () => {
    const ws = await workspace({ files: { 'top.txt': 't0\n' } });
    await ws.write('vendor/lib/inner.txt', 'i0\n');
    execFileSync('git', ['init', '-q'], { cwd: path.join(ws.root, 'vendor/lib') });
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('edit', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'edit both' }, async () => {
      await ws.write('vendor/lib/inner.txt', 'i1\n');
      await ws.write('top.txt', 't1\n');
    }, log.emit);
    expect(log.of('tool_changes')[0]!.changes.map((c) => c.path)).toEqual(['top.txt']);
    expect(log.of('notice')).toEqual([]);
  });

  it('refuses to restore through a directory that became a symlink', async () => {
    const ws = await workspace({ files: { 'dir/f.txt': 'mine\n' } });
    const outside = path.join(path.dirname(ws.root), 'outside');
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'f.txt'), 'precious\n');
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('delete', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'rm dir/f.txt' }, () => fs.rm(path.join(ws.root, 'dir/f.txt')), log.emit);
    await fs.rm(path.join(ws.root, 'dir'), { recursive: true });
    await fs.symlink(outside, path.join(ws.root, 'dir'));

    const outcome = await ledger.undo((await ledger.entryForCall('c1'))!.id, { overwriteConflicts: true });
    expect(outcome.restored).toEqual([]);
    expect(outcome.left).toEqual(['dir/f.txt']);
    expect(await fs.readFile(path.join(outside, 'f.txt'), 'utf8')).toBe('precious\n');
  });

  it('without git on PATH: one notice, calls still run, user actions get a clear error', async () => {
    const ws = await workspace({ files: { 'a.txt': 'a0\n' } });
    const ledger = newLedger(ws, { env: { ...process.env, PATH: path.join(ws.root, 'no-such-bin') } });
    const log = eventLog();
    expect(await ledger.beginTurn('one', 1, log.emit)).toEqual([]);
    const result = await callThrough(ledger, 'c1', 'write_file', { path: 'a.txt' }, () => ws.write('a.txt', 'a1\n'), log.emit);
    await ledger.beginTurn('two', 2, log.emit);
    expect(result).toEqual({ content: 'ok', isError: false });
    expect(await ws.read('a.txt')).toBe('a1\n');
    expect(log.events).toEqual([
      { type: 'notice', message: 'Change ledger off: git was not found on PATH. Undo and rewind are not available in this session; everything else works.' },
    ]);
    await expect(ledger.planRewind(1)).rejects.toThrow('the change ledger is off: git was not found on PATH');
    await expect(fs.readdir(ws.home)).rejects.toThrow(); // nothing was written to inkling's home
  });

  it('turns itself off with a notice in a workspace with too many files, and the call still runs', async () => {
    const ws = await workspace({ files: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, `${i}\n`])) });
    const ledger = newLedger(ws, { limits: { maxNewFiles: 10 } });
    const log = eventLog();
    await ledger.beginTurn('one', 1, log.emit);
    const result = await callThrough(ledger, 'c1', 'write_file', { path: 'f1.txt' }, () => ws.write('f1.txt', 'x\n'), log.emit);
    expect(result.isError).toBe(false);
    expect(log.events).toEqual([
      { type: 'notice', message: expect.stringContaining('Change ledger off: the workspace has more than 10 files that are not ignored') },
    ]);
    expect(ledger.status).toMatchObject({ state: 'off' });
  });
});
