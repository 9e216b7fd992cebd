// Turns what the loop does into session records: the prompt, each response as it ends, each
// tool result, usage, notices, the ledger's marks, the turn's end. Fed by the loop (core only);
// a failure to write turns recording off with one notice and never fails the turn.
import { randomUUID } from 'node:crypto';
import type { AssistantBlock, UserBlock } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import type { JobEvent } from '../jobs/job-types.js';
import { redactDeep, type Redact } from '../redact.js';
import { DEFAULT_LOG_CAP_BYTES, enforceLogCap } from './log-cap.js';
import { appendPromptHistory } from './prompt-history.js';
import { SESSION_FORMAT_VERSION, titleOf, type SessionRecord } from './records.js';
import { SessionFile } from './session-file.js';
import { storeImages, storePromptImages } from './session-images.js';
import { forkSessionFile, sessionHasPrompt } from './session-fork.js';
import { makePrivateDir, type SessionPaths } from './session-paths.js';

export interface SessionRecorderOptions {
  paths: SessionPaths;
  workspaceRoot: string;
  /** What answers now, for the header, and the permission mode the session starts in (a mode record after it). */
  describe: () => { model: string; provider: string; mode?: string };
  inklingVersion: string;
  /** The same redactor as everything printed: secrets never reach the file. */
  redact?: Redact;
  /** The id of the first session; a new one when absent. */
  id?: string;
  now?: () => number;
  logCapBytes?: number;
  /** Keep the prompt history (history.jsonl); default true. */
  promptHistory?: boolean;
}

/** The loop's side of recording. Methods never throw; a returned string is a notice to show once. */
export interface ConversationRecorder {
  /** The current session's id. */
  readonly id: string;
  /** Where the current session's logs go (the tools' session dir). */
  readonly logsDir: string;
  /** A turn starts: the prompt as typed and the user message the model sees for it. */
  prompt(text: string, content: readonly UserBlock[]): string | undefined;
  /** A background job started or ended; `told`: the note about its end the model's next request carries. */
  job(event: JobEvent, told?: string): void;
  /** Every event the loop emits, before its consumers see it. */
  event(event: AgentEvent): string | undefined;
  /** A response cut by an interrupt or error that stays in the conversation as it was. */
  partial(content: readonly AssistantBlock[]): string | undefined;
  /** Later records go to a new session (/clear); returns its id. */
  startNew(): string;
  /** Later records are appended to an existing session (resume); `logs` maps its log files to their calls. */
  continueSession(id: string, logs?: Iterable<[string, string]>): void;
  /**
   * A rewind to just before prompt `n` (1-based, as turn_checkpoint numbers it) going on in a new
   * session: its file gets a header, a forked_from record and this session's records before that
   * prompt; later records go there. The old session stays as it was. Undefined when this session
   * has no prompt `n`; a notice when the new file could not be written (recording goes on here).
   * `prompt` is that prompt's text, `file` the new session's file.
   */
  fork(n: number): { id: string; prompt: string; file: string } | { notice: string } | undefined;
  /** Whether this session's file holds prompt `n` (a fork to it can rebuild the conversation). */
  hasPrompt(n: number): boolean;
  /** Waits for what was written to reach the disk. */
  sync(): Promise<void>;
  close(): void;
}

/** A child's events the session keeps: its calls, answers (message_end), results, what its calls changed (undo after resume) and its requests' usage (priced at its model). */
const SIDECHAIN_KEPT: ReadonlySet<AgentEvent['type']> = new Set(['message_end', 'tool_result', 'tool_call', 'tool_changes', 'tool_untracked', 'usage']);

function sidechainKept(event: Extract<AgentEvent, { type: 'agent_event' }>): boolean {
  let inner: AgentEvent = event.event;
  while (inner.type === 'agent_event') inner = inner.event;
  return SIDECHAIN_KEPT.has(inner.type);
}

export class SessionRecorder implements ConversationRecorder {
  private current: string;
  private file: SessionFile;
  /** The header is written with the first record, so a session nobody typed in leaves no file. */
  private fresh = true;
  private titled = false;
  private off: string | null = null;
  private readonly readOnly = new Map<string, boolean>();
  private readonly cancelled = new Set<string>();
  private readonly logOwners = new Map<string, string>();
  private capRun: Promise<void> = Promise.resolve();
  /** Between turn_start and the prompt, the ledger marks the turn: its record follows the prompt's. */
  private beforePrompt: SessionRecord[] | null = null;
  private readonly redact: Redact;
  private readonly now: () => number;

  constructor(private readonly opts: SessionRecorderOptions) {
    this.current = opts.id ?? randomUUID();
    this.file = new SessionFile(opts.paths.file(this.current));
    this.redact = opts.redact ?? ((t) => t);
    this.now = opts.now ?? Date.now;
  }

  get id(): string {
    return this.current;
  }

  get filePath(): string {
    return this.file.filePath;
  }

  get logsDir(): string {
    return this.opts.paths.logsDir(this.current);
  }

  prompt(text: string, content: readonly UserBlock[]): string | undefined {
    const at = this.now();
    const problem = this.write({ type: 'prompt', at, text, content: storePromptImages(this.logsDir, content) });
    if (!this.titled && !this.off) {
      this.titled = true;
      this.write({ type: 'title', title: titleOf(text) });
    }
    const held = this.beforePrompt ?? [];
    this.beforePrompt = null;
    for (const record of held) this.write(record);
    if (this.opts.promptHistory !== false && !this.off) {
      try {
        appendPromptHistory(this.opts.paths.history, this.redact(text), at);
      } catch {
        // The prompt history is a convenience; the session file has the prompt.
      }
    }
    return problem;
  }

  event(event: AgentEvent): string | undefined {
    switch (event.type) {
      case 'turn_start':
        this.beforePrompt = [];
        return undefined;
      case 'tool_call':
        this.readOnly.set(event.id, event.readOnly);
        return undefined;
      case 'tool_status':
        if (event.status === 'cancelled') this.cancelled.add(event.id);
        return undefined;
      case 'message_end':
        return this.write({ type: 'assistant', at: this.now(), message: event.message, stopReason: event.stopReason });
      case 'tool_result': {
        const logPath = (event.details as { logPath?: unknown } | undefined)?.logPath;
        if (typeof logPath === 'string') this.logOwners.set(logPath, event.id);
        return this.write({
          type: 'tool_result',
          at: this.now(),
          id: event.id,
          readOnly: this.readOnly.get(event.id) ?? false,
          content: event.content,
          ...(event.images?.length ? { images: storeImages(this.logsDir, event.images) } : {}),
          isError: event.isError,
          ...(event.details ? { details: event.details } : {}),
          durationMs: event.durationMs,
          ...(this.cancelled.has(event.id) ? { cancelled: true as const } : {}),
        });
      }
      case 'usage':
        return this.write({ type: 'usage', usage: event.usage, turn: event.turn, session: event.session });
      case 'notice':
        return this.keep({ type: 'notice', message: event.message, level: 'info' });
      case 'error':
        return this.keep({ type: 'notice', message: event.message, level: 'error' });
      case 'compaction':
        return this.keep({ type: 'compaction', at: this.now(), event: { ...event, message: { role: 'user', content: storePromptImages(this.logsDir, event.message.content) } } });
      case 'context_edit':
        return this.keep({ type: 'context_edit', event });
      case 'images_dropped':
        return this.keep({ type: 'images_dropped', event });
      case 'plan_update':
        return this.keep({ type: 'plan', plan: event.plan, change: event.change });
      case 'permission_mode':
        // A session not written yet gets the mode with its header (nobody typed: no file).
        return this.fresh ? undefined : this.keep({ type: 'mode', mode: event.mode });
      case 'tool_changes':
      case 'tool_untracked':
      case 'outside_changes':
      case 'turn_checkpoint':
        return this.keep({ type: 'ledger', event });
      case 'agent_event':
        // A child's finished messages and results, as a sidechain (its deltas and statuses are not kept).
        return sidechainKept(event) ? this.write({ type: 'sidechain', at: this.now(), event }) : undefined;
      case 'turn_end': {
        for (const record of this.beforePrompt ?? []) this.write(record);
        this.beforePrompt = null;
        const problem = this.write({ type: 'turn_end', reason: event.reason });
        this.readOnly.clear();
        this.cancelled.clear();
        void this.file.sync();
        this.capLogs();
        return problem;
      }
      default:
        return undefined;
    }
  }

  partial(content: readonly AssistantBlock[]): string | undefined {
    return this.write({ type: 'assistant', at: this.now(), message: { role: 'assistant', content: [...content] }, stopReason: 'aborted', partial: true });
  }

  startNew(): string {
    this.switchTo(randomUUID(), true);
    return this.current;
  }

  continueSession(id: string, logs: Iterable<[string, string]> = []): void {
    this.switchTo(id, false);
    this.titled = true;
    for (const [logPath, owner] of logs) this.logOwners.set(logPath, owner);
    this.write({ type: 'resumed', at: this.now(), inklingVersion: this.opts.inklingVersion });
  }

  hasPrompt(n: number): boolean {
    return !this.off && !this.fresh && sessionHasPrompt(this.opts.paths.file(this.current), n);
  }

  fork(n: number): { id: string; prompt: string; file: string } | { notice: string } | undefined {
    if (this.off || this.fresh) return undefined;
    const from = this.current;
    const id = randomUUID();
    const { model, provider } = this.opts.describe();
    let outcome: ReturnType<typeof forkSessionFile>;
    try {
      outcome = forkSessionFile({
        paths: this.opts.paths,
        from,
        prompt: n,
        header: { type: 'header', version: SESSION_FORMAT_VERSION, id, workspace: this.opts.workspaceRoot, model, provider, startedAt: this.now(), inklingVersion: this.opts.inklingVersion },
      });
    } catch (err) {
      return { notice: `The rewind could not start a new session file (${err instanceof Error ? err.message : String(err)}); the conversation goes on in this one.` };
    }
    if (!outcome) return undefined;
    this.switchTo(id, false);
    this.titled = outcome.titled;
    for (const [logPath, owner] of outcome.logOwners) this.logOwners.set(logPath, owner);
    // The mode now, which may not be the one the kept records last say.
    const mode = this.opts.describe().mode;
    if (mode) this.write({ type: 'mode', mode });
    return { id, prompt: outcome.prompt, file: outcome.file };
  }

  /** Writes a record as is (the fork's copied records, a mode change). */
  append(record: SessionRecord): string | undefined {
    return this.write(record);
  }

  sync(): Promise<void> {
    return Promise.all([this.file.sync(), this.capRun]).then(() => undefined);
  }

  close(): void {
    this.file.close();
  }

  private switchTo(id: string, fresh: boolean): void {
    this.file.close();
    this.current = id;
    this.file = new SessionFile(this.opts.paths.file(id));
    this.fresh = fresh;
    this.titled = false;
    this.logOwners.clear();
  }

  /** A job's start and end (not its output): a resumed session says how the earlier run's jobs ended. */
  job(event: JobEvent, told?: string): void {
    if (event.type !== 'job_output') this.keep({ type: 'job', at: this.now(), job: event.job, ...(told !== undefined ? { told } : {}) });
  }

  /** Held until the turn's prompt is written, when it comes before it. */
  private keep(record: SessionRecord): string | undefined {
    if (!this.beforePrompt) return this.write(record);
    this.beforePrompt.push(record);
    return undefined;
  }

  private write(record: SessionRecord): string | undefined {
    if (this.off) return undefined;
    try {
      const safe = redactDeep(record, this.redact);
      if (this.fresh) {
        const { model, provider, mode } = this.opts.describe();
        makePrivateDir(this.logsDir);
        this.file.append(
          {
            type: 'header',
            version: SESSION_FORMAT_VERSION,
            id: this.current,
            workspace: this.opts.workspaceRoot,
            model,
            provider,
            startedAt: this.now(),
            inklingVersion: this.opts.inklingVersion,
          },
          ...(mode ? [{ type: 'mode' as const, mode }] : []),
          safe,
        );
        this.fresh = false;
      } else this.file.append(safe);
      return undefined;
    } catch (err) {
      this.off = err instanceof Error ? err.message : String(err);
      return `Session recording off: ${this.off}. This conversation will not be resumable; everything else works.`;
    }
  }

  private capLogs(): void {
    const dir = this.logsDir;
    const cap = this.opts.logCapBytes ?? DEFAULT_LOG_CAP_BYTES;
    this.capRun = this.capRun.then(async () => {
      const dropped = await enforceLogCap(dir, cap).catch(() => []);
      if (dir !== this.logsDir) return;
      for (const d of dropped) this.write({ type: 'log_dropped', id: this.logOwners.get(d.path) ?? '', logPath: d.path, bytes: d.bytes });
    });
  }
}
