// Runs the tool calls of one model response in program order, except that consecutive read-only
// calls run at the same time. A call that is not read-only (or an unknown tool) waits for
// everything before it and blocks everything after it. Read-only calls may start while the
// response is still streaming, as long as no earlier call in it is a write. With a permission
// gate every call is checked first: a denied call settles at once, a call that asks is a barrier
// like a write and waits for the person (approval_request) when its turn comes.
import type { ImageBlock, ToolResultBlock } from './conversation.js';
import type { AgentEvent } from './events.js';
import type { CompletedToolUse } from './providers/provider.js';
import type { ToolRegistry } from './tool-registry.js';
import type { ToolContext, ToolResult } from './tools/tool.js';
import { validateInput } from './validate-input.js';
import { truncateHeadTail } from './truncate.js';
import { redactDeep, type Redact } from './redact.js';
import type { ApprovalPreview } from './permissions/approval.js';
import type { Verdict } from './permissions/decide.js';
import { withHookVerdict, type ToolCallHooks } from './hooks/tool-call-hooks.js';
import { declinedMessage, NOT_RUN_STOPPED, STOPPED, type PermissionGate } from './permissions/gate.js';

export const MAX_CONCURRENT_READS = 8;

type CallState = 'queued' | 'asking' | 'running' | 'settled';

interface ScheduledCall {
  use: CompletedToolUse;
  readOnly: boolean;
  state: CallState;
  /** The permission verdict; 'pending' while the check runs. Absent without a gate (allowed). */
  verdict?: Verdict | 'pending';
  /** Runs alone, as a write does (it asked, so it waits for everything before it and blocks the rest). */
  exclusive?: boolean;
  /** execute() was called (a call settled without running, e.g. abandoned, never was). */
  started?: boolean;
  result?: ToolResultBlock;
  settled: Promise<void>;
  settle: () => void;
}

export interface SchedulerDeps {
  registry: ToolRegistry;
  emit(event: AgentEvent): void;
  /** Builds the ToolContext for one call. */
  makeContext(toolCallId: string): ToolContext;
  signal: AbortSignal;
  /** Removes secret values from what tools return. */
  redact: Redact;
  /** Wraps every call that is not read-only (the change ledger's before/after snapshots). */
  recordChanges?(use: CompletedToolUse, run: () => Promise<ToolResult>): Promise<ToolResult>;
  /** Decides every call before it runs (core/permissions); without one every call runs. */
  permissions?: PermissionGate;
  /** PreToolUse and PostToolUse hooks (core/hooks); none when absent. */
  hooks?: ToolCallHooks;
  workspaceRoot?: string;
  /** Makes result images fit the model's limits (core/images/downscale), with a line for each it changed. */
  fitImages?(images: ImageBlock[]): Promise<{ images: ImageBlock[]; notes: string[] }>;
}

export const INTERRUPTED_RESULT = 'The user interrupted this tool call before it finished.';

export class ToolCallBatch {
  private readonly calls: ScheduledCall[] = [];
  private streaming = true;
  private stoppedAt: string | undefined;
  private endingTurn = false;

  constructor(private readonly deps: SchedulerDeps) {
    deps.signal.addEventListener('abort', () => this.cancelUnfinished(), { once: true });
  }

  /** A tool_use block completed in the stream. */
  add(use: CompletedToolUse): void {
    const readOnly = !use.inputError && this.deps.registry.isReadOnlyCall(use.name, use.input);
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const call: ScheduledCall = { use, readOnly, state: 'queued', settled, settle };
    this.calls.push(call);
    this.deps.emit({ type: 'tool_call', id: use.id, name: use.name, input: use.input, readOnly });
    this.deps.emit({ type: 'tool_status', id: use.id, status: 'queued' });
    if (this.deps.signal.aborted) return this.cancelUnfinished();
    const gate = this.deps.permissions;
    const hooks = this.deps.hooks;
    if ((gate || hooks) && !use.inputError) {
      call.verdict = 'pending';
      void (async () => {
        // PreToolUse runs first and may rewrite the input the gate then checks; it never loosens the verdict.
        const hooked = hooks ? await hooks.before(use, this.deps.signal) : {};
        if (hooked.input !== undefined) Object.assign(call, { use: { ...use, input: hooked.input }, readOnly: this.deps.registry.isReadOnlyCall(use.name, hooked.input) });
        const verdict = withHookVerdict(gate ? await gate.check(this.facts(call.use)) : { kind: 'allow', why: 'no permission gate' }, hooked);
        call.verdict = verdict;
        if (verdict.kind === 'ask') call.exclusive = true;
        this.pump();
      })();
    }
    this.pump();
  }

  private facts(use: CompletedToolUse) {
    return { name: use.name, input: use.input, readOnly: this.deps.registry.get(use.name)?.readOnly };
  }

  /** The response is complete: every remaining call may now be scheduled. */
  endOfMessage(): void {
    this.streaming = false;
    this.pump();
  }

  /** Results in the order the model asked for them; resolves early with cancelled results on abort. */
  async results(): Promise<ToolResultBlock[]> {
    this.endOfMessage();
    await Promise.all(this.calls.map((c) => c.settled));
    return this.calls.map((c) => c.result!);
  }

  /** The response failed: calls that have not started never will. Running ones finish normally. */
  abandonQueued(reason: string): void {
    for (const call of this.calls) {
      if (call.state === 'queued') this.finish(call, { content: reason, isError: true }, 0, 'error');
    }
  }

  /** The person stopped the turn at an approval (Esc): the loop ends the turn after these results. */
  get stoppedByPerson(): boolean {
    return this.stoppedAt !== undefined;
  }

  /** A call's result said the turn ends after these results (ToolResult.endsTurn). */
  get endsTurn(): boolean {
    return this.endingTurn;
  }

  /** True once a call that is not read-only has started: its effects cannot be taken back. */
  hasStartedWrite(): boolean {
    return this.calls.some((c) => !c.readOnly && c.started);
  }

  /**
   * The response these calls came from is being discarded: every unfinished call is cancelled with
   * `reason` (a running one is told to stop through its signal by the caller).
   */
  discard(reason: string): void {
    for (const call of this.calls) {
      if (call.state !== 'settled') this.finish(call, { content: reason, isError: true }, 0, 'cancelled');
    }
  }

  private pump(): void {
    if (this.deps.signal.aborted) return;
    if (this.stoppedAt !== undefined) {
      // Everything after the call the turn stopped at settles unrun (running reads finish on their own).
      for (const call of this.calls) if (call.state === 'queued') this.finish(call, { content: NOT_RUN_STOPPED, isError: true }, 0, 'cancelled');
      return;
    }
    let running = this.calls.filter((c) => c.state === 'running').length;
    const alone = (c: ScheduledCall) => !c.readOnly || c.exclusive === true;
    for (let i = 0; i < this.calls.length; i++) {
      const call = this.calls[i]!;
      if (call.state === 'asking') return; // a call waiting for the person blocks everything after it
      if (call.state !== 'queued') {
        if (alone(call) && call.state === 'running') return; // a write blocks everything after it
        continue;
      }
      // Until its verdict is known, a call might ask, so nothing after it may start.
      if (call.verdict === 'pending') return;
      if (call.verdict?.kind === 'deny') {
        this.finish(call, { content: call.verdict.message, isError: true }, 0, 'denied');
        continue;
      }
      const earlier = this.calls.slice(0, i);
      if (call.verdict?.kind === 'ask') {
        if (this.streaming || earlier.some((c) => c.state !== 'settled')) return;
        call.state = 'asking';
        void this.ask(call);
        return;
      }
      if (call.readOnly) {
        if (earlier.some((c) => alone(c) && c.state !== 'settled')) return;
        if (running >= MAX_CONCURRENT_READS) return;
        this.start(call);
        running++;
      } else {
        if (this.streaming || earlier.some((c) => c.state !== 'settled')) return;
        this.start(call);
        return;
      }
    }
  }

  /** The call's turn came and it asks: checked again (a choice made meanwhile may cover it), previewed, asked. */
  private async ask(call: ScheduledCall): Promise<void> {
    const gate = this.deps.permissions!;
    const { use } = call;
    const verdict = await gate.check(this.facts(use));
    if (call.state !== 'asking') return;
    if (verdict.kind !== 'ask') {
      call.verdict = verdict;
      call.state = 'queued';
      if (verdict.kind === 'deny') this.finish(call, { content: verdict.message, isError: true }, 0, 'denied');
      else this.start(call);
      this.pump();
      return;
    }
    const preview = await this.preview(use, verdict);
    if (call.state !== 'asking') return;
    if ('refused' in preview) {
      // The tool would refuse the call anyway (missing file, stale read, .git/): no need to ask.
      this.finish(call, preview.refused, 0, 'error');
      this.pump();
      return;
    }
    // A PermissionRequest hook may answer the question for the person (never asked in -p: the gate denied already).
    const answered = (await this.deps.hooks?.permissionRequest(use, this.deps.signal)) ?? {};
    if (call.state !== 'asking') return;
    if (answered.deny !== undefined || answered.allow) {
      if (answered.interrupt) this.stoppedAt = use.id;
      if (answered.deny !== undefined) this.finish(call, { content: answered.deny, isError: true }, 0, 'denied');
      else {
        if (answered.allow?.input !== undefined) Object.assign(call, { use: { ...use, input: answered.allow.input } });
        call.state = 'queued';
        this.start(call);
      }
      this.pump();
      return;
    }
    const waiting = this.calls.filter((c) => c !== call && c.state === 'queued' && (c.verdict === 'pending' || (typeof c.verdict === 'object' && c.verdict.kind === 'ask'))).length;
    this.deps.emit({ type: 'tool_status', id: use.id, status: 'awaiting_approval' });
    this.deps.emit({
      type: 'approval_request',
      id: use.id,
      tool: use.name,
      input: use.input,
      preview: preview.shown,
      reason: verdict.why,
      ...(verdict.remember ? { remember: verdict.remember } : {}),
      waiting,
    });
    const decision = await gate.waitFor(use.id, this.deps.signal);
    if (!decision || call.state !== 'asking') return; // interrupted: cancelUnfinished settled it
    const saved = await gate.remember(verdict.remember, decision);
    this.deps.emit({ type: 'approval_response', id: use.id, decision, ...saved });
    if (call.state !== 'asking') return;
    if (decision.kind === 'stop') {
      this.stoppedAt = use.id;
      this.finish(call, { content: STOPPED, isError: true }, 0, 'denied');
    } else if (decision.kind === 'no') {
      this.finish(call, { content: declinedMessage(decision.message), isError: true }, 0, 'denied');
    } else {
      call.state = 'queued';
      this.start(call);
    }
    this.pump();
  }

  private async preview(use: CompletedToolUse, verdict: Extract<Verdict, { kind: 'ask' }>): Promise<{ shown: ApprovalPreview } | { refused: ToolResult }> {
    const input = (use.input ?? {}) as Record<string, unknown>;
    if (use.name === 'bash' && typeof input.command === 'string') {
      return {
        shown: {
          kind: 'command',
          command: input.command,
          cwd: this.deps.workspaceRoot ?? '.',
          findings: verdict.findings ?? [],
          ...(verdict.sandboxReason ? { sandboxReason: verdict.sandboxReason } : {}),
        },
      };
    }
    const tool = this.deps.registry.get(use.name);
    if (tool?.preview && !validateInput(tool.inputSchema, use.input)) {
      const result: ToolResult = await tool.preview(use.input, this.deps.makeContext(use.id)).catch((err: unknown) => ({
        content: `${use.name} failed: ${err instanceof Error ? err.message : String(err)}`,
        isError: true,
      }));
      if (result.isError) return { refused: result };
      const d = result.details;
      if (d?.kind === 'edit') return { shown: { kind: 'edit', path: d.path, created: d.created, diff: d.diff, hunks: d.hunks } };
    }
    return { shown: { kind: 'args', input: use.input } };
  }

  private start(call: ScheduledCall): void {
    call.state = 'running';
    call.started = true;
    const { use } = call;
    const startedAt = Date.now();
    this.deps.emit({ type: 'tool_status', id: use.id, status: 'running' });
    void this.execute(use, call.readOnly).then((result) => {
      if (call.state === 'settled') return; // cancelled meanwhile
      this.finish(call, result, Date.now() - startedAt, result.isError ? 'error' : 'done');
      this.pump();
    });
  }

  private async execute(use: CompletedToolUse, readOnly: boolean): Promise<ToolResult> {
    const { registry } = this.deps;
    const tool = registry.get(use.name);
    if (!tool) {
      return { content: `Unknown tool "${use.name}". Available tools: ${registry.names().join(', ')}.`, isError: true };
    }
    if (use.inputError) {
      return { content: `Invalid input for ${use.name}: ${use.inputError}. The call was not run.`, isError: true };
    }
    const problem = validateInput(tool.inputSchema, use.input);
    if (problem) return { content: `Invalid input for ${use.name}: ${problem}. The call was not run.`, isError: true };
    try {
      const run = () => tool.execute(use.input, this.deps.makeContext(use.id));
      const record = readOnly ? undefined : this.deps.recordChanges;
      const ran = await (record ? record(use, run) : run());
      const said = await this.deps.hooks?.after(use, ran, this.deps.signal);
      const result = said ? { ...ran, content: `${ran.content}\n\n${said}` } : ran;
      const fitted = result.images?.length && this.deps.fitImages ? await this.deps.fitImages(result.images) : undefined;
      const told = fitted?.notes.length ? `${result.content}\n${fitted.notes.join('\n')}` : result.content;
      const content = this.deps.redact(told);
      return {
        ...result,
        ...(fitted ? { images: fitted.images } : {}),
        content: tool.pagesOwnOutput ? content : truncateHeadTail(content),
        ...(result.details ? { details: redactDeep(result.details, this.deps.redact) } : {}),
      };
    } catch (err) {
      return { content: `${use.name} failed: ${err instanceof Error ? err.message : String(err)}`, isError: true };
    }
  }

  private finish(call: ScheduledCall, result: ToolResult, durationMs: number, status: 'done' | 'error' | 'cancelled' | 'denied'): void {
    call.state = 'settled';
    if (result.endsTurn) this.endingTurn = true;
    call.result = {
      type: 'tool_result',
      tool_use_id: call.use.id,
      content: result.content,
      ...(result.images?.length ? { images: result.images } : {}),
      ...(result.isError ? { is_error: true } : {}),
    };
    this.deps.emit({ type: 'tool_status', id: call.use.id, status });
    this.deps.emit({
      type: 'tool_result',
      id: call.use.id,
      content: result.content,
      ...(result.images?.length ? { images: result.images } : {}),
      isError: result.isError,
      ...(result.details ? { details: result.details } : {}),
      durationMs,
    });
    call.settle();
  }

  /** On interrupt every unfinished call gets a cancelled result at once; running tools stop on the signal. */
  private cancelUnfinished(): void {
    for (const call of this.calls) {
      if (call.state !== 'settled') this.finish(call, { content: INTERRUPTED_RESULT, isError: true }, 0, 'cancelled');
    }
  }
}
