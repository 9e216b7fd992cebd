// The change ledger of one session: a tree before and after every call that may write, a mark
// at every prompt, changes no tool made recorded as such, and undo / rewind that never overwrite
// a later change without being told to. Its operations run one at a time; a failure turns the
// ledger off with one notice and never fails the turn. The agent waits for a snapshot at most a
// budget (snapshot-budget.ts): past it the call is "not tracked" and the turn goes on.
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../events.js';
import type { ToolResult } from '../tools/tool.js';
import { callLabel, promptFirstLine } from './call-label.js';
import { probeGit, gitEnvironment } from './git.js';
import { isValidSessionId, type LedgerEntry } from './ledger-chain.js';
import { LedgerError, OpenLedger, type RevertOptions, type RevertOutcome } from './open-ledger.js';
import { planRewind, planUndo, type RevertPlan } from './revert-plan.js';
import { openShadowRepo, shadowRepoExists, type GitProbe } from './shadow-repo.js';
import { DEFAULT_SNAPSHOT_LIMITS, type Snapshot, type SnapshotLimits, type SnapshotWay } from './snapshot.js';
import { WorkspaceWatcher } from './workspace-watch.js';
import { ledgerLog, type LedgerLog } from './ledger-log.js';
import { SNAPSHOT_BUDGET_MS, SnapshotBudget, type BoundedSnapshot } from './snapshot-budget.js';
import { unifiedDiff } from './tree-diff.js';
import type { ChangeLedgerOptions } from './ledger-options.js';
import { jobUndoRefusal, type JobsActiveSince } from './job-attribution.js';
import { entryOfCall, notesSinceLastPrompt, promptSummaries, sessionChanges, type PromptSummary, type SessionDiff } from './ledger-views.js';

export type { ChangeLedgerOptions } from './ledger-options.js';

export type LedgerStatus = { state: 'starting' } | { state: 'on' } | { state: 'off'; reason: string };

/** A call the ledger wraps: what it needs to name the entry. */
export interface LedgerCall {
  id: string;
  name: string;
  input: unknown;
}

export { LedgerError, type RevertOptions, type RevertOutcome } from './open-ledger.js';

type Emit = (event: AgentEvent) => void;

export class ChangeLedger {
  private live: OpenLedger | undefined;
  private watcher: WorkspaceWatcher | undefined;
  private state: LedgerStatus = { state: 'starting' };
  private tail: Promise<unknown> = Promise.resolve();
  private noticeSent = false;
  private session: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly redact: (text: string) => string;
  private readonly limits: SnapshotLimits;
  /** Whether git runs: asked once, by warmUp or by the start that makes the shadow repository. */
  private gitProbe: GitProbe | undefined;
  private readonly log: LedgerLog;
  private readonly budget: SnapshotBudget;
  /** The session's background jobs (core/jobs), when it has them; when the last snapshot was taken. */
  private jobsActive: JobsActiveSince = () => [];
  private lastRecordAt = Date.now();
  /** Calls whose recording runs now: a child agent's calls inside one are recorded inside it (recordChildCall). */
  private readonly recording = new Set<string>();
  /** Calls of this session that ran untracked, with why (for /diff). */
  private readonly untracked: { label: string; reason: string }[] = [];
  /** No chain of this session can exist yet (a session begun here, not switched to): its first prompt has no notes. */
  private begun: boolean;
  /** Operations queued or running (see exclusive). */
  private queued = 0;

  constructor(private readonly opts: ChangeLedgerOptions) {
    this.session = opts.sessionId ?? randomUUID();
    this.begun = opts.newSession ?? opts.sessionId === undefined;
    if (!isValidSessionId(this.session)) throw new Error(`invalid session id for the ledger: ${this.session}`);
    this.env = gitEnvironment(opts.env ?? process.env);
    this.redact = opts.redact ?? ((t) => t);
    this.limits = { ...DEFAULT_SNAPSHOT_LIMITS, ...opts.limits };
    this.log = ledgerLog(opts.logDir ?? (() => undefined));
    this.budget = new SnapshotBudget(opts.snapshotBudgetMs ?? SNAPSHOT_BUDGET_MS, this.log);
  }

  get sessionId(): string {
    return this.session;
  }

  /** Names the jobs that ran while changes were recorded (core/jobs' table). */
  watchJobs(active: JobsActiveSince): void {
    this.jobsActive = active;
  }

  /** The jobs that ran since the last snapshot; the next ones count from now. */
  private jobsSinceLast(): number[] {
    const jobs = this.jobsActive(this.lastRecordAt);
    this.lastRecordAt = Date.now();
    return jobs;
  }

  get status(): LedgerStatus {
    return this.state;
  }

  /**
   * Before the first turn (the TUI is idle): when the shadow repository has yet to be made, asks
   * whether git runs, which starting the ledger would otherwise wait for. Reads only: the
   * repository is made by the first turn, as without it. Never rejects.
   */
  async warmUp(): Promise<void> {
    if (this.live || this.state.state === 'off') return;
    const made = await shadowRepoExists(this.opts.home, this.opts.workspaceRoot).catch(() => true);
    if (!made) await this.gitRuns();
  }

  private gitRuns(): GitProbe {
    this.gitProbe ??= probeGit(this.env);
    return this.gitProbe;
  }

  /**
   * A prompt's notes for the model (an undo since the last one) when known without waiting: nothing
   * queued that could add one, the chain in memory or none yet; else undefined (await beginTurn's).
   */
  notesNow(): string[] | undefined {
    if (this.queued > 0) return undefined;
    if (this.state.state === 'off') return [];
    if (this.live) return notesSinceLastPrompt(this.live.chain.entries);
    return this.begun ? [] : undefined;
  }

  /** Turn start: record changes made outside inkling since the last record, mark the prompt. Returns notes for the model. */
  beginTurn(prompt: string, ordinal: number, emit: Emit): Promise<string[]> {
    return this.quietly(emit, [], async (live) => {
      // File events see an editor's or a background process's writes as well as a tool's; when
      // they cannot vouch for the time since the last snapshot, this walks the whole workspace.
      const bounded = await this.budget.take(live.taker, 'at the turn start', (err) => this.turnOff(err, emit));
      // No mark for this prompt (a rewind cannot go back to it); the turn goes on.
      if (bounded.kind === 'untracked') return [];
      const { snap } = bounded;
      await live.settleHead(snap, emit, bounded.paused, this.jobsSinceLast());
      const entries = live.chain.entries;
      const notes = notesSinceLastPrompt(entries);
      const entry = await live.append({
        kind: 'prompt',
        label: `prompt ${ordinal}`,
        before: snap.tree,
        changes: [],
        prompt: { ordinal, firstLine: this.redact(promptFirstLine(prompt)) },
      }, snap.tree);
      emit({ type: 'turn_checkpoint', prompt: ordinal, entry: entry.id });
      return notes;
    });
  }

  /** Runs a call that may write between two snapshots and records what it changed. */
  async recordCall(call: LedgerCall, run: () => Promise<ToolResult>, emit: Emit): Promise<ToolResult> {
    if (this.state.state === 'off') return run();
    // The whole call holds the ledger, so no undo can land between its two snapshots.
    return this.exclusive(() => this.record(call, run, emit));
  }

  /**
   * A child agent's call, made inside its task call `parent` while that call's recording holds the
   * ledger (taking it again would wait for ever): recorded the same way, as an entry naming `parent`,
   * so it can be undone alone; the task call's own entry still holds all of the child's changes.
   * A child whose task call is not being recorded (nothing holds the ledger) is recorded as any call.
   */
  recordChildCall(parent: string, call: LedgerCall, run: () => Promise<ToolResult>, emit: Emit): Promise<ToolResult> {
    if (this.state.state === 'off') return run();
    return this.recording.has(parent) ? this.record(call, run, emit, parent) : this.recordCall(call, run, emit);
  }

  private async record(call: LedgerCall, run: () => Promise<ToolResult>, emit: Emit, parent?: string): Promise<ToolResult> {
    const live = await this.start(emit);
    const first = live ? await this.snapshotOrOff(live, emit) : undefined;
    const before = first?.kind === 'taken' ? first.snap : undefined;
    const callStart = Date.now();
    if (live && first?.kind === 'taken') await live.settleHead(first.snap, emit, first.paused, this.jobsSinceLast()).catch((err) => this.turnOff(err, emit));
    // New folders are followed once the call's own snapshot has looked at them, not while the command makes them.
    const release = this.watcher?.hold() ?? (() => undefined);
    this.recording.add(call.id);
    try {
      const result = await run();
      if (!live || !first || this.state.state === 'off') return result;
      if (!before) return this.untrackedCall(call, first.kind === 'untracked' ? first.reason : 'not tracked', emit, result);
      try {
        const second = await this.budget.take(live.taker, 'after the call', (err) => this.turnOff(err, emit)).finally(release);
        if (second.kind === 'untracked') return this.untrackedCall(call, second.reason, emit, result);
        // Jobs that ran during the call may have written too: its entry says so.
        this.lastRecordAt = Date.now();
        const jobs = this.jobsActive(callStart);
        await live.appendCall({ id: call.id, name: call.name, label: this.redact(callLabel(call.name, call.input)), parent, jobs }, before, second.snap, emit);
      } catch (err) {
        this.turnOff(err, emit);
      }
      return result;
    } finally {
      this.recording.delete(call.id);
      release();
    }
  }

  private untrackedCall(call: LedgerCall, reason: string, emit: Emit, result: ToolResult): ToolResult {
    this.untracked.push({ label: this.redact(callLabel(call.name, call.input)), reason });
    emit({ type: 'tool_untracked', id: call.id, reason });
    return result;
  }

  /** Every entry of the session's chain, oldest first (a forked chain starts with its parent's). */
  entries(): Promise<readonly LedgerEntry[]> {
    return this.userOp(async (live) => live.chain.entries);
  }

  /** The entry that recorded a tool call, if it changed anything. */
  entryForCall(toolCallId: string): Promise<LedgerEntry | undefined> {
    return this.userOp(async (live) => entryOfCall(live.chain.entries, toolCallId));
  }

  /** One line per prompt, numbered from 1, with the files its turn changed. */
  prompts(): Promise<PromptSummary[]> {
    return this.userOp(async (live) => promptSummaries(live.chain.entries));
  }

  /** Unified diff of one entry, or of one of its files. */
  entryDiff(entryId: string, file?: string): Promise<string> {
    return this.userOp(async (live) => {
      const entry = live.find(entryId);
      return unifiedDiff(live.repo.git, entry.before, entry.after, file ? [file] : undefined);
    });
  }

  /** Everything the session's calls changed, per file, as one diff (for /diff). */
  sessionDiff(): Promise<SessionDiff> {
    return this.userOp(async (live) => ({ ...(await sessionChanges(live.repo.git, live.chain.entries)), untracked: [...this.untracked] }));
  }

  planUndo(entryId: string): Promise<RevertPlan> {
    return this.userOp(async (live) => {
      const target = live.undoable(entryId);
      const refused = jobUndoRefusal(live.chain.entries, target);
      if (refused) throw new LedgerError(refused);
      const snap = await live.taker.take({ full: true });
      return planUndo(live.repo.git, live.chain.entries, target, snap.tree, this.budget.pausedReason !== undefined);
    });
  }

  /** Reverts one entry. Conflicting files stay as they are unless overwriteConflicts. */
  undo(entryId: string, opts: RevertOptions = {}): Promise<RevertOutcome> {
    return this.userOp(async (live) => {
      const snap = await live.taker.take({ full: true });
      await live.settleHead(snap, () => undefined, this.budget.resume(), this.jobsSinceLast());
      const refused = jobUndoRefusal(live.chain.entries, live.undoable(entryId));
      if (refused) throw new LedgerError(refused);
      const plan = await planUndo(live.repo.git, live.chain.entries, live.undoable(entryId), snap.tree);
      return live.applyRevert(plan, opts, { kind: 'undo', label: `undo of ${plan.label}`, reverts: plan.target.id });
    });
  }

  /** `prompt` is the number prompts() gives (1-based). */
  planRewind(prompt: number): Promise<RevertPlan> {
    return this.userOp(async (live) => {
      const snap = await live.taker.take({ full: true });
      return planRewind(live.repo.git, live.chain.entries, live.promptEntry(prompt), snap.tree, this.budget.pausedReason !== undefined);
    });
  }

  /**
   * Restores the files to just before a prompt. With `fork`, the ledger goes on in that new
   * session, whose chain is this one's up to the prompt (the old chain stays as it was).
   */
  rewind(prompt: number, opts: RevertOptions & { fork?: string } = {}): Promise<RevertOutcome> {
    return this.userOp(async (live) => {
      const target = live.promptEntry(prompt);
      const snap = await live.taker.take({ full: true });
      const paused = opts.fork ? this.budget.pausedReason !== undefined : false;
      if (!opts.fork) await live.settleHead(snap, () => undefined, this.budget.resume(), this.jobsSinceLast());
      const plan = await planRewind(live.repo.git, live.chain.entries, target, snap.tree, paused);
      if (!opts.fork) return live.applyRevert(plan, opts, { kind: 'rewind', label: `rewind to before ${plan.label}`, reverts: target.id });
      const prefix = live.chain.entries.slice(0, live.chain.entries.findIndex((e) => e.id === target.id));
      const fork = await OpenLedger.open(live.repo, opts.fork, this.limits, this.redact, this.watcher);
      return fork.applyRevert(plan, opts, {
        kind: 'rewind',
        label: `rewind to before ${plan.label}`,
        reverts: target.id,
        forkedFrom: { session: this.session, entry: target.id },
      }, prefix).then((outcome) => {
        this.session = opts.fork!;
        live.taker.close();
        this.live = fork;
        return outcome;
      });
    });
  }

  /** Later entries go to another session (after /clear); its chain is read if it has one. */
  switchSession(sessionId: string = randomUUID()): Promise<void> {
    if (!isValidSessionId(sessionId)) return Promise.reject(new LedgerError(`invalid session id: ${sessionId}`));
    // A session switched to may have a chain on disk (a resumed one): its notes are read from it.
    this.begun = false;
    return this.exclusive(async () => {
      await this.budget.settled();
      this.session = sessionId;
      if (!this.live) return;
      this.live.taker.close();
      this.live = await OpenLedger.open(this.live.repo, sessionId, this.limits, this.redact, this.watcher);
    });
  }

  /** Starts the ledger on first use; undefined when it is (or just turned) off. */
  private async start(emit: Emit): Promise<OpenLedger | undefined> {
    if (this.live) return this.live;
    if (this.state.state === 'off') return undefined;
    try {
      const repo = await openShadowRepo({ home: this.opts.home, workspaceRoot: this.opts.workspaceRoot, env: this.env, probe: () => this.gitRuns() });
      const watch = this.opts.watch ?? true;
      if (watch !== false && !this.watcher) this.watcher = WorkspaceWatcher.start(repo, { limits: watch === true ? {} : watch, log: this.log });
      this.live = await OpenLedger.open(repo, this.session, this.limits, this.redact, this.watcher);
      this.state = { state: 'on' };
      return this.live;
    } catch (err) {
      // Only now is a missing git worth a look: the first git command is the probe.
      const probe = (err as NodeJS.ErrnoException).code === 'ENOENT' ? await probeGit(this.env) : undefined;
      this.turnOff(probe && !probe.ok ? new LedgerError(probe.reason) : err, emit);
      return undefined;
    }
  }

  private async snapshotOrOff(live: OpenLedger, emit: Emit): Promise<BoundedSnapshot | undefined> {
    try {
      return await this.budget.take(live.taker, 'before the call', (err) => this.turnOff(err, emit));
    } catch (err) {
      this.turnOff(err, emit);
      return undefined;
    }
  }

  /** Resolves once no snapshot that overran its budget is still running (tests, benches). */
  settled(): Promise<void> {
    return this.budget.settled();
  }

  /** Stops watching the workspace; resolves once its check-ignore has exited (the ledger's other work needs no closing). */
  close(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = undefined;
    watcher?.close();
    return watcher ? watcher.ignores.ended() : Promise.resolve();
  }

  /** How the session's last snapshot was taken (benches and tests look). */
  get lastSnapshotWay(): SnapshotWay | undefined {
    return this.live?.taker.lastWay;
  }

  /** The workspace watch, once the ledger started (benches and tests wait for it). */
  get workspaceWatcher(): WorkspaceWatcher | undefined {
    return this.watcher;
  }

  private turnOff(err: unknown, emit: Emit): void {
    const reason = err instanceof Error ? err.message : String(err);
    this.state = { state: 'off', reason };
    this.live = undefined;
    void this.close();
    if (this.noticeSent) return;
    this.noticeSent = true;
    emit({ type: 'notice', message: `Change ledger off: ${reason}. Undo and rewind are not available in this session; everything else works.` });
  }

  /** A loop-side operation: never throws; on failure the ledger turns off and `fallback` is returned. */
  private quietly<T>(emit: Emit, fallback: T, fn: (live: OpenLedger) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const live = await this.start(emit);
      if (!live) return fallback;
      try {
        return await fn(live);
      } catch (err) {
        this.turnOff(err, emit);
        return fallback;
      }
    });
  }

  /** A person's operation (undo, rewind, lists): errors reach the caller as LedgerError. */
  private userOp<T>(fn: (live: OpenLedger) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      // A snapshot that overran is still writing the session's index: the person's operation waits for it.
      await this.budget.settled();
      let notice: string | undefined;
      const live = await this.start((e) => (notice = e.type === 'notice' ? e.message : notice));
      if (!live) throw new LedgerError(this.state.state === 'off' ? `the change ledger is off: ${this.state.reason}` : notice ?? 'the change ledger is off');
      try {
        return await fn(live);
      } catch (err) {
        if (err instanceof LedgerError) throw err;
        throw new LedgerError(err instanceof Error ? err.message : String(err));
      }
    });
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.queued++;
    const run = this.tail.then(fn, fn).finally(() => this.queued--);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
