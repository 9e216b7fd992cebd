// Undo of one call and rewind to a prompt on real files in a plain folder: clean files go back,
// a file changed again later is a conflict that is only overwritten when asked, an undo can be
// undone, and everything survives a restart of inkling (a new ledger reads the same chain).
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { shadowRepoPath } from '../../../src/core/checkpoints/shadow-repo.js';
import { callThrough, eventLog, ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
afterEach(async () => {
  for (const ws of spaces.splice(0)) await ws.cleanup();
});

async function workspace() {
  const ws = await ledgerWorkspace({ files: { 'x.txt': 'x0\n', 'y.txt': 'y0\n', 'z.txt': 'z0\n' } });
  spaces.push(ws);
  return ws;
}

describe('undo of one call', () => {
  it('reverts only the chosen call among several and shows the reverse diff first', async () => {
    const ws = await workspace();
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('change three files', 1, log.emit);
    await callThrough(ledger, 'c1', 'write_file', { path: 'new.txt' }, () => ws.write('new.txt', 'n\n'), log.emit);
    await callThrough(ledger, 'c2', 'edit_file', { path: 'y.txt' }, () => ws.write('y.txt', 'y1\n'), log.emit);
    await callThrough(ledger, 'c3', 'edit_file', { path: 'z.txt' }, () => ws.write('z.txt', 'z1\n'), log.emit);
    const entry = (await ledger.entryForCall('c2'))!;
    expect(entry.label).toBe('edit_file y.txt');

    const plan = await ledger.planUndo(entry.id);
    expect(plan.clean).toEqual([{ path: 'y.txt', status: 'modified', added: 1, removed: 1, binary: false }]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.diff).toContain('-y1\n+y0\n');
    expect(await ws.read('y.txt')).toBe('y1\n'); // a plan changes nothing

    const outcome = await ledger.undo(entry.id);
    expect(outcome.restored).toEqual(['y.txt']);
    expect(outcome.left).toEqual([]);
    expect(await ws.read('y.txt')).toBe('y0\n');
    expect(await ws.read('new.txt')).toBe('n\n');
    expect(await ws.read('z.txt')).toBe('z1\n');
    expect(outcome.entry).toMatchObject({ kind: 'undo', label: 'undo of edit_file y.txt', reverts: entry.id });
  });

  it('shows a file changed again by a later call as a conflict and leaves it unless told to overwrite', async () => {
    const ws = await workspace();
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('edit twice', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'edit x and y' }, async () => {
      await ws.write('x.txt', 'x1\n');
      await ws.write('y.txt', 'y1\n');
    }, log.emit);
    await callThrough(ledger, 'c2', 'edit_file', { path: 'y.txt' }, () => ws.write('y.txt', 'y2\n'), log.emit);
    const first = (await ledger.entryForCall('c1'))!;

    const plan = await ledger.planUndo(first.id);
    expect(plan.clean.map((c) => c.path)).toEqual(['x.txt']);
    expect(plan.conflicts).toMatchObject([{ path: 'y.txt', changedBy: ['edit_file y.txt'] }]);
    expect(plan.conflictDiff).toContain('-y2\n+y0\n');

    const onlyClean = await ledger.undo(first.id);
    expect(onlyClean.restored).toEqual(['x.txt']);
    expect(onlyClean.left).toEqual(['y.txt']);
    expect(await ws.read('x.txt')).toBe('x0\n');
    expect(await ws.read('y.txt')).toBe('y2\n');

    const anyway = await ledger.undo(first.id, { overwriteConflicts: true });
    expect(anyway.restored).toEqual(['y.txt']);
    expect(await ws.read('y.txt')).toBe('y0\n');
  });

  it('names a change made outside inkling as the conflict and never reverts it silently', async () => {
    const ws = await workspace();
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('edit', 1, log.emit);
    await callThrough(ledger, 'c1', 'edit_file', { path: 'x.txt' }, () => ws.write('x.txt', 'x1\n'), log.emit);
    await ws.write('x.txt', 'the person typed this\n');
    const entry = (await ledger.entryForCall('c1'))!;
    const plan = await ledger.planUndo(entry.id);
    expect(plan.clean).toEqual([]);
    expect(plan.conflicts).toMatchObject([{ path: 'x.txt', changedBy: ['changed outside inkling'] }]);
    const outcome = await ledger.undo(entry.id);
    expect(outcome.restored).toEqual([]);
    expect(await ws.read('x.txt')).toBe('the person typed this\n');
  });

  it('undoes an undo', async () => {
    const ws = await workspace();
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('create and edit', 1, log.emit);
    await callThrough(ledger, 'c1', 'bash', { command: 'make files' }, async () => {
      await ws.write('dir/deep/new.txt', 'new\n');
      await ws.write('x.txt', 'x1\n');
    }, log.emit);
    const undo = await ledger.undo((await ledger.entryForCall('c1'))!.id);
    expect(await ws.exists('dir')).toBe(false); // the directories it created go too
    expect(await ws.read('x.txt')).toBe('x0\n');

    const redo = await ledger.undo(undo.entry!.id);
    expect(redo.entry).toMatchObject({ kind: 'undo', label: 'undo of undo of bash make files' });
    expect(await ws.read('dir/deep/new.txt')).toBe('new\n');
    expect(await ws.read('x.txt')).toBe('x1\n');
  });
});

describe('rewind to a prompt', () => {
  async function threePrompts(ws: LedgerWorkspace) {
    const ledger = newLedger(ws, { sessionId: 'session-one' });
    const log = eventLog();
    await ledger.beginTurn('first: edit x', 1, log.emit);
    await callThrough(ledger, 'c1', 'edit_file', { path: 'x.txt' }, () => ws.write('x.txt', 'x1\n'), log.emit);
    await ledger.beginTurn('second: add and delete', 2, log.emit);
    await callThrough(ledger, 'c2', 'bash', { command: 'touch b; rm z.txt' }, async () => {
      await ws.write('b.txt', 'b\n');
      await execFileSync('rm', [`${ws.root}/z.txt`]);
    }, log.emit);
    await ledger.beginTurn('third: nothing', 3, log.emit);
    return { ledger, log };
  }

  it('lists the prompts with what each changed and puts the files back to just before one', async () => {
    const ws = await workspace();
    const { ledger } = await threePrompts(ws);
    const prompts = await ledger.prompts();
    expect(prompts.map((p) => [p.n, p.firstLine, p.files])).toEqual([
      [1, 'first: edit x', ['x.txt']],
      [2, 'second: add and delete', ['b.txt', 'z.txt']],
      [3, 'third: nothing', []],
    ]);

    await ledger.rewind(2);
    expect(await ws.exists('b.txt')).toBe(false);
    expect(await ws.read('z.txt')).toBe('z0\n');
    expect(await ws.read('x.txt')).toBe('x1\n');
    await ledger.rewind(1);
    expect(await ws.read('x.txt')).toBe('x0\n');
  });

  it('treats a change made outside inkling to a file inkling changed as a conflict, and leaves other files alone', async () => {
    const ws = await workspace();
    const { ledger, log } = await threePrompts(ws);
    await ws.write('b.txt', 'edited in an editor\n');
    await ws.write('y.txt', 'only the person touched this\n');
    const plan = await ledger.planRewind(1);
    expect(plan.clean.map((c) => c.path).sort()).toEqual(['x.txt', 'z.txt']);
    expect(plan.conflicts).toMatchObject([{ path: 'b.txt', changedBy: ['bash touch b; rm z.txt', 'changed outside inkling'] }]);
    const outcome = await ledger.rewind(1);
    expect(outcome.left).toEqual(['b.txt']);
    expect(await ws.read('b.txt')).toBe('edited in an editor\n');
    expect(await ws.read('y.txt')).toBe('only the person touched this\n');
    expect(await ws.read('x.txt')).toBe('x0\n');
    expect(await ws.read('z.txt')).toBe('z0\n');
    // The model hears about the rewind, and what was left, at the next turn.
    const notes = await ledger.beginTurn('fourth', 4, log.emit);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('restored the workspace files to how they were before prompt 1 (first: edit x)');
    expect(notes[0]).toContain('Left as they are (they changed again since): b.txt');
  });

  it('forks: the ledger goes on in a new session whose chain is the old one up to the prompt', async () => {
    const ws = await workspace();
    const { ledger } = await threePrompts(ws);
    const before = await ledger.entries();
    const outcome = await ledger.rewind(2, { fork: 'session-two' });
    expect(ledger.sessionId).toBe('session-two');
    expect(outcome.entry).toMatchObject({ kind: 'rewind', session: 'session-two', forkedFrom: { session: 'session-one' } });
    expect(await ws.exists('b.txt')).toBe(false);
    expect((await ledger.prompts()).map((p) => p.firstLine)).toEqual(['first: edit x']);

    // The old session's chain is untouched, as a restarted inkling reads it.
    const old = newLedger(ws, { sessionId: 'session-one' });
    expect((await old.entries()).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });
});

describe('the ledger on disk', () => {
  it('is read back by a new process: prompts, entries and a pending note', async () => {
    const ws = await workspace();
    const first = newLedger(ws, { sessionId: 'persisted' });
    const log = eventLog();
    await first.beginTurn('edit x', 1, log.emit);
    await callThrough(first, 'c1', 'edit_file', { path: 'x.txt' }, () => ws.write('x.txt', 'x1\n'), log.emit);
    await first.undo((await first.entryForCall('c1'))!.id);

    const again = newLedger(ws, { sessionId: 'persisted' });
    expect((await again.prompts()).map((p) => p.firstLine)).toEqual(['edit x']);
    expect((await again.entries()).map((e) => e.kind)).toEqual(['baseline', 'prompt', 'tool', 'undo']);
    expect(await again.beginTurn('next', 2, log.emit)).toEqual([expect.stringContaining('The user reverted the changes of edit_file x.txt')]);
  });

  it('gives a session-wide diff and per-entry diffs, and leaves a shadow repository git finds sound', async () => {
    const ws = await workspace();
    const ledger = newLedger(ws);
    const log = eventLog();
    await ledger.beginTurn('edit', 1, log.emit);
    await callThrough(ledger, 'c1', 'write_file', { path: 'a.txt' }, () => ws.write('a.txt', 'alpha\n'), log.emit);
    await callThrough(ledger, 'c2', 'edit_file', { path: 'x.txt' }, () => ws.write('x.txt', 'x1\n'), log.emit);
    await ws.write('outside.txt', 'not ours\n');
    await ledger.beginTurn('again', 2, log.emit);

    const all = await ledger.sessionDiff();
    expect(all.files.map((f) => f.path)).toEqual(['a.txt', 'x.txt']); // the outside change is not the session's
    expect(all.diff).toContain('+alpha');
    expect(all.diff).not.toContain('not ours');
    const entry = (await ledger.entryForCall('c2'))!;
    expect(await ledger.entryDiff(entry.id, 'x.txt')).toContain('-x0\n+x1\n');

    const gitDir = shadowRepoPath(ws.home, ws.root);
    const fsck = execFileSync('git', ['--git-dir', gitDir, 'fsck', '--strict', '--no-dangling'], { encoding: 'utf8', stdio: 'pipe' });
    expect(fsck).toBe('');
    expect(execFileSync('git', ['--git-dir', gitDir, 'config', 'gc.auto'], { encoding: 'utf8' }).trim()).toBe('0');
  });
});
