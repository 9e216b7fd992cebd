// The native supervisor (native/supervisor.c, built by `npm ci` through node-gyp): outside the
// sandbox, a command runs under it so that nothing it starts can outlive it, daemons and kill -9
// of inkling included. Without the binary, commands run as before (the /proc walk alone).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BINARY = path.join('build', 'Release', 'inkling-supervisor');

let found: string | null | undefined;

/** The supervisor's path, looked up once: the package root is a few folders above this module (src/ or dist/src/). */
export function supervisorPath(): string | null {
  if (found !== undefined) return found;
  found = null;
  if (process.platform !== 'linux') return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, BINARY);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      found = candidate;
      break;
    } catch {
      dir = path.dirname(dir);
    }
  }
  return found;
}

/**
 * Replaces the lookup's answer (`undefined` looks again): tests use it to be the machine where
 * node-gyp could not build the binary.
 */
export function setSupervisorPath(p: string | null | undefined): void {
  found = p;
}

/** How the process tree of a command is held together, as the bash tool says it. */
export type Containment = 'sandbox' | 'supervisor' | 'process-tree';
