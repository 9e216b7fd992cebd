// Atomic writes in progress, recorded under $INKLING_HOME/tmp-journal (one small file per temp file,
// named by the writer's pid) so that what a killed inkling left half-written in a workspace can be
// found and removed later without walking any workspace.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { inklingHome } from '../config/paths.js';

/** What every atomic-write temp file is named: `.<name>.inkling-<pid>-<hex>.tmp`. */
export const TEMP_FILE_NAME = /^\..+\.inkling-(\d+)-[0-9a-f]+\.tmp$/;

export function journalDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(inklingHome(env), 'tmp-journal');
}

/**
 * Records `tempPath` (a real path) before the temp file is created; the returned function removes
 * the record once the file was renamed or removed. Never throws: without a journal the write
 * still happens, it is only not swept after a crash.
 */
export async function journalTempFile(tempPath: string, env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  const dir = journalDir(env);
  const entry = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.writeFile(entry, tempPath, { mode: 0o600 });
  } catch {
    return async () => {};
  }
  return () => fs.rm(entry, { force: true }).catch(() => undefined);
}
