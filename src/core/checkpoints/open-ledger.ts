// The ledger of one session once its shadow repository is open: the chain of entries, the
// session's snapshots, and the steps undo and rewind share (find an entry, record what the
// workspace is now, put files back and record that). ChangeLedger runs these one at a time.
import { jobsText } from './job-attribution.js';
import type { AgentEvent } from '../events.js';
import { ChainMovedError, LedgerChain, type LedgerEntry, type LedgerEntryMeta } from './ledger-chain.js';
import { OUTSIDE_LABEL, PAUSED_LABEL, revertNote, type RevertPlan } from './revert-plan.js';
import { restoreFiles } from './restore.js';
import { sessionIndexFile, type ShadowRepo } from './shadow-repo.js';
import { SnapshotTaker, type Snapshot, type SnapshotLimits } from './snapshot.js';
import type { WorkspaceWatcher } from './workspace-watch.js';

export interface RevertOptions {
  /** Restore conflicting files too (the person chose "restore anyway"); default: only clean files. */
  overwriteConflicts?: boolean;
}

export interface RevertOutcome {
  plan: RevertPlan;
  /** The undo/rewind entry (itself undoable); absent when nothing was changed. */
  entry?: LedgerEntry;
  restored: string[];
  /** Conflicting files left as they are, and files that could not be written. */
  left: string[];
}

export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

type Emit = (event: AgentEvent) => void;

export class OpenLedger {
  constructor(
    readonly repo: ShadowRepo,
    readonly chain: LedgerChain,
    readonly taker: SnapshotTaker,
    private readonly redact: (text: string) => string,
  ) {}

  /** The session's chain read from the repository, and its own index (seeded when new). */
  static async open(
    repo: ShadowRepo,
    session: string,
    limits: SnapshotLimits,
    redact: (text: string) => string,
    watcher?: WorkspaceWatcher,
  ): Promise<OpenLedger> {
    const chain = new LedgerChain(repo.git, session);
    await chain.load();
    return new OpenLedger(repo, chain, new SnapshotTaker(repo, await sessionIndexFile(repo, session), limits, watcher?.feed()), redact);
  }

  /**
   * Brings the chain up to the workspace as it is: a baseline for a new session, else changes made
   * outside inkling, or (`paused`: why tracking was paused) changes made while it was.
   */
  async settleHead(snap: Snapshot, emit: Emit, paused?: string, jobs: number[] = []): Promise<void> {
    const head = this.chain.head();
    if (!head) {
      await this.append({ kind: 'baseline', label: 'session start', before: snap.tree, changes: [] }, snap.tree);
      return;
    }
    if (head.after === snap.tree) return;
    const changes = await this.taker.changes(head.after, snap.tree);
    const by = jobs.length > 0 ? { jobs } : {};
    const label = `${paused ? PAUSED_LABEL : OUTSIDE_LABEL}${jobs.length > 0 ? ` (by ${jobsText(jobs)})` : ''}`;
    const entry = await this.append({ kind: 'outside', label, before: head.after, changes, ...(paused ? { paused } : {}), ...by }, snap.tree);
    emit({ type: 'outside_changes', entry: entry.id, changes, ...(paused ? { paused } : {}), ...by });
  }

  /** Appends an entry; if another process moved the chain meanwhile, goes on after its entries. */
  async append(meta: Omit<LedgerEntryMeta, 'v' | 'session' | 'at'>, tree: string, forkPrefix?: LedgerEntry[]): Promise<LedgerEntry> {
    const full: LedgerEntryMeta = { v: 1, session: this.chain.session, at: Date.now(), ...meta };
    try {
      return await this.chain.append(full, tree, forkPrefix);
    } catch (err) {
      if (!(err instanceof ChainMovedError) || forkPrefix) throw err;
      await this.chain.load();
      return this.chain.append(full, tree);
    }
  }

  /**
   * What one call changed between its two snapshots, as an entry (none when it changed nothing),
   * told as tool_changes. `jobs`: background jobs that ran meanwhile (they may have written too).
   */
  async appendCall(call: { id: string; name: string; label: string; parent?: string | undefined; jobs: number[] }, before: Snapshot, after: Snapshot, emit: Emit): Promise<void> {
    const by = call.jobs.length > 0 ? { jobs: call.jobs } : {};
    const changes = await this.taker.changes(before.tree, after.tree);
    const skipped = [...before.skipped, ...after.skipped].filter((s, i, all) => all.findIndex((o) => o.path === s.path) === i);
    const entry = changes.length === 0 ? undefined : await this.append({
      kind: 'tool',
      label: call.label,
      before: before.tree,
      changes,
      call: { id: call.id, name: call.name },
      ...(call.parent ? { parent: call.parent } : {}),
      ...(skipped.length > 0 ? { skipped } : {}),
      ...by,
    }, after.tree);
    emit({ type: 'tool_changes', id: call.id, ...(entry ? { entry: entry.id } : {}), before: before.tree, after: after.tree, changes, ...(skipped.length > 0 ? { skipped } : {}), ...by });
  }

  /**
   * Puts the plan's files back (conflicts too with overwriteConflicts) and records that as an
   * entry carrying the note for the model. With `forkPrefix` the entry starts a forked chain.
   */
  async applyRevert(
    plan: RevertPlan,
    opts: RevertOptions,
    meta: Pick<LedgerEntryMeta, 'kind' | 'label' | 'reverts' | 'forkedFrom'>,
    forkPrefix?: LedgerEntry[],
  ): Promise<RevertOutcome> {
    const paths = [...plan.clean, ...(opts.overwriteConflicts ? plan.conflicts : [])].map((c) => c.path);
    const { restored, failed } = await restoreFiles(this.repo, plan.restoreTree, paths);
    const left = [...(opts.overwriteConflicts ? [] : plan.conflicts.map((c) => c.path)), ...failed.map((f) => f.path)];
    const after = await this.taker.take({ full: true });
    const before = forkPrefix ? forkPrefix.at(-1)!.after : plan.current;
    if (!forkPrefix && after.tree === before) return { plan, restored, left };
    const changes = await this.taker.changes(before, after.tree);
    // A fork's conversation is truncated to match, so the model needs telling only about files left behind.
    const note = forkPrefix && left.length === 0 ? undefined : revertNote(plan, restored, left);
    const entry = await this.append({ ...meta, before, changes, ...(note ? { note: this.redact(note) } : {}) }, after.tree, forkPrefix);
    return { plan, entry, restored, left };
  }

  find(entryId: string): LedgerEntry {
    const entry = this.chain.entries.find((e) => e.id === entryId || (entryId.length >= 7 && e.id.startsWith(entryId)));
    if (!entry) throw new LedgerError(`no ledger entry ${entryId} in this session`);
    return entry;
  }

  undoable(entryId: string): LedgerEntry {
    const entry = this.find(entryId);
    if (entry.changes.length === 0) throw new LedgerError(`${entry.label} changed no files: there is nothing to undo`);
    return entry;
  }

  promptEntry(n: number): LedgerEntry {
    const prompts = this.chain.entries.filter((e) => e.kind === 'prompt');
    const entry = prompts[n - 1];
    if (!Number.isInteger(n) || !entry) throw new LedgerError(`there is no prompt ${n} (the session has ${prompts.length})`);
    return entry;
  }
}
