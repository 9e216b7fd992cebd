// When a sandboxed command failed on a read-only path or the missing network, the model is told
// that the sandbox did it, and how to ask for a run outside it, instead of guessing at the cause.

const READ_ONLY = /(?:^|[\s'"`(:])(\/[^\s'"`:]*)['"`]?(?::\s*|\s+)(?:Read-only file system|EROFS)/m;
const DENIED = /(?:^|[\s'"`(:])(\/[^\s'"`:]*)['"`]?(?::\s*|\s+)(?:Permission denied|EACCES)/m;
const ANY_READ_ONLY = /Read-only file system|\bEROFS\b/;
const NO_NETWORK =
  /Network is unreachable|\bENETUNREACH\b|Could not resolve host|Temporary failure in name resolution|getaddrinfo E(?:AI_AGAIN|NOTFOUND)|Name or service not known/;

function isInside(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/**
 * A hint to append to a sandboxed command's result, or null. `workspace` is the writable root: a
 * denied path inside it was denied for another reason (or is one of the protected paths, named).
 */
export function sandboxHint(output: string, opts: { workspace: string; network: boolean }): string | null {
  const hints: string[] = [];
  const readOnly = READ_ONLY.exec(output)?.[1];
  const denied = DENIED.exec(output)?.[1];
  if (readOnly) {
    hints.push(`The sandbox blocked a write to ${readOnly}: only the workspace (and /tmp) is writable, and .git/hooks, .git/config, .inkling/ and the home folder's hidden files in it are read-only.`);
  } else if (ANY_READ_ONLY.test(output)) {
    hints.push('The sandbox blocked a write: only the workspace (and /tmp) is writable, and .git/hooks, .git/config, .inkling/ and the home folder\'s hidden files in it are read-only.');
  } else if (denied && !isInside(denied, opts.workspace) && !isInside(denied, '/tmp')) {
    hints.push(`The sandbox may have blocked access to ${denied}: outside the workspace everything is read-only.`);
  }
  if (!opts.network && NO_NETWORK.test(output)) hints.push('The sandbox has no network.');
  if (hints.length === 0) return null;
  return `${hints.join(' ')} Rerun with sandbox: false (and a reason) if this is intended.`;
}
