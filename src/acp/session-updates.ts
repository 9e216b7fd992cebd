// The core's events as ACP session/update notifications, in order: text and thinking as chunks,
// each call as tool_call then tool_call_update (status, content: a bash call's screen, an edit's
// diff from the ledger, a result's text), usage, mode changes. A child agent's calls appear as
// calls of their own, named under the task call that runs them. Sends queue, so content that takes
// a moment (a diff read from the ledger) never overtakes what came after it.
import type { SessionUpdate, ToolCallContent } from '@agentclientprotocol/sdk';
import type { AgentEvent } from '../core/events.js';
import type { DoorEvent } from '../core/door/requests.js';
import type { BashDetails } from '../core/tools/bash-details.js';
import { estimateCost } from '../core/providers/models.js';
import { BashContentStream, textContent } from './bash-content.js';
import { ledgerDiffs } from './ledger-diff.js';
import { planUpdate } from './plan-review.js';
import { toolKind, toolLocations, toolTitle } from './tool-call-view.js';

/** A result's text sent to the editor at most this long (the model may have got more). */
const MAX_RESULT_TEXT = 8000;

export interface UpdateContext {
  workspaceRoot: string;
  home: string;
  /** The model answering now and its window, for usage updates. */
  model: () => string;
  contextWindow: () => number | null | undefined;
}

interface CallState {
  name: string;
  bash?: BashContentStream;
  bashDetails?: BashDetails;
  diffs?: Promise<ToolCallContent[]>;
}

export class SessionUpdates {
  private queue: Promise<void> = Promise.resolve();
  private readonly calls = new Map<string, CallState>();

  constructor(
    private readonly notify: (update: SessionUpdate) => Promise<void>,
    private readonly ctx: UpdateContext,
  ) {}

  /** Resolves once every update handed over so far has been written. */
  idle(): Promise<void> {
    return this.queue;
  }

  send(update: SessionUpdate | Promise<SessionUpdate | undefined>): void {
    this.queue = this.queue.then(async () => {
      const u = await update;
      if (u) await this.notify(u);
    }).catch((err: unknown) => {
      process.stderr.write(`inkling: an update could not be sent: ${err instanceof Error ? err.message : String(err)}\n`);
    });
  }

  /** A recorded session's events, as they happened: the person's prompts too (a live prompt is the editor's own). */
  replay(events: readonly AgentEvent[]): void {
    for (const event of events) {
      if (event.type === 'turn_start') this.send({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: event.prompt } });
      else this.handle(event);
    }
  }

  /** `parent`: the task call a child agent's event belongs to. */
  handle(event: DoorEvent, parent?: string): void {
    switch (event.type) {
      case 'text_delta':
        if (!parent) this.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.text } });
        return;
      case 'thinking_delta':
        if (!parent) this.send({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.thinking } });
        return;
      case 'tool_call':
        return this.toolCall(event, parent);
      case 'tool_status':
        return this.toolStatus(event);
      case 'tool_output':
        return this.toolOutput(event);
      case 'tool_changes': {
        const call = this.calls.get(event.id);
        if (call) call.diffs = ledgerDiffs(event, this.ctx).catch(() => []);
        return;
      }
      case 'tool_result':
        return this.toolResult(event);
      case 'usage':
        if (!parent) this.usage(event);
        return;
      case 'plan_update':
        if (!parent) this.send(planUpdate(event.plan));
        return;
      case 'permission_mode':
        this.send({ sessionUpdate: 'current_mode_update', currentModeId: event.mode });
        return;
      case 'agent_event':
        return this.handle(event.event, event.agent.id);
      default:
        return;
    }
  }

  private toolCall(event: Extract<AgentEvent, { type: 'tool_call' }>, parent: string | undefined): void {
    this.calls.set(event.id, { name: event.name });
    this.send({
      sessionUpdate: 'tool_call',
      toolCallId: event.id,
      title: toolTitle(event.name, event.input),
      kind: toolKind(event.name),
      status: 'pending',
      locations: toolLocations(event.name, event.input, this.ctx.workspaceRoot),
      rawInput: event.input,
      ...(parent ? { _meta: { inkling: { parentToolCallId: parent } } } : {}),
    });
  }

  private toolStatus(event: Extract<AgentEvent, { type: 'tool_status' }>): void {
    const status = event.status === 'running' ? 'in_progress' : event.status === 'cancelled' || event.status === 'denied' ? 'failed' : undefined;
    if (status) this.send({ sessionUpdate: 'tool_call_update', toolCallId: event.id, status });
  }

  private toolOutput(event: Extract<AgentEvent, { type: 'tool_output' }>): void {
    const call = this.calls.get(event.id);
    if (!call || event.details.kind !== 'bash') return;
    call.bashDetails = event.details;
    call.bash ??= new BashContentStream((content) => this.send({ sessionUpdate: 'tool_call_update', toolCallId: event.id, content }));
    call.bash.push(event.details);
  }

  private toolResult(event: Extract<AgentEvent, { type: 'tool_result' }>): void {
    const call = this.calls.get(event.id);
    this.calls.delete(event.id);
    const status = event.isError ? 'failed' : 'completed';
    const details = event.details?.kind === 'bash' ? event.details : call?.bashDetails;
    const content = (async (): Promise<ToolCallContent[]> => {
      if (call?.name === 'bash' || details) return (call?.bash ?? new BashContentStream(() => undefined)).finish(event.content, details);
      const diffs = call?.diffs ? await call.diffs : [];
      if (diffs.length > 0 && !event.isError) return diffs;
      const text = event.content.length > MAX_RESULT_TEXT ? `${event.content.slice(0, MAX_RESULT_TEXT)}\n… (${event.content.length - MAX_RESULT_TEXT} more characters)` : event.content;
      return text === '' ? [] : [textContent(text)];
    })();
    this.send(content.then((c) => ({ sessionUpdate: 'tool_call_update', toolCallId: event.id, status, content: c }) satisfies SessionUpdate));
  }

  private usage(event: Extract<AgentEvent, { type: 'usage' }>): void {
    const u = event.usage;
    const used = u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens + u.outputTokens;
    const cost = estimateCost(this.ctx.model(), event.session);
    this.send({
      sessionUpdate: 'usage_update',
      used,
      size: this.ctx.contextWindow() ?? 0,
      ...(cost !== null ? { cost: { amount: cost, currency: 'USD' } } : {}),
    });
  }
}
