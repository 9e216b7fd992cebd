// The read-before-write rule: a file may be overwritten only if this session has seen its current version.
import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import type { SessionState } from '../tools/tool.js';

/** Remembers the file's current mtime and size as seen by the session (after a read or a write). */
export async function recordFileState(session: SessionState, realPath: string, stat?: Stats): Promise<void> {
  const st = stat ?? (await fs.stat(realPath));
  session.readFiles.set(realPath, { mtimeMs: st.mtimeMs, size: st.size });
}

/** An error message when an existing file must not be overwritten yet, else null. */
export function staleFileError(session: SessionState, realPath: string, displayPath: string, stat: Stats): string | null {
  const seen = session.readFiles.get(realPath);
  if (!seen) {
    return `The file ${displayPath} already exists and has not been read in this session. Read it with read_file first, then write or edit it.`;
  }
  if (seen.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) {
    return `The file ${displayPath} has changed on disk since it was last read (size ${seen.size} → ${stat.size} bytes). Read it again with read_file before changing it.`;
  }
  return null;
}
