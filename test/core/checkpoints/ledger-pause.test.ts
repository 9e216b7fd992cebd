// The agent never waits on the ledger for long, with the real loop and bash in a pty: while a
// process outside inkling keeps flipping a folder and a symlink out of the workspace, and a
// snapshot is held back (a git wrapper waits on cue), the turn still ends, the calls say they were
// not tracked, nothing outside the workspace is read or written, and what those calls changed is
// recorded as changed while tracking was paused: reverted only when the person says so.
import { execFileSync, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAUSED_LABEL } from '../../../src/core/checkpoints/revert-plan.js';
import { shadowRepoPath } from '../../../src/core/checkpoints/shadow-repo.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { gitRecorder } from './git-recorder.js';
import { bashAgent, ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

let ws: LedgerWorkspace | undefined;
let flipper: ReturnType<typeof spawn> | undefined;
afterEach(async () => {
  await stopFlipping();
  await ws?.cleanup();
  ws = undefined;
});

async function stopFlipping(): Promise<void> {
  const child = flipper;
  flipper = undefined;
  if (!child || child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await ended;
}

/** Every object the shadow repository holds. */
function shadowObjects(gitDir: string): Set<string> {
  const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)'], { encoding: 'utf8' });
  return new Set(out.split('\n').filter(Boolean));
}

describe('a snapshot that overruns its budget', () => {
  it('leaves the calls untracked, ends the turn, and records their changes as changed while tracking was paused', async () => {
    ws = await ledgerWorkspace({ git: true, files: { 'a.txt': 'one\n', 'b.txt': 'two\n' } });
    const base = path.dirname(ws.root);
    const outside = path.join(base, 'outside');
    await fs.mkdir(outside);
    const secret = 'not the workspace: never read\n';
    await fs.writeFile(path.join(outside, 'secret.txt'), secret);
    const hold = path.join(base, 'hold-git');
    const record = await gitRecorder(base, { holdWhile: hold });
    // Long enough for the snapshots that are not held back, however loaded the machine; b1's is held until b2 runs.
    const ledger = newLedger(ws, { env: record.env, snapshotBudgetMs: 4_000 });

    // Outside inkling, for the whole turn: `flip` is a folder, then a symlink out of the workspace, again and again.
    flipper = spawn('sh', ['-c', `while :; do mkdir -p flip/in && echo x > flip/in/f && rm -rf flip && ln -s '${outside}' flip && sleep 0.01 && rm -f flip; done`], {
      cwd: ws.root,
      stdio: 'ignore',
    });
    const agent = bashAgent(ws, ledger, [
      respond([
        // Its snapshot after is held back: past the budget, the call is not tracked.
        toolUse('b1', 'bash', { command: `echo changed > a.txt && touch '${hold}'` }),
        // An earlier snapshot still runs: this call is not tracked either (and lets the held one go).
        toolUse('b2', 'bash', { command: `rm '${hold}' && echo changed > b.txt` }),
      ]),
      respond([text('done')]),
    ]);
    let events: AgentEvent[];
    try {
      events = await collect(agent.run('change two files'));
      await ledger.settled();
    } finally {
      await stopFlipping();
    }
    await fs.rm(path.join(ws.root, 'flip'), { recursive: true, force: true });

    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    // A path that flipped under git is looked at again next time, not a reason to turn the ledger off.
    expect(ledger.status).toEqual({ state: 'on' });
    expect(events.filter((e) => e.type === 'turn_checkpoint')).toHaveLength(1);
    const untracked = events.filter((e): e is Extract<AgentEvent, { type: 'tool_untracked' }> => e.type === 'tool_untracked');
    expect(untracked.map((e) => e.id)).toEqual(['b1', 'b2']);
    expect(untracked[0]!.reason).toMatch(/the snapshot after the call took longer than 4 s/);
    expect(untracked[1]!.reason).toMatch(/an earlier snapshot was still running/);
    expect(events.some((e) => e.type === 'tool_changes')).toBe(false);

    // Nothing from outside the workspace was read into the ledger, nor was anything there changed.
    const secretBlob = execFileSync('git', ['hash-object', '--stdin'], { input: secret, encoding: 'utf8' }).trim();
    expect(shadowObjects(shadowRepoPath(ws.home, ws.root)).has(secretBlob)).toBe(false);
    expect(await fs.readdir(outside)).toEqual(['secret.txt']);
    expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe(secret);

    // A rewind offers the untracked calls' files as changed while tracking was paused, and leaves them without the person's f.
    const plan = await ledger.planRewind(1);
    expect(plan.clean).toEqual([]);
    expect(plan.conflicts.filter((c) => c.path === 'a.txt' || c.path === 'b.txt').map((c) => [c.path, c.changedBy])).toEqual([
      ['a.txt', [PAUSED_LABEL]],
      ['b.txt', [PAUSED_LABEL]],
    ]);
    const kept = await ledger.rewind(1);
    expect(kept.restored).toEqual([]);
    expect(await ws.read('a.txt')).toBe('changed\n');
    const entries = await ledger.entries();
    expect(entries.filter((e) => e.paused).map((e) => e.label)).toEqual([PAUSED_LABEL]);
    const forced = await ledger.rewind(1, { overwriteConflicts: true });
    expect(forced.restored).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
    expect(await ws.read('a.txt')).toBe('one\n');
    expect(await ws.read('b.txt')).toBe('two\n');

    await ledger.close();
    const seen = await record.read();
    expect(seen.unended).toEqual([]);
    expect(seen.maxCheckIgnore).toBeLessThanOrEqual(1);
    expect(seen.maxOther).toBeLessThanOrEqual(1);
  }, 120_000);
});
