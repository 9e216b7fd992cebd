// How the workspace watcher knows the kernel has delivered every file event up to now: it writes
// a file of its own into a folder it watches (under the shadow repository) and waits for that
// file's event, which comes after every event queued before it. One folder per inkling process;
// folders of processes that are gone are swept.
import { randomBytes } from 'node:crypto';
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

const FLUSH_PREFIX = 'flush-';

export class EventFlush {
  private readonly waiters = new Map<number, (ok: boolean) => void>();
  private count = 0;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly watcher: FSWatcher,
    private readonly timeoutMs: number,
  ) {}

  /** Makes this process's flush folder under `<gitDir>/inkling-watch`; `onError` when its watch fails. */
  static async open(gitDir: string, timeoutMs: number, onError: () => void): Promise<EventFlush> {
    const parent = path.join(gitDir, 'inkling-watch');
    await sweepDeadFlushDirs(parent);
    const dir = path.join(parent, `${process.pid}-${randomBytes(4).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    let flush: EventFlush | undefined;
    const watcher = watch(dir, { persistent: false }, (_event, name) => flush?.onEvent(name));
    watcher.on('error', onError);
    flush = new EventFlush(dir, watcher, timeoutMs);
    return flush;
  }

  /** True once every event queued before the call has been delivered; false after the timeout. */
  flush(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    // A file of its own per flush: a late event of an earlier flush must not end this one early.
    const n = ++this.count;
    const file = path.join(this.dir, `${FLUSH_PREFIX}${n}`);
    return new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(n);
        void fs.rm(file, { force: true });
        resolve(ok && !this.closed);
      };
      const timer = setTimeout(() => finish(false), this.timeoutMs);
      this.waiters.set(n, finish);
      fs.writeFile(file, '').catch(() => finish(false));
    });
  }

  close(): void {
    this.closed = true;
    this.watcher.close();
    for (const finish of [...this.waiters.values()]) finish(false);
    void fs.rm(this.dir, { recursive: true, force: true });
  }

  private onEvent(name: string | Buffer | null): void {
    const n = name ? Number(name.toString().slice(FLUSH_PREFIX.length)) : NaN;
    // Its own file's event: whatever the kernel queued before it has been delivered (in order).
    for (const [waiting, finish] of [...this.waiters]) if (waiting <= n) finish(true);
  }
}

/** Flush folders of inkling processes that are gone (named <pid>-<hex>). */
async function sweepDeadFlushDirs(parent: string): Promise<void> {
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    await fs.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
