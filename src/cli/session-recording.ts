// Sessions for both modes: the recorder that writes the session file, which session a run
// goes on with (--continue, --resume <id>), and the port the TUI's picker and /resume use.
import { existsSync } from 'node:fs';
import type { Agent } from '../core/agent.js';
import { sessionPaths } from '../core/sessions/session-paths.js';
import { createRedactor } from '../core/redact.js';
import type { OpenedSession, SessionLookup } from '../core/sessions/session-catalog.js';
import type { SessionPort, SessionStart, SessionView } from '../core/sessions/session-port.js';
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

/** Opens a session file into the agent: its conversation, marks, usage; later records go to its file. */
export async function resumeInto(agent: Agent, file: string): Promise<OpenedSession> {
  const { openSession } = await import('../core/sessions/session-catalog.js');
  const opened = await openSession(file);
  if (!agent.resume) throw new Error('this agent cannot resume sessions');
  agent.resume(opened.restored);
  return opened;
}

/** The TUI's resume: the session's mode comes back when resumedMode says so, and the view says which mode it is in. */
async function resumeView(agent: Agent, file: string): Promise<SessionView> {
  const opened = await resumeInto(agent, file);
  const { resumedMode } = await import('../core/sessions/session-mode.js');
  const mode = resumedMode(opened.restored.mode, agent.permissionMode);
  if (mode.mode) agent.setPermissionMode?.(mode.mode);
  const r = opened.restored;
  return {
    id: r.id,
    ...(r.title ? { title: r.title } : {}),
    replay: r.replay,
    notices: mode.notice ? [...opened.notices, mode.notice] : opened.notices,
    ...(agent.permissionMode ? { mode: agent.permissionMode } : {}),
  };
}

/** The TUI's port: resumes what the flags chose once the agent is ready, then serves the picker. */
export function sessionPort(config: Promise<InklingConfig>, agent: Promise<Agent>): SessionPort {
  let current: Agent | null = null;
  let resolved: InklingConfig | null = null;
  void agent.then((a) => (current = a), () => undefined);
  void config.then((c) => (resolved = c), () => undefined);
  const start: Promise<SessionStart> = (async (): Promise<SessionStart> => {
    const ready = await Promise.all([config, agent]).catch(() => null);
    // An agent that failed to build says so itself, in the first turn.
    if (!ready) return { kind: 'fresh' };
    const [c, a] = ready;
    if (c.session.kind === 'resume' && c.session.id === undefined) return { kind: 'pick' };
    const lookup = await lookUpChosen(c);
    if (!lookup) return { kind: 'fresh' };
    if (!lookup.ok) return { kind: 'fresh', notice: `${lookup.reason}; this is a new session.` };
    return { kind: 'resumed', view: await resumeView(a, lookup.session.file) };
  })().catch((err: unknown): SessionStart => ({ kind: 'fresh', notice: `Could not open the session: ${err instanceof Error ? err.message : String(err)}` }));
  return {
    start,
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
