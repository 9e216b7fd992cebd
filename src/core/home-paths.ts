// The per-workspace key that names a workspace's folders under $INKLING_HOME (sessions/<key>/,
// checkpoints/<key>.git). One definition, so every feature files a workspace under the same name.
import { createRequire } from 'node:module';
import path from 'node:path';

// crypto when a key is first asked for (after the first frame), not as the start-up imports this.
let crypto: typeof import('node:crypto') | undefined;

/**
 * A readable slug of the workspace path plus a short hash of the whole path, so two workspaces
 * whose slugs collide (or that differ only in case or punctuation) still get their own folders.
 */
export function workspaceKey(workspaceRoot: string): string {
  const resolved = path.resolve(workspaceRoot);
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const hash = crypto.createHash('sha256').update(resolved).digest('hex').slice(0, 8);
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
