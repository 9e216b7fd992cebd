// An edit's diff for the editor, from the change ledger: the call's tool_changes names the
// workspace's trees before and after it and the files it changed; each text file's two versions
// are read from the shadow repository (read-only; git commands queue behind the ledger's own).
import path from 'node:path';
import type { ToolCallContent } from '@agentclientprotocol/sdk';
import type { AgentEvent } from '../core/events.js';
import { Git, gitEnvironment } from '../core/checkpoints/git.js';
import { shadowRepoPath } from '../core/checkpoints/shadow-repo.js';

type ToolChanges = Extract<AgentEvent, { type: 'tool_changes' }>;

/** Files a diff carries at most (a call that rewrote a tree says the rest by count). */
const MAX_FILES = 20;
/** A version larger than this is not sent whole. */
const MAX_BYTES = 512 * 1024;

export async function ledgerDiffs(event: ToolChanges, where: { home: string; workspaceRoot: string }): Promise<ToolCallContent[]> {
  const git = new Git({ gitDir: shadowRepoPath(where.home, where.workspaceRoot), workTree: where.workspaceRoot }, gitEnvironment(process.env));
  const blob = async (tree: string, file: string): Promise<string | null> => {
    const buf = await git.run(['cat-file', 'blob', `${tree}:${file}`]);
    return buf.length > MAX_BYTES ? null : buf.toString('utf8');
  };
  const out: ToolCallContent[] = [];
  for (const change of event.changes.filter((c) => !c.binary).slice(0, MAX_FILES)) {
    const oldText = change.status === 'added' ? null : await blob(event.before, change.path);
    const newText = change.status === 'deleted' ? '' : await blob(event.after, change.path);
    if (newText === null || (oldText === null && change.status !== 'added')) continue;
    out.push({ type: 'diff', path: path.join(where.workspaceRoot, change.path), oldText, newText });
  }
  const left = event.changes.length - out.length;
  if (left > 0) out.push({ type: 'content', content: { type: 'text', text: `${left} more changed file${left === 1 ? '' : 's'} (binary or large) not shown` } });
  return out;
}
