// Where a workspace's sessions live under $INKLING_HOME: sessions/<workspace-key>/<id>.jsonl, the
// session's logs in sessions/<workspace-key>/<id>/, the prompt history in history.jsonl beside them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { workspaceKey } from '../home-paths.js';

export interface SessionPaths {
  /** sessions/<workspace-key>/ */
  dir: string;
  file(id: string): string;
  /** The session's full bash logs and MCP stderr. */
  logsDir(id: string): string;
  history: string;
}

export function sessionsRoot(home: string): string {
  return path.join(home, 'sessions');
}

export function sessionPaths(home: string, workspaceRoot: string): SessionPaths {
  return pathsIn(path.join(sessionsRoot(home), workspaceKey(workspaceRoot)));
}

export function pathsIn(dir: string): SessionPaths {
  return {
    dir,
    file: (id) => path.join(dir, `${id}.jsonl`),
    logsDir: (id) => path.join(dir, id),
    history: path.join(dir, 'history.jsonl'),
  };
}

/** Creates a directory and its missing parents, each 0700 (mkdir's mode applies to every level it makes). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Session ids are what randomUUID gives; anything else is not a session file. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
