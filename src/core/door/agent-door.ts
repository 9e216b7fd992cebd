// The door over an agent (core/door/requests.ts): runs its turns and compactions one after
// another, stops them, and answers every other request from the agent or from the parts that
// start later (the sessions on disk, /model's list, the MCP servers, what the start-up loads).
import type { Agent } from '../agent.js';
import type { McpServers } from '../mcp/mcp-servers.js';
import type { SessionPort } from '../sessions/session-port.js';
import type { ModelPicking, StartupInfo } from '../startup-info.js';
import { followSessions, followStartup } from './startup-parts.js';
import { summarize } from '../mcp/status.js';
import type { MemoryLineTarget } from '../memory/memory-lines.js';
import type { AgentEvent } from '../events.js';
import type { AgentDoor, AgentRequest, AnswerTo, Answers, DoorEvent } from './requests.js';
import { ledgerAnswer, type LedgerRequest } from './ledger-requests.js';
import { writeExport } from './write-export.js';
import { imageFileMeta } from '../images/prompt-images.js';
import type { SetupLists } from '../setup/setup-lists.js';

/** What the door asks of the MCP servers (/mcp's keys, logins, elicitation answers). */
type McpDoorPart = Pick<McpServers, 'reconnect' | 'disable' | 'loginHere' | 'pasteLogin' | 'cancelLogin' | 'answerElicitation' | 'servers' | 'subscribe'>;

/** What the door answers from besides the agent; each is optional (a part that is not there says so). */
export interface DoorParts {
  /** The sessions on disk (the picker, /resume). */
  sessions?: SessionPort;
  /** /model, once the agent is built; null for the demo and scripted models. */
  models?: Promise<ModelPicking | null>;
  /** The MCP servers once they are loading; null when none are configured. */
  mcp?: Promise<McpDoorPart | null>;
  /** /skills and /hooks, once the agent is built; null when it has neither (the demo). */
  setup?: Promise<SetupLists | null>;
  /** What the interactive start loads after the first frame: announced as `startup` events; the trust question's answer goes back through it. */
  startup?: StartupInfo;
  /** Saves a `#` line; resolves to what to tell the person. */
  rememberLine?(target: MemoryLineTarget, line: string): Promise<string>;
  /** Reads the memory files again (the session's next request, the header); never rejects. */
  reloadMemory?(): Promise<void>;
  /** The model answering now, as /cost prices it. */
  modelName?(): string;
  /** Where /export's relative paths are. */
  workspaceRoot?: string;
}

interface Run {
  controller: AbortController;
  interrupted: boolean;
}

const LEDGER_REQUESTS = new Set<AgentRequest['type']>(['planUndo', 'undo', 'planRewind', 'rewind', 'sessionDiff', 'ledgerPrompts', 'entryDiff']);

export function createAgentDoor(agent: Agent, parts: DoorParts = {}): AgentDoor {
  const listeners = new Set<(event: DoorEvent) => void>();
  const emit = (event: DoorEvent) => {
    for (const listener of listeners) listener(event);
  };
  let current: Run | null = null;
  // The previous run's iterator, still finishing after an interrupt; a new run waits for it.
  let winding: Promise<void> = Promise.resolve();
  let models: ModelPicking | null = null;
  let mcp: McpDoorPart | null = null;
  void parts.models?.then((m) => {
    models = m;
    if (m) emit({ type: 'ready', part: 'models' });
  }, () => {});
  void parts.mcp?.then((m) => {
    mcp = m;
    if (!m) return;
    emit({ type: 'ready', part: 'mcp' });
    // The list as it is now, then every change: the header's "MCP 3 (1 failed)", /mcp, logins and forms.
    const servers = m.servers();
    emit({ type: 'mcp', event: { type: 'mcp_servers', servers, summary: summarize(servers) } });
    m.subscribe((event) => emit({ type: 'mcp', event }));
  }, () => {});
  if (parts.startup) followStartup(parts.startup, emit);
  if (parts.sessions) followSessions(parts.sessions, emit);
  agent.jobs.subscribe(emit);

  const start = (kind: 'turn' | 'compaction' | 'shell', job: (signal: AbortSignal) => AsyncIterable<AgentEvent>) => {
    const run: Run = { controller: new AbortController(), interrupted: false };
    current = run;
    winding = (async () => {
      await winding;
      try {
        // Interrupted before it could start: never bother the agent.
        if (!run.interrupted) for await (const ev of job(run.controller.signal)) emit(ev);
      } catch (err) {
        if (!run.interrupted) {
          emit({ type: 'error', message: err instanceof Error ? err.message : String(err), retryable: false });
          emit({ type: 'turn_end', reason: 'error' });
        }
      }
      if (current === run) current = null;
      emit({ type: 'run_end', run: kind, interrupted: run.interrupted });
    })();
  };

  const interrupt = (): boolean => {
    const run = current;
    if (!run) return false;
    run.interrupted = true;
    current = null;
    run.controller.abort();
    return true;
  };

  const missing = (what: string) => Promise.reject(new Error(what));

  const answer = (request: AgentRequest): Answers[keyof Answers] => {
    if (LEDGER_REQUESTS.has(request.type)) return ledgerAnswer(agent, request as LedgerRequest);
    switch (request.type) {
      case 'submit':
        return start('turn', (signal) => agent.run(request.prompt, { signal, ...(request.images?.length ? { images: request.images } : {}) }));
      case 'interrupt':
        return interrupt();
      case 'clear':
        interrupt();
        return agent.clear();
      case 'respondToApproval':
        return agent.respondToApproval(request.id, request.decision);
      case 'answerSecret':
        return agent.answerSecret(request.request, request.answer);
      case 'answerPlan':
        return agent.plan?.reviews.answer(request.id, { choice: request.choice, ...(request.message ? { message: request.message } : {}) }) ?? false;
      case 'writeToCommand':
        return agent.writeToTool(request.id, request.data);
      case 'resize':
        agent.setPaneSize(request.cols, request.rows);
        for (const id of request.running) agent.resizeTool(id, request.cols, request.rows);
        return;
      case 'setMode':
        return agent.setPermissionMode(request.mode);
      case 'shell': {
        const runShell = agent.runShell?.bind(agent);
        if (current || !runShell) return false;
        start('shell', (signal) => runShell(request.command, { signal }));
        return true;
      }
      case 'compact': {
        if (current) return false;
        start('compaction', (signal) => agent.compact(request.instructions, { signal }));
        return true;
      }
      case 'editContext': {
        const ev = agent.setContextEdit(request.id, request.edit);
        if (!ev) return false;
        emit(ev);
        return true;
      }
      case 'contextCosts': {
        const costs: Answers['contextCosts']['costs'] = {};
        for (const id of request.ids) costs[id] = agent.toolCallCost(id);
        return { window: agent.contextWindow, costs };
      }
      case 'contextBreakdown':
        return agent.contextBreakdown();
      case 'listSessions':
        return parts.sessions ? parts.sessions.list(request.scope) : missing('sessions are not kept in this run');
      case 'resumeSession':
        return parts.sessions ? parts.sessions.resume(request.id) : missing('sessions are not kept in this run');
      case 'promptHistory':
        return parts.sessions ? parts.sessions.promptHistory() : Promise.resolve([]);
      case 'listModels':
        return models ? models.list(request.refresh) : missing('no other model to switch to');
      case 'switchModel':
        return models ? models.switchTo(request.model) : missing('no other model to switch to');
      case 'reconnectMcp':
        return mcp ? mcp.reconnect(request.name) : missing('no MCP servers configured');
      case 'disableMcp':
        return mcp ? mcp.disable(request.name) : missing('no MCP servers configured');
      case 'loginMcp':
        return mcp ? mcp.loginHere(request.name) : missing('no MCP servers configured');
      case 'pasteMcpLogin':
        return mcp?.pasteLogin(request.name, request.url) ?? false;
      case 'cancelMcpLogin':
        return mcp?.cancelLogin(request.name) ?? false;
      case 'answerElicitation':
        return mcp?.answerElicitation(request.id, request.answer) ?? false;
      case 'listSkills':
      case 'listAgents':
      case 'listHooks':
      case 'setHookOff':
      case 'listPermissions':
      case 'removePermission':
        return setupAnswer(parts.setup, request);
      case 'answerTrust':
        void parts.startup?.trust.then((q) => q?.answer(request.trust), () => {});
        return;
      case 'rememberLine':
        return parts.rememberLine ? parts.rememberLine(request.target, request.line) : Promise.resolve('memory files cannot be written here');
      case 'reloadMemory':
        return parts.reloadMemory?.() ?? Promise.resolve();
      case 'modelName':
        return parts.modelName?.() ?? '';
      case 'imageMeta':
        return imageFileMeta(request.file);
      case 'writeExport':
        return parts.workspaceRoot ? writeExport(parts.workspaceRoot, request.file, request.text) : missing('no workspace to write to');
      case 'toggleThinking':
        return models ? models.toggleThinking() : { refused: 'thinking cannot be switched for this model' };
      case 'currentModel':
        return models ? models.current() : null;
      case 'capabilities': {
        const currentSession = parts.sessions?.currentId();
        return {
          ledger: agent.ledger !== undefined,
          sessions: parts.sessions !== undefined,
          mcp: mcp !== null,
          ...(currentSession !== undefined ? { currentSession } : {}),
        };
      }
      case 'whenIdle':
        return winding;
      case 'background':
        return agent.jobs.background(request.id);
      case 'listJobs':
        return agent.jobs.list();
      case 'writeToJob':
        return agent.jobs.write(request.id, request.data);
      case 'killJob':
        return agent.jobs.kill(request.id, 'the person');
    }
    return undefined;
  };

  return {
    send: <R extends AgentRequest>(request: R) => answer(request) as AnswerTo<R>,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type SetupRequest = Extract<AgentRequest, { type: 'listSkills' | 'listAgents' | 'listHooks' | 'setHookOff' | 'listPermissions' | 'removePermission' }>;

/** /skills, /hooks and /permissions: asked before the agent is built, they wait for it (it is built after the first frame). */
function setupAnswer(setup: Promise<SetupLists | null> | undefined, request: SetupRequest): Answers[SetupRequest['type']] {
  const lists = (setup ?? Promise.resolve(null)).catch(() => null);
  if (request.type === 'listSkills') {
    const skills: Answers['listSkills'] = lists.then((l) => l?.skills() ?? []);
    return skills;
  }
  if (request.type === 'listAgents') {
    const agents: Answers['listAgents'] = lists.then((l) => l?.agents() ?? []);
    return agents;
  }
  if (request.type === 'listHooks') {
    const hooks: Answers['listHooks'] = lists.then((l) => l?.hooks() ?? []);
    return hooks;
  }
  if (request.type === 'listPermissions') {
    const rules: Answers['listPermissions'] = lists.then((l) => l?.permissions() ?? []);
    return rules;
  }
  if (request.type === 'removePermission') {
    const said: Answers['removePermission'] = lists.then((l) => l?.removePermission(request.number) ?? 'no permission rules in this session');
    return said;
  }
  const turned: Answers['setHookOff'] = lists.then((l) => l?.setHookOff(request.number, request.off) ?? false);
  return turned;
}
