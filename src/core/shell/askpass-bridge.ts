// The askpass bridge: one unix socket per inkling process, in a 0700 folder, started on the first
// command. Each command gets a token; the helper (bin/inkling-askpass.cjs) connects with it, the
// question goes to the person, and the answer goes back on that connection only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { askerWarning, secretKind, type SecretAsker, type SecretKind } from './askpass-asker.js';
import { scratchPath } from '../cleanup/scratch-root.js';

/** One question a command's program asks. */
export interface SecretQuestion {
  prompt: string;
  kind: SecretKind;
  asker: SecretAsker;
  /** Set when the asker is not ssh, git or sudo from a system folder. */
  warning?: string;
}

/** Asks the person; resolves to the answer, or null (Esc, "no", interrupted): the program then fails. */
export type AskSecret = (question: SecretQuestion, signal: AbortSignal) => Promise<string | null>;

/** A question (prompt, /proc fields) larger than this is not a helper's: the connection is dropped. */
const MAX_QUESTION_BYTES = 64 * 1024;

let helperFound: string | null | undefined;

/** bin/inkling-askpass.cjs, a few folders above this module (src/ or dist/src/). */
export function askpassHelperPath(): string | null {
  if (helperFound !== undefined) return helperFound;
  helperFound = null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'bin', 'inkling-askpass.cjs');
    if (fs.existsSync(candidate)) {
      helperFound = candidate;
      break;
    }
    dir = path.dirname(dir);
  }
  return helperFound;
}

interface Registered {
  ask: AskSecret;
  /** Aborted when the command ends: a question still open is withdrawn. */
  ended: AbortController;
}

/** The environment a command asks through; `release` when it ends. */
export interface AskpassLease {
  env: Record<string, string>;
  /** The socket's folder, bound into the sandbox at the same path. */
  folder: string | null;
  release(): void;
}

/**
 * The variables every command gets. Without `socket` (-p, nobody to ask) the helper answers
 * "no terminal to ask" at once; `sudo` adds SUDO_ASKPASS for the `sudo -A` function.
 */
export function askpassEnv(helper: string, socket?: { path: string; token: string }, sudo = false): Record<string, string> {
  return {
    SSH_ASKPASS: helper,
    SSH_ASKPASS_REQUIRE: 'force',
    GIT_ASKPASS: helper,
    ...(sudo ? { SUDO_ASKPASS: helper } : {}),
    ...(socket ? { INKLING_ASKPASS_SOCKET: socket.path, INKLING_ASKPASS_TOKEN: socket.token } : {}),
  };
}

export class AskpassBridge {
  private readonly commands = new Map<string, Registered>();
  private listening: Promise<{ folder: string; socket: string }> | undefined;

  /** Starts the socket (once) and registers a command that asks through `ask`. */
  async lease(helper: string, ask: AskSecret, sudo = false): Promise<AskpassLease> {
    const { folder, socket } = await (this.listening ??= this.listen());
    const token = randomBytes(16).toString('hex');
    const entry: Registered = { ask, ended: new AbortController() };
    this.commands.set(token, entry);
    return {
      env: askpassEnv(helper, { path: socket, token }, sudo),
      folder,
      release: () => {
        this.commands.delete(token);
        entry.ended.abort();
      },
    };
  }

  private async listen(): Promise<{ folder: string; socket: string }> {
    const folder = fs.mkdtempSync(scratchPath('askpass-'));
    fs.chmodSync(folder, 0o700);
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    const socket = path.join(folder, 'socket');
    const server = net.createServer((conn) => this.serve(conn));
    server.unref();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
    return { folder, socket };
  }

  private serve(conn: net.Socket): void {
    let buffered = '';
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    const onData = (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_QUESTION_BYTES) return void conn.destroy();
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      conn.off('data', onData);
      void this.answer(conn, buffered.slice(0, newline));
    };
    conn.on('data', onData);
  }

  private async answer(conn: net.Socket, line: string): Promise<void> {
    const reply = (body: { answer: string } | { refused: string }) => {
      if (!conn.destroyed) conn.end(JSON.stringify(body));
    };
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return reply({ refused: 'unreadable question' });
    }
    const entry = typeof raw.token === 'string' ? this.commands.get(raw.token) : undefined;
    if (!entry) return reply({ refused: 'this command can no longer ask' });
    const asker: SecretAsker = {
      pid: typeof raw.pid === 'number' ? raw.pid : 0,
      exe: typeof raw.exe === 'string' ? raw.exe : '',
      argv: Array.isArray(raw.argv) ? raw.argv.filter((a): a is string => typeof a === 'string') : [],
    };
    const prompt = typeof raw.prompt === 'string' ? raw.prompt : '';
    const warning = askerWarning(asker);
    const question: SecretQuestion = { prompt, kind: secretKind(prompt, raw.confirm === true), asker, ...(warning ? { warning } : {}) };
    // The helper gone (killed with its program) or the command over: the question is withdrawn.
    const gone = new AbortController();
    const withdraw = () => gone.abort();
    conn.once('close', withdraw);
    entry.ended.signal.addEventListener('abort', withdraw, { once: true });
    let answer: string | null;
    try {
      answer = await entry.ask(question, gone.signal);
    } catch {
      answer = null;
    }
    entry.ended.signal.removeEventListener('abort', withdraw);
    if (answer === null) return reply({ refused: question.kind === 'confirm' ? 'declined' : 'no answer given' });
    reply({ answer: question.kind === 'confirm' ? 'yes' : answer });
  }
}

let bridge: AskpassBridge | undefined;

/** The process's bridge (its socket starts with the first command that leases). */
export function askpassBridge(): AskpassBridge {
  return (bridge ??= new AskpassBridge());
}
