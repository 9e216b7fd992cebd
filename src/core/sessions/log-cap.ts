// Keeps a session's full output logs under a size cap: the oldest logs go first. The card of a
// call whose log went says so (a log_dropped record).
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

export const DEFAULT_LOG_CAP_BYTES = 256 * 1024 * 1024;

export interface DroppedLog { path: string; bytes: number }

export async function enforceLogCap(dir: string, capBytes: number): Promise<DroppedLog[]> {
  const files = await listFiles(dir);
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  if (total <= capBytes) return [];
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  const dropped: DroppedLog[] = [];
  for (const f of files) {
    if (total <= capBytes) break;
    try {
      await unlink(f.path);
      total -= f.bytes;
      dropped.push({ path: f.path, bytes: f.bytes });
    } catch {
      // Gone already, or not ours to delete: the next one.
    }
  }
  return dropped;
}

async function listFiles(dir: string): Promise<{ path: string; bytes: number; mtimeMs: number }[]> {
  const out: { path: string; bytes: number; mtimeMs: number }[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile()) {
      const s = await stat(full).catch(() => null);
      if (s) out.push({ path: full, bytes: s.size, mtimeMs: s.mtimeMs });
    }
  }
  return out;
}
