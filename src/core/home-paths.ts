// The per-workspace key that names a workspace's folders under $INKLING_HOME (sessions/<key>/,
// checkpoints/<key>.git). One definition, so every feature files a workspace under the same name.
import { createHash } from 'node:crypto';
import path from 'node:path';

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
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(-48)
    .replace(/^[-.]+/, '');
  return `${slug || 'root'}-${hash}`;
}
