// Which paths the workspace's ignore rules leave out, asked of one long-lived `git check-ignore
// --stdin` (it answers each path as it reads it), so a snapshot from file events needs no
// listing of its own. Only ever a hint: any doubt (the process died, is slow, a path git would
// read as pathspec magic) answers undefined and the caller asks git the long way. It does not
// look at the index (--no-index), so a tracked file an ignore rule matches reads as ignored too.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Git } from './git.js';

/** Longest wait for the answers to one question. */
const ANSWER_TIMEOUT_MS = 2_000;

interface Question {
  paths: string[];
  fields: string[];
  resolve: (ignored: Set<string> | undefined) => void;
  timer: NodeJS.Timeout;
}

export class IgnoreChecker {
  private child: ChildProcessWithoutNullStreams | undefined;
  private pending = '';
  private readonly queue: Question[] = [];
  private closed = false;

  constructor(private readonly git: Git) {}

  /** The ignored ones among `paths`, or undefined when that cannot be said. */
  ignored(paths: readonly string[]): Promise<Set<string> | undefined> {
    if (paths.length === 0) return Promise.resolve(new Set());
    // A leading ':' is pathspec magic to check-ignore, and a NUL or newline cannot be sent.
    if (this.closed || paths.some((p) => p.startsWith(':') || p.includes('\0') || p === '')) return Promise.resolve(undefined);
    const child = this.ensure();
    if (!child) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const q: Question = { paths: [...paths], fields: [], resolve, timer: setTimeout(() => this.restart(), ANSWER_TIMEOUT_MS) };
      q.timer.unref?.();
      this.queue.push(q);
      hold(child, true);
      child.stdin.write(paths.map((p) => `${p}\0`).join(''));
    });
  }

  /** The rules changed (a .gitignore): the next question starts a fresh process. */
  restart(): void {
    const child = this.child;
    this.child = undefined;
    this.pending = '';
    for (const q of this.queue.splice(0)) {
      clearTimeout(q.timer);
      q.resolve(undefined);
    }
    child?.kill();
  }

  close(): void {
    this.closed = true;
    this.restart();
  }

  private ensure(): ChildProcessWithoutNullStreams | undefined {
    if (this.child) return this.child;
    try {
      // check-ignore refuses the literal-pathspec mode every other ledger command runs in.
      const child = this.git.start(['--no-literal-pathspecs', 'check-ignore', '--stdin', '-z', '--verbose', '--non-matching', '--no-index']);
      // Idle, never what keeps inkling running (at exit its stdin closes and git ends by
      // itself); while a question waits, its answer does (see hold).
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => this.onData(child, chunk));
      child.stdin.on('error', () => undefined);
      child.stderr.resume();
      child.on('error', () => this.child === child && this.restart());
      child.on('close', () => this.child === child && this.restart());
      this.child = child;
      return child;
    } catch {
      return undefined;
    }
  }

  /** Four NUL-ended fields per path: source, line, pattern (all empty when not ignored), path. */
  private onData(child: ChildProcessWithoutNullStreams, chunk: string): void {
    if (child !== this.child) return;
    this.pending += chunk;
    let at: number;
    while ((at = this.pending.indexOf('\0')) !== -1) {
      const field = this.pending.slice(0, at);
      this.pending = this.pending.slice(at + 1);
      const q = this.queue[0];
      if (!q) return this.restart();
      q.fields.push(field);
      if (q.fields.length < q.paths.length * 4) continue;
      this.queue.shift();
      clearTimeout(q.timer);
      const ignored = new Set<string>();
      for (let i = 0; i < q.paths.length; i++) {
        const [source, , , answered] = q.fields.slice(i * 4, i * 4 + 4);
        // Answers come in the order asked; anything else means the stream is not understood.
        if (answered !== q.paths[i]) {
          q.resolve(undefined);
          return this.restart();
        }
        if (source !== '') ignored.add(answered);
      }
      q.resolve(ignored);
      if (this.queue.length === 0) hold(child, false);
    }
  }
}

/** While an answer is awaited the process's output keeps the event loop alive, else not. */
function hold(child: ChildProcessWithoutNullStreams, on: boolean): void {
  const out = child.stdout as unknown as { ref?: () => void; unref?: () => void };
  if (on) out.ref?.();
  else out.unref?.();
}
