// What the UI asks of the sessions on disk (the picker, /resume, /sessions, the exit hint): a
// port the CLI builds from the agent, so the store and components never touch files.
import type { AgentEvent } from '../events.js';
import type { JobInfo } from '../jobs/job-types.js';
import type { PermissionMode } from '../permissions/approval.js';
import type { SessionScope, SessionSummary } from './session-catalog.js';

/** A session opened into the agent: the events that draw its transcript, and what to say once. */
export interface SessionView {
  id: string;
  title?: string;
  /** Read once (by the transcript): a view may let go of them then. */
  replay: AgentEvent[];
  notices: string[];
  /** The permission mode the agent is in now that the session is open. */
  mode?: PermissionMode;
  /** The background jobs of the runs that recorded it, ended: /jobs lists them with this run's. */
  jobs?: JobInfo[];
}

/** What taking up the started session changed: the mode it goes on in, and what to say about it. */
export interface SessionReady {
  mode?: PermissionMode;
  notice?: string;
}

export type SessionStart =
  | { kind: 'fresh'; notice?: string }
  | { kind: 'resumed'; view: SessionView }
  /** --resume without an id: the picker opens first. */
  | { kind: 'pick' };

export interface SessionPort {
  /** How the app starts (after the first frame); a resumed session's view as soon as it is read. */
  start: Promise<SessionStart>;
  /** The agent has the started session's conversation (a prompt typed before then waits for it). */
  ready: Promise<SessionReady>;
  /** Newest first. Never rejects (an unreadable folder is an empty list). */
  list(scope: SessionScope): Promise<SessionSummary[]>;
  /** Opens a session of this workspace into the agent; rejects with a message a person can read. */
  resume(id: string): Promise<SessionView>;
  /** The session being recorded now (the exit summary names it). */
  currentId(): string | undefined;
  /** The workspace's prompt history, oldest first (↑ in the input). */
  promptHistory(): Promise<string[]>;
}
