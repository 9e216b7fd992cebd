// Finds a workspace's sessions in its shadow repository without creating anything: what
// `inkling rewind` works on when no session is named.
import { Git, gitEnvironment, probeGit } from './git.js';
import { listLedgerSessions } from './ledger-chain.js';
import { shadowRepoExists, shadowRepoPath } from './shadow-repo.js';

export type LatestSession =
  | { ok: true; session: string }
  | { ok: false; kind: 'none' | 'no-git'; reason: string };

export async function latestLedgerSession(opts: { home: string; workspaceRoot: string; env: NodeJS.ProcessEnv }): Promise<LatestSession> {
  const none = { ok: false, kind: 'none', reason: `no session has recorded changes in ${opts.workspaceRoot} yet` } as const;
  if (!(await shadowRepoExists(opts.home, opts.workspaceRoot))) return none;
  const env = gitEnvironment(opts.env);
  const probe = await probeGit(env);
  if (!probe.ok) return { ok: false, kind: 'no-git', reason: `the change ledger needs git: ${probe.reason}` };
  const git = new Git({ gitDir: shadowRepoPath(opts.home, opts.workspaceRoot), workTree: opts.workspaceRoot }, env);
  const sessions = await listLedgerSessions(git);
  return sessions[0] ? { ok: true, session: sessions[0].session } : none;
}
