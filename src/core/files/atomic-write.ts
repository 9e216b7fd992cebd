// Atomic file replacement: a crash or a failing step never leaves a half-written target.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Permission bits for the file (e.g. the mode of the file being replaced). Default: 0o666 minus umask. */
  mode?: number;
  /** Injected for tests, to prove a failing rename leaves the original untouched. */
  rename?: (from: string, to: string) => Promise<void>;
  /** An interrupt that lands before the rename leaves the target as it was. */
  signal?: AbortSignal;
}

/**
 * Writes `data` to a temp file in the target's own directory (same filesystem, so rename is atomic),
 * fsyncs it, then renames it over the target. The temp file is removed on any failure.
 */
export async function writeFileAtomic(target: string, data: string | Buffer, opts: AtomicWriteOptions = {}): Promise<void> {
  const dir = path.dirname(target);
  const tmp = path.join(dir, `.${path.basename(target)}.inkling-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const rename = opts.rename ?? fs.rename;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'wx', opts.mode ?? 0o666);
    await handle.writeFile(data);
    // open() applies the umask; an explicit chmod restores the exact mode of the replaced file.
    if (opts.mode !== undefined) await handle.chmod(opts.mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (opts.signal?.aborted) throw new Error('interrupted before the file was replaced; it is unchanged');
    await rename(tmp, target);
  } catch (err) {
    await handle?.close().catch(() => {});
    await fs.rm(tmp, { force: true }).catch(() => {});
    throw err;
  }
  await syncDirectory(dir);
}

// Makes the rename itself durable; not every platform allows opening a directory, so best effort.
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // ignored: durability of the directory entry is a bonus, the content is already safe
  } finally {
    await handle?.close().catch(() => {});
  }
}
