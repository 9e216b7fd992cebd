// Sessions for both modes: the recorder that writes the session file, which session a run
// goes on with (--continue, --resume <id>), and the port the TUI's picker and /resume use.
import { existsSync } from 'node:fs';
import type { Agent } from '../core/agent.js';
import type { AgentEvent } from '../core/events.js';
import type { PermissionMode } from '../core/permissions/approval.js';
import { sessionPaths } from '../core/sessions/session-paths.js';
import { createRedactor } from '../core/redact.js';
import type { OpenedSession, SessionLookup } from '../core/sessions/session-catalog.js';
import type { SessionPort, SessionReady, SessionStart, SessionView } from '../core/sessions/session-port.js';
import type { SessionRecorder } from '../core/sessions/recorder.js';
import { SECRET_ENV_NAMES } from './config.js';
import type { InklingConfig } from './config.js';
import { packageVersion } from './version.js';

export async function createRecorder(config: InklingConfig, describe: () => { model: string; provider: string; mode?: string }): Promise<SessionRecorder> {
  const [{ SessionRecorder }, { sessionPaths }] = await Promise.all([import('../core/sessions/recorder.js'), import('../core/sessions/session-paths.js')]);
  return new SessionRecorder({
    paths: sessionPaths(config.home, config.workspaceRoot),
    workspaceRoot: config.workspaceRoot,
    describe,
    inklingVersion: packageVersion(),
    redact: createRedactor([...SECRET_ENV_NAMES.map((name) => process.env[name]), ...config.secrets]),
  });
}

/** The session --continue or --resume <id> names; a reason a person can read when there is none. */
export async function lookUpChosen(config: InklingConfig): Promise<SessionLookup | null> {
  const choice = config.session;
  if (choice.kind === 'new' || (choice.kind === 'resume' && choice.id === undefined)) return null;
  const { findSession, latestSession } = await import('../core/sessions/session-catalog.js');
  return choice.kind === 'continue' ? latestSession(config.home, config.workspaceRoot) : findSession(config.home, config.workspaceRoot, choice.id!);
}

async function openFile(file: string): Promise<OpenedSession> {
  const { openSession } = await import('../core/sessions/session-catalog.js');
  return openSession(file);
}

function resumeOpened(agent: Agent, opened: OpenedSession): void {
  agent.resume(opened.restored);
}

/** Opens a session file into the agent: its conversation, marks, usage; later records go to its file. */
export async function resumeInto(agent: Agent, file: string): Promise<OpenedSession> {
  const opened = await openFile(file);
  resumeOpened(agent, opened);
  return opened;
}

function viewOf(opened: OpenedSession, notice: string | undefined, mode: PermissionMode | undefined): SessionView {
  const r = opened.restored;
  // The replay is handed over once, to the transcript: kept here (the port keeps how it started
  // for the whole run) it would hold every card's events after they are drawn.
  let replay: AgentEvent[] = r.replay;
  r.replay = [];
  return {
    id: r.id,
    ...(r.title ? { title: r.title } : {}),
    get replay() {
      const taken = replay;
      replay = [];
      return taken;
    },
    notices: notice ? [...opened.notices, notice] : opened.notices,
    ...(mode ? { mode } : {}),
    ...(r.jobs.length ? { jobs: r.jobs } : {}),
  };
}

/** The TUI's resume (the picker, /resume): the session's mode comes back when resumedMode says so. */
async function resumeView(agent: Agent, file: string): Promise<SessionView> {
  const opened = await resumeInto(agent, file);
  const { resumedMode } = await import('../core/sessions/session-mode.js');
  const mode = resumedMode(opened.restored.mode, agent.permissionMode);
  if (mode.mode) agent.setPermissionMode(mode.mode);
  return viewOf(opened, mode.notice, agent.permissionMode);
}

/** The TUI's port: resumes what the flags chose once the agent is ready, then serves the picker. */
/**
 * `where`: a config that already knows the home, the workspace and the flags' session choice (the
 * preview, after the first frame), so reading the session starts before the settings are checked.
 */
export function sessionPort(config: Promise<InklingConfig>, agent: Promise<Agent>, where: Promise<InklingConfig> = config): SessionPort {
  let current: Agent | null = null;
  let resolved: InklingConfig | null = null;
  void agent.then((a) => (current = a), () => undefined);
  void config.then((c) => (resolved = c), () => undefined);
  // The session is read while the agent is still being built (they do not wait for each other):
  // its transcript goes on screen as soon as it is read, and the agent takes its conversation when
  // it is ready (`ready`; a prompt typed before then waits for it).
  const opening: Promise<{ start: SessionStart; into?: (a: Agent) => SessionReady }> = (async () => {
    const w = await where.catch(() => null);
    // An agent that failed to build says so itself, in the first turn.
    if (!w) return { start: { kind: 'fresh' as const } };
    if (w.session.kind === 'resume' && w.session.id === undefined) return { start: { kind: 'pick' as const } };
    const lookup = await lookUpChosen(w);
    if (!lookup) return { start: { kind: 'fresh' as const } };
    if (!lookup.ok) return { start: { kind: 'fresh' as const, notice: `${lookup.reason}; this is a new session.` } };
    const opened = await openFile(lookup.session.file);
    const { resumedMode } = await import('../core/sessions/session-mode.js');
    return {
      start: { kind: 'resumed' as const, view: viewOf(opened, undefined, undefined) },
      into: (a: Agent): SessionReady => {
        resumeOpened(a, opened);
        const mode = resumedMode(opened.restored.mode, a.permissionMode);
        if (mode.mode) a.setPermissionMode(mode.mode);
        return { ...(mode.mode ? { mode: mode.mode } : {}), ...(mode.notice ? { notice: mode.notice } : {}) };
      },
    };
  })().catch((err: unknown) => ({ start: { kind: 'fresh' as const, notice: `Could not open the session: ${err instanceof Error ? err.message : String(err)}` } }));
  const start = opening.then((o) => o.start);
  const ready: Promise<SessionReady> = Promise.all([opening, agent.catch(() => null)]).then(([o, a]) => {
    if (!a || !o.into) return {};
    try {
      return o.into(a);
    } catch (err) {
      return { notice: `The session is shown but could not be taken up (${err instanceof Error ? err.message : String(err)}); the next prompt starts a new conversation.` };
    }
  });
  return {
    start,
    ready,
    async list(scope) {
      const c = await config;
      const { listSessions } = await import('../core/sessions/session-catalog.js');
      return listSessions(c.home, c.workspaceRoot, scope).catch(() => []);
    },
    async resume(id) {
      const [c, a] = await Promise.all([config, agent]);
      const { findSession } = await import('../core/sessions/session-catalog.js');
      const lookup = await findSession(c.home, c.workspaceRoot, id);
      if (!lookup.ok) throw new Error(lookup.reason);
      return resumeView(a, lookup.session.file);
    },
    currentId() {
      const id = current?.sessionId;
      // A session nobody typed in has no file to come back to.
      return id && resolved && existsSync(sessionPaths(resolved.home, resolved.workspaceRoot).file(id)) ? id : undefined;
    },
    async promptHistory() {
      const c = await config;
      const [{ readPromptHistory }, { sessionPaths }] = await Promise.all([import('../core/sessions/prompt-history.js'), import('../core/sessions/session-paths.js')]);
      return readPromptHistory(sessionPaths(c.home, c.workspaceRoot).history);
    },
  };
}
