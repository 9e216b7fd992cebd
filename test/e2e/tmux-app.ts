// Drives the built app in a real terminal (tmux) against the fake Anthropic server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');

// A tmux server of this test process's own (its socket named by the pid, no config file read):
// another tmux user on the machine — a kill-server, their sessions ending as ours start, their
// ~/.tmux.conf — cannot reach the tests' sessions.
const SOCKET = `inkling-e2e-${process.pid}`;

function tmuxOn(socket: string, config: string, args: string[]): string {
  return execFileSync('tmux', ['-L', socket, '-f', config, ...args], { encoding: 'utf8' });
}

export function tmux(...args: string[]): string {
  return tmuxOn(SOCKET, '/dev/null', args);
}

/** `record`: a file the server appends each request to, one JSON line each. */
export async function startFakeServer(script: unknown[], opts: { record?: string; timing?: string } = {}): Promise<{ url: string; proc: ChildProcess }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-script-'));
  const file = path.join(dir, 'script.json');
  writeFileSync(file, JSON.stringify(script));
  const record = [...(opts.record ? ['--record', opts.record] : []), ...(opts.timing ? ['--timing', opts.timing] : [])];
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/helpers/fake-anthropic.ts'), '--script', file, ...record], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rl = createInterface({ input: proc.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    rl.once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`fake server exited ${code}`)));
  });
  return { url: url.trim(), proc };
}

export interface TmuxApp {
  session: string;
  /** Runs a tmux command on the app's tmux server. */
  tmux(...args: string[]): string;
  screen(): string;
  lines(): string[];
  keys(...keys: string[]): void;
  /** Types literal text (no key names). */
  type(text: string): void;
  waitFor(test: (screen: string) => boolean, what: string, ms?: number): Promise<string>;
  alternateOn(): boolean;
  /** The app's node process id. */
  appPid(): number;
  kill(): void;
}

let seq = 0;

/**
 * tmux ends its server when the last session ends (the test before this one killed its own), and
 * a client that reaches the socket while that server is going gets "server exited unexpectedly":
 * the next try starts a fresh server.
 */
function startSession(start: () => void): void {
  for (let attempt = 1; ; attempt++) {
    try {
      start();
      return;
    } catch (e) {
      if (attempt >= 5 || !String((e as Error).message).includes('server exited unexpectedly')) throw e;
    }
  }
}

export function startTmuxApp(opts: {
  cwd: string;
  env: Record<string, string>;
  args?: string[];
  /** Options for node itself, before the program (V8 flags Node refuses in NODE_OPTIONS). */
  nodeArgs?: string[];
  cols?: number;
  rows?: number;
  /**
   * A tmux server of its own (`tmux -L <socket>`), started with these lines as its whole
   * configuration: for tests that read or set server-wide state (buffers, set-clipboard).
   */
  server?: { socket: string; config: string[] };
  /** A pane style set as the app starts, e.g. "bg=#ffffff,fg=#000000" for a light background. */
  paneStyle?: string;
  /**
   * The app starts only once this file exists: a bench can copy the pane's output (pipe-pane)
   * from before the app's first byte.
   */
  gate?: string;
  /** Start through bin/inkling (the sh launcher, its own node flags; `nodeArgs` unused), as a person does. */
  launcher?: boolean;
}): TmuxApp {
  if (!existsSync(path.join(ROOT, 'dist/src/cli/main.js'))) throw new Error('build first: npm run build');
  const session = `inkling-e2e-${process.pid}-${++seq}`;
  const env = Object.entries(opts.env).map(([k, v]) => `${k}=${v}`).join(' ');
  // CI must be unset for the app: Ink draws nothing live in CI mode.
  // The tmux server may be older than this test: pass the test's INKLING_HOME and cache folder
  // (test/setup.ts) explicitly.
  const home = ['INKLING_HOME', 'XDG_CACHE_HOME'].map((name) => (process.env[name] ? `${name}=${process.env[name]}` : '')).join(' ');
  const quote = (list: string[] = []) => list.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const args = quote(opts.args);
  const program = opts.launcher ? `${ROOT}/bin/inkling` : `node ${quote(opts.nodeArgs)} ${ROOT}/bin/inkling.js`;
  const gate = opts.gate ? `while [ ! -e ${quote([opts.gate])} ]; do sleep 0.01; done; ` : '';
  const cmd = `cd ${opts.cwd} && ${gate}env -u CI -u ANTHROPIC_API_KEY ${home} ${env} ${program} ${args}; echo "EXITED $?"; sleep 120`;
  let run = tmux;
  if (opts.server) {
    const conf = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-tmux-')), 'tmux.conf');
    writeFileSync(conf, `${opts.server.config.join('\n')}\n`);
    const socket = opts.server.socket;
    run = (...args) => tmuxOn(socket, conf, args);
  }
  // With a pane style, tmux answers the app's background question (OSC 11) with its colour.
  const style = opts.paneStyle ? [';', 'select-pane', '-t', session, '-P', opts.paneStyle] : [];
  startSession(() => run('new-session', '-d', '-s', session, '-x', String(opts.cols ?? 110), '-y', String(opts.rows ?? 34), cmd, ...style));
  const app: TmuxApp = {
    session,
    tmux: run,
    // -J joins rows the terminal wrapped (the exit summary can be wider than the pane).
    screen: () => run('capture-pane', '-p', '-J', '-t', session),
    lines: () => app.screen().split('\n'),
    keys: (...keys) => void run('send-keys', '-t', session, ...keys),
    type: (text) => void run('send-keys', '-t', session, '-l', text),
    async waitFor(test, what, ms = 15_000) {
      const until = Date.now() + ms;
      for (;;) {
        const s = app.screen();
        if (test(s)) return s;
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}; screen:\n${s}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    alternateOn: () => run('display', '-p', '-t', session, '#{alternate_on}').trim() === '1',
    appPid() {
      const shell = run('display', '-p', '-t', session, '#{pane_pid}').trim();
      const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', shell], { encoding: 'utf8' });
      const line = out.split('\n').find((l) => l.includes('node'));
      if (!line) throw new Error(`no app process under ${shell}: ${out}`);
      return Number(line.trim().split(/\s+/)[0]);
    },
    kill() {
      try {
        run('kill-session', '-t', session);
      } catch {
        // already gone
      }
    },
  };
  return app;
}

/** An app started by startTracedApp: its fake server, and its trace's lines as they are now. */
export interface TracedApp {
  app: TmuxApp;
  server: { url: string; proc: ChildProcess };
  trace(): string[];
}

/**
 * The app against a fake server playing `script`, its events and loads traced to a file
 * (INKLING_TRACE_EVENTS), once its prompt shows. `name` names its temporary workspace.
 */
export async function startTracedApp(script: unknown[], opts: { name: string; args?: string[] }): Promise<TracedApp> {
  const server = await startFakeServer(script);
  const cwd = mkdtempSync(path.join(os.tmpdir(), `inkling-e2e-${opts.name}-`));
  const traceFile = path.join(cwd, '..', `${path.basename(cwd)}-trace.txt`);
  writeFileSync(traceFile, '');
  const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6', INKLING_TRACE_EVENTS: traceFile };
  const app = startTmuxApp({ cwd, env, ...(opts.args ? { args: opts.args } : {}) });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  return { app, server, trace: () => readFileSync(traceFile, 'utf8').split('\n') };
}

export function processesMatching(needle: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(needle) && !l.includes('ps -eo'));
}
