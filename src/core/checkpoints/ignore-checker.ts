// Which paths the workspace's ignore rules leave out, asked of one long-lived `git check-ignore
// --stdin` that the whole ledger shares (the watcher's folder walks, the snapshots). Questions
// asked while a write is pending go in one write; answers are matched to them by path. Only
// ever a hint: any doubt (the process died, is slow, a path git would read as pathspec magic)
// answers undefined and the caller asks git the long way. It does not look at the index
// (--no-index), so a tracked file an ignore rule matches reads as ignored too. At most one
// check-ignore process is alive: a new one starts only once the old one has exited.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Git } from './git.js';

/** Longest wait for an answer before the process is given up on (tests shorten it). */
export const ANSWER_TIMEOUT_MS = 2_000;

/** How long an ended process gets to exit after SIGTERM. */
const KILL_AFTER_MS = 1_000;

type Answer = (ignored: boolean | undefined) => void;

export class IgnoreChecker {
  private child: ChildProcessWithoutNullStreams | undefined;
  /** The process being ended: the next one waits for its exit. */
  private exiting: Promise<void> | undefined;
  private pending = '';
  private fields: string[] = [];
  /** Paths written and not yet answered, with who waits for each. */
  private readonly asked = new Map<string, Answer[]>();
  /** Paths to go in the next write. */
  private readonly toWrite = new Map<string, Answer[]>();
  private writeScheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly git: Git,
    private readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
  ) {}

  /** The ignored ones among `paths`, or undefined when that cannot be said. */
  async ignored(paths: readonly string[]): Promise<Set<string> | undefined> {
    if (paths.length === 0) return new Set();
    // A leading ':' is pathspec magic to check-ignore, and a NUL cannot be sent.
    if (this.closed || paths.some((p) => p.startsWith(':') || p.includes('\0') || p === '')) return undefined;
    const answers = await Promise.all(paths.map((p) => new Promise<boolean | undefined>((resolve) => this.ask(p, resolve))));
    if (answers.some((a) => a === undefined)) return undefined;
    return new Set(paths.filter((_, i) => answers[i]));
  }

  /** The rules changed (a .gitignore): waiting questions get no answer, the next one starts a fresh process. */
  restart(): void {
    const child = this.child;
    this.child = undefined;
    this.pending = '';
    this.fields = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = [...this.asked.values(), ...this.toWrite.values()].flat();
    this.asked.clear();
    this.toWrite.clear();
    for (const answer of waiting) answer(undefined);
    if (child && child.exitCode === null && child.signalCode === null) {
      // SIGTERM first (git ends at once, and a wrapper can pass it on); SIGKILL if it does not.
      const force = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      force.unref?.();
      // Until it has exited, it keeps inkling running: it is reaped, never left behind.
      child.ref();
      (child.stdout as unknown as { ref?: () => void }).ref?.();
      this.exiting = new Promise<void>((resolve) => child.once('close', () => (clearTimeout(force), resolve())));
      child.kill('SIGTERM');
    }
  }

  close(): void {
    this.closed = true;
    this.restart();
  }

  /** Resolves once no check-ignore process of this checker is alive (tests, and a clean exit). */
  async ended(): Promise<void> {
    await this.exiting;
  }

  private ask(p: string, answer: Answer): void {
    const same = this.asked.get(p) ?? this.toWrite.get(p);
    if (same) return void same.push(answer);
    this.toWrite.set(p, [answer]);
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    // Everything asked in this tick (and while an old process exits) goes in one write.
    setImmediate(() => void this.write());
  }

  private async write(): Promise<void> {
    while (this.exiting) {
      const exiting = this.exiting;
      await exiting;
      if (this.exiting === exiting) this.exiting = undefined;
    }
    this.writeScheduled = false;
    if (this.toWrite.size === 0) return;
    const child = this.closed ? undefined : this.ensure();
    const batch = [...this.toWrite];
    this.toWrite.clear();
    if (!child) {
      for (const [, answers] of batch) for (const answer of answers) answer(undefined);
      return;
    }
    for (const [p, answers] of batch) this.asked.set(p, answers);
    hold(child, true);
    this.armTimer();
    child.stdin.write(batch.map(([p]) => `${p}\0`).join(''));
  }

  private armTimer(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.restart(), this.answerTimeoutMs);
    this.timer.unref?.();
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
      this.fields.push(this.pending.slice(0, at));
      this.pending = this.pending.slice(at + 1);
      if (this.fields.length < 4) continue;
      const [source, , , answered] = this.fields;
      this.fields = [];
      const answers = this.asked.get(answered!);
      // An answer to nothing asked: the stream is not understood any more.
      if (!answers) return this.restart();
      this.asked.delete(answered!);
      for (const answer of answers) answer(source !== '');
    }
    if (this.asked.size === 0) {
      clearTimeout(this.timer);
      hold(child, false);
    } else {
      this.armTimer();
    }
  }
}

/** While an answer is awaited the process's output keeps the event loop alive, else not. */
function hold(child: ChildProcessWithoutNullStreams, on: boolean): void {
  const out = child.stdout as unknown as { ref?: () => void; unref?: () => void };
  if (on) out.ref?.();
  else out.unref?.();
}
