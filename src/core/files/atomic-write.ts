// Atomic file replacement: a crash or a failing step never leaves a half-written target.
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { journalTempFile } from '../cleanup/tmp-journal.js';
import { trackCommand } from '../shell/running-commands.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_DIRECTORY } = fsConstants;

export interface AtomicWriteOptions {
  /** Permission bits for the file (e.g. the mode of the file being replaced). Default: 0o666 minus umask. */
  mode?: number;
  /** Injected for tests, to prove a failing rename leaves the original untouched. */
  rename?: (from: string, to: string) => Promise<void>;
  /** An interrupt that lands before the rename leaves the target as it was. */
  signal?: AbortSignal;
}

/** The directory a file is written into, by a path that names it (e.g. /proc/self/fd/N of a verified descriptor). */
export interface TargetDirectory {
  entry(name: string): string;
  handle: fs.FileHandle;
}

/**
 * Writes `data` to a temp file beside `name` in `dir` (same filesystem, so rename is atomic), fsyncs
 * it, then renames it over `name`. Every path is built on the directory's own handle, so the
 * directory written is the one that was opened and checked. The temp file is removed on any failure.
 * Returns the new file's status (its final mtime and size, for the read-before-write rule).
 */
export async function writeFileAtomicIn(dir: TargetDirectory, name: string, data: string | Buffer, opts: AtomicWriteOptions = {}): Promise<Stats> {
  // An interrupted inkling waits for this write to finish or remove its temp file before exiting.
  let ended!: () => void;
  const untrack = trackCommand({ done: new Promise<void>((resolve) => (ended = resolve)), hurry: () => {} });
  try {
    return await writeThroughTemp(dir, name, data, opts);
  } finally {
    untrack();
    ended();
  }
}

/** The temp file's real path, for the journal (entry() may name it through /proc/self/fd). */
async function realTempPath(dir: TargetDirectory, tmpName: string): Promise<string | null> {
  const real = await fs.readlink(`/proc/self/fd/${dir.handle.fd}`).catch(() => null);
  if (real && path.isAbsolute(real)) return path.join(real, tmpName);
  const named = dir.entry(tmpName);
  return path.isAbsolute(named) && !named.startsWith('/proc/') ? named : null;
}

async function writeThroughTemp(dir: TargetDirectory, name: string, data: string | Buffer, opts: AtomicWriteOptions): Promise<Stats> {
  const tmpName = `.${name}.inkling-${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const tmp = dir.entry(tmpName);
  // Recorded first: after a kill -9 mid-write, the next start removes the temp file (cleanup/sweep.ts).
  const real = await realTempPath(dir, tmpName);
  const unjournal = real ? await journalTempFile(real) : async () => {};
  const rename = opts.rename ?? fs.rename;
  let handle: fs.FileHandle | undefined;
  let stat: Stats;
  try {
    // O_EXCL and O_NOFOLLOW: the temp name is ours alone, never an existing file or a planted link.
    handle = await fs.open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, opts.mode ?? 0o666);
    await handle.writeFile(data);
    // open() applies the umask; an explicit chmod restores the exact mode of the replaced file.
    if (opts.mode !== undefined) await handle.chmod(opts.mode);
    await handle.sync();
    stat = await handle.stat();
    await handle.close();
    handle = undefined;
    if (opts.signal?.aborted) throw new Error('interrupted before the file was replaced; it is unchanged');
    await rename(tmp, dir.entry(name));
  } catch (err) {
    await handle?.close().catch(() => {});
    await fs.rm(tmp, { force: true }).catch(() => {});
    await unjournal();
    throw err;
  }
  await unjournal();
  // Makes the rename itself durable; best effort, the content is already safe.
  await dir.handle.sync().catch(() => undefined);
  return stat;
}

/** writeFileAtomicIn for a plain path (inkling's own files, outside any workspace check). */
export async function writeFileAtomic(target: string, data: string | Buffer, opts: AtomicWriteOptions = {}): Promise<Stats> {
  const dirPath = path.dirname(target);
  const handle = await fs.open(dirPath, O_RDONLY | O_DIRECTORY);
  try {
    return await writeFileAtomicIn({ handle, entry: (name) => path.join(dirPath, name) }, path.basename(target), data, opts);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
