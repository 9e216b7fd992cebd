// Writes the ledger's commits and moves its refs without starting git: a commit is a small
// zlib-compressed loose object and a ref is a one-line file updated under git's own lock-file
// protocol (ref.lock, then rename). Every ledger entry would otherwise cost two more processes.
import { createHash, randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const ZERO_ID = '0000000000000000000000000000000000000000';
const IDENTITY = 'inkling <inkling@localhost>';
/** A lock file older than this was left by a process that died mid-update. */
const STALE_LOCK_MS = 10_000;

export interface CommitFields {
  tree: string;
  parent?: string;
  message: string;
  /** Seconds since the epoch; default now. */
  time?: number;
}

/** Stores a commit object and returns its id. */
export async function writeCommit(gitDir: string, fields: CommitFields): Promise<string> {
  const when = `${fields.time ?? Math.floor(Date.now() / 1000)} +0000`;
  const body = [
    `tree ${fields.tree}`,
    ...(fields.parent ? [`parent ${fields.parent}`] : []),
    `author ${IDENTITY} ${when}`,
    `committer ${IDENTITY} ${when}`,
    '',
    fields.message.endsWith('\n') ? fields.message : `${fields.message}\n`,
  ].join('\n');
  const content = Buffer.from(body, 'utf8');
  const object = Buffer.concat([Buffer.from(`commit ${content.length}\0`), content]);
  const id = createHash('sha1').update(object).digest('hex');
  const dir = path.join(gitDir, 'objects', id.slice(0, 2));
  const file = path.join(dir, id.slice(2));
  if (await exists(file)) return id;
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `tmp_obj_${process.pid}_${randomBytes(4).toString('hex')}`);
  await fs.writeFile(tmp, deflateSync(object), { mode: 0o444 });
  await fs.rename(tmp, file);
  return id;
}

/** The ref's current value, or undefined when it does not exist. Reads loose and packed refs. */
export async function readRef(gitDir: string, ref: string): Promise<string | undefined> {
  const loose = await fs.readFile(path.join(gitDir, ref), 'utf8').catch(() => undefined);
  if (loose !== undefined) return loose.trim() || undefined;
  const packed = await fs.readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const [id, name] = line.split(' ');
    if (name === ref && id && /^[0-9a-f]{40}$/.test(id)) return id;
  }
  return undefined;
}

export class RefMovedError extends Error {
  override readonly name = 'RefMovedError';
}

/** Points `ref` at `id` if it still points at `expected` (undefined: must not exist yet). */
export async function updateRef(gitDir: string, ref: string, id: string, expected: string | undefined): Promise<void> {
  const file = path.join(gitDir, ref);
  const lock = `${file}.lock`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await openLock(lock);
  try {
    const current = await readRef(gitDir, ref);
    if ((current ?? ZERO_ID) !== (expected ?? ZERO_ID)) {
      throw new RefMovedError(`${ref} moved to ${current ?? 'nothing'} (expected ${expected ?? 'nothing'})`);
    }
    await handle.writeFile(`${id}\n`);
    await handle.close();
    await fs.rename(lock, file);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(lock, { force: true });
    throw err;
  }
}

async function openLock(lock: string): Promise<fs.FileHandle> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
  try {
    return await fs.open(lock, flags, 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const age = await fs.stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age < STALE_LOCK_MS) throw new RefMovedError(`${path.basename(lock)} is locked by another process`);
    await fs.rm(lock, { force: true });
    return fs.open(lock, flags, 0o644);
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(() => true, () => false);
}
