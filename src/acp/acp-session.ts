// One ACP session: an inkling agent for one workspace, driven through the door as the TUI and -p
// drive theirs. A prompt is one submit whose events go out as session updates until its run ends;
// an approval asks the editor; session/cancel is the door's interrupt (commands' process trees end,
// the history stays valid) and the prompt answers `cancelled`.
import { RequestError } from '@agentclientprotocol/sdk';
import type { AgentContext, PromptResponse, SessionModeState, StopReason } from '@agentclientprotocol/sdk';
import type { Agent } from '../core/agent.js';
import type { AgentDoor, DoorEvent } from '../core/door/requests.js';
import type { AgentEvent, TurnEndReason } from '../core/events.js';
import type { PermissionMode } from '../core/permissions/approval.js';
import type { InklingConfig } from '../cli/config.js';
import type { Redact } from '../core/redact.js';
import { SessionUpdates } from './session-updates.js';
import { decisionOf, permissionRequest } from './permission-request.js';
import { planAnswerOf, planReviewRequest } from './plan-review.js';
import type { InklingPrompt } from './prompt-blocks.js';
import type { CustomCommandSet } from '../core/commands/custom-commands.js';
import { availableCommands, expandCommand, sessionCommands } from './session-commands.js';

const STOP_REASON: Record<Exclude<TurnEndReason, 'error'>, StopReason> = {
  end_turn: 'end_turn',
  aborted: 'cancelled',
  max_tokens: 'max_tokens',
  max_iterations: 'max_turn_requests',
};

/** inkling's permission modes as ACP session modes. */
const MODES: Array<{ id: PermissionMode; name: string; description: string }> = [
  { id: 'default', name: 'Default', description: 'Reads run; edits and commands ask' },
  { id: 'accept-edits', name: 'Accept edits', description: 'Edits and file commands inside the workspace run without asking' },
  { id: 'plan', name: 'Plan', description: 'Read-only: nothing is changed' },
  { id: 'auto', name: 'Auto', description: 'Also every sandboxed command runs without asking' },
  { id: 'yolo', name: 'Yolo', description: 'Everything not denied or protected runs without asking' },
];

interface Turn {
  done: (response: PromptResponse | RequestError) => void;
  reason?: TurnEndReason;
  errors: string[];
  asking: AbortController;
}

export interface SessionParts {
  id: string;
  config: InklingConfig;
  agent: Agent;
  door: AgentDoor;
  client: AgentContext;
  scrub: Redact;
  /** Said once, as an agent message before the first prompt's answer (an untrusted workspace's ignored settings). */
  notices: string[];
}

export class AcpSession {
  readonly id: string;
  readonly updates: SessionUpdates;
  private turn: Turn | undefined;
  /** reject-always: the remember rules refused for the rest of the session. */
  private readonly refused = new Set<string>();
  private notices: string[];
  private readonly unsubscribe: () => void;
  private commands: Promise<CustomCommandSet | undefined>;

  constructor(private readonly parts: SessionParts) {
    this.id = parts.id;
    this.notices = parts.notices;
    const { client, agent, config } = parts;
    this.updates = new SessionUpdates((update) => client.notify('session/update', { sessionId: this.id, update }), {
      workspaceRoot: config.workspaceRoot,
      home: config.home,
      model: () => (agent as Agent & { model?: string }).model ?? config.model,
      contextWindow: () => agent.contextWindow,
    });
    this.unsubscribe = parts.door.subscribe((event) => this.onEvent(event));
    this.commands = sessionCommands(config).catch(() => undefined);
  }

  /** After the answer that names the session: its commands, and the mode it is in. */
  announce(): void {
    setTimeout(() => {
      void this.commands.then((set) => {
        if (set) this.updates.send({ sessionUpdate: 'available_commands_update', availableCommands: availableCommands(set) });
      });
    }, 0);
  }

  get cwd(): string {
    return this.parts.config.workspaceRoot;
  }

  get config(): InklingConfig {
    return this.parts.config;
  }

  modes(): SessionModeState {
    return { currentModeId: this.parts.agent.permissionMode ?? 'default', availableModes: MODES };
  }

  setMode(modeId: string): void {
    const mode = MODES.find((m) => m.id === modeId);
    if (!mode) throw RequestError.invalidParams({ modeId }, `no mode "${modeId}"; the modes are ${MODES.map((m) => m.id).join(', ')}`);
    this.parts.door.send({ type: 'setMode', mode: mode.id });
    // The door's setMode is silent (the TUI's own key changed it); every editor view of the session hears it.
    this.updates.send({ sessionUpdate: 'current_mode_update', currentModeId: mode.id });
  }

  async prompt(prompt: InklingPrompt): Promise<PromptResponse> {
    if (this.turn) throw RequestError.invalidRequest(undefined, 'a prompt is already running in this session');
    const text = await expandCommand(await this.commands, prompt.text);
    if (this.turn) throw RequestError.invalidRequest(undefined, 'a prompt is already running in this session');
    const said = [...this.notices, ...prompt.skipped.map((s) => `Left out of the prompt: ${s}.`)];
    this.notices = [];
    if (said.length > 0) this.updates.send({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${said.join('\n')}\n\n` } });
    return new Promise<PromptResponse | RequestError>((done) => {
      this.turn = { done, errors: [], asking: new AbortController() };
      this.parts.door.send({ type: 'submit', prompt: text, ...(prompt.images.length > 0 ? { images: prompt.images } : {}) });
    }).then((answer) => {
      if (answer instanceof RequestError) throw answer;
      return answer;
    });
  }

  cancel(): void {
    if (!this.turn) return;
    this.turn.asking.abort();
    this.parts.door.send({ type: 'interrupt' });
  }

  async dispose(): Promise<void> {
    this.cancel();
    this.unsubscribe();
    await this.parts.agent.jobs.killAll('exit').catch(() => []);
    await this.parts.agent.dispose().catch(() => undefined);
  }

  private onEvent(event: DoorEvent): void {
    this.updates.handle(event);
    if (event.type === 'mcp') return this.onMcp(event.event);
    const inner = innermost(event);
    switch (inner.type) {
      case 'approval_request':
        return void this.ask(inner);
      case 'plan_review':
        return void this.reviewPlan(inner.id, inner.plan);
      case 'secret_request':
        // An editor has no secret prompt: the program is told no, as -p tells it.
        this.stderr(`${inner.command}: asked for a secret (${inner.prompt.trim()}); an editor cannot answer it, so it was refused`);
        this.parts.door.send({ type: 'answerSecret', request: inner.request, answer: null });
        return;
      case 'notice':
        if (inner === event) this.stderr(inner.message);
        return;
      case 'retry':
        // Someone watching the editor's log should see why nothing comes yet.
        if (inner === event) this.stderr(`retrying in ${Math.round(inner.delayMs / 100) / 10} s (${inner.reason}), attempt ${inner.attempt}`);
        return;
    }
    if (!this.turn) return;
    if (event.type === 'turn_end') this.turn.reason = event.reason;
    else if (event.type === 'error') this.turn.errors.push(event.message);
    else if (event.type === 'run_end') void this.endTurn();
  }

  private async endTurn(): Promise<void> {
    const turn = this.turn!;
    this.turn = undefined;
    await this.updates.idle();
    if (turn.reason && turn.reason !== 'error') return turn.done({ stopReason: STOP_REASON[turn.reason] });
    const message = this.parts.scrub(turn.errors.join('\n') || 'the turn failed');
    turn.done(RequestError.internalError({ errors: turn.errors.map(this.parts.scrub) }, message));
  }

  private async ask(event: Extract<AgentEvent, { type: 'approval_request' }>): Promise<void> {
    const rule = event.remember?.rule;
    if (rule && this.refused.has(rule)) {
      this.parts.door.send({ type: 'respondToApproval', id: event.id, decision: { kind: 'no', message: 'The person refused every call like this for the session.' } });
      return;
    }
    await this.updates.idle();
    const signal = this.turn?.asking.signal;
    const response = await this.parts.client
      .request('session/request_permission', permissionRequest(this.id, event, this.cwd), signal ? { cancellationSignal: signal, stopWaitingOnCancel: true } : {})
      .catch(() => undefined);
    const { decision, rejectAlways } = decisionOf(response);
    if (rejectAlways && rule) this.refused.add(rule);
    this.parts.door.send({ type: 'respondToApproval', id: event.id, decision });
  }

  private async reviewPlan(id: string, plan: string): Promise<void> {
    await this.updates.idle();
    const signal = this.turn?.asking.signal;
    const response = await this.parts.client
      .request('session/request_permission', planReviewRequest(this.id, id, plan), signal ? { cancellationSignal: signal, stopWaitingOnCancel: true } : {})
      .catch(() => undefined);
    this.parts.door.send({ type: 'answerPlan', id, ...planAnswerOf(response) });
  }

  /** An MCP server's form has no place in an editor: declined, as -p declines it; its notices go to stderr. */
  private onMcp(event: Extract<DoorEvent, { type: 'mcp' }>['event']): void {
    if (event.type === 'mcp_elicit') {
      this.stderr(`MCP server ${event.server} asked for a form (${event.message}); an editor cannot show it, so it was declined`);
      this.parts.door.send({ type: 'answerElicitation', id: event.id, answer: { action: 'decline' } });
    } else if (event.type === 'mcp_notice') this.stderr(event.message);
  }

  private stderr(line: string): void {
    process.stderr.write(this.parts.scrub(`inkling: ${line}\n`));
  }
}

/** A child agent's event, unwrapped (its approvals are answered through the parent's door). */
function innermost(event: DoorEvent): DoorEvent {
  return event.type === 'agent_event' ? innermost(event.event) : event;
}
