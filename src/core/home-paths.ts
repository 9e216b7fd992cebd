// Where inkling keeps its own state: $INKLING_HOME and the per-workspace key that names a
// workspace's folders under it (sessions/<key>/, checkpoints/<key>.git). One definition, so every
// feature files a workspace under the same name.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** $INKLING_HOME, else ~/.inkling. Tests always set INKLING_HOME to a temp dir. */
export function inklingHome(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.INKLING_HOME?.trim();
  return path.resolve(set ? set : path.join(os.homedir(), '.inkling'));
}

/**
 * A readable slug of the workspace path plus a short hash of the whole path, so two workspaces
 * whose slugs collide (or that differ only in case or punctuation) still get their own folders.
 */
export function workspaceKey(workspaceRoot: string): string {
  const resolved = path.resolve(workspaceRoot);
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 8);
  const slug = resolved
    .split(path.sep)
    .filter(Boolean)
    .slice(-3)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(-48)
    .replace(/^[-.]+/, '');
  return `${slug || 'root'}-${hash}`;
}
