// The editor's side of `inkling --acp` for tests: the real bin as a child process, driven by the
// ACP SDK's own client over its stdin/stdout. Every line inkling writes to stdout is kept raw, so
// a test can check that stdout held nothing but JSON-RPC frames.
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream, type ClientConnection, type RequestPermissionRequest, type RequestPermissionResponse, type SessionNotification } from '@agentclientprotocol/sdk';
import { startBin } from '../cli/run-bin.js';
import type { ChildProcess } from 'node:child_process';

export interface AcpChild {
  child: ChildProcess;
  connection: ClientConnection;
  /** Every session/update, in arrival order. */
  updates: SessionNotification[];
  /** Every permission request and the answer given. */
  asked: RequestPermissionRequest[];
  /** stdout as written, and stderr. */
  stdout(): string;
  stderr(): string;
  /** Resolves when an update passes `test` (those already arrived count). */
  waitForUpdate(test: (n: SessionNotification) => boolean, what: string, ms?: number): Promise<SessionNotification>;
  close(): Promise<void>;
}

export interface AcpChildOptions {
  cwd: string;
  env?: Record<string, string>;
  args?: string[];
  /** The editor's answer to a permission request (default: cancelled). */
  permission?: (request: RequestPermissionRequest) => RequestPermissionResponse | Promise<RequestPermissionResponse>;
  /** fs/read_text_file, when the editor offers it. */
  readTextFile?: (path: string) => string;
}

export function startAcp(opts: AcpChildOptions): AcpChild {
  const child = startBin(['--acp', ...(opts.args ?? [])], { cwd: opts.cwd, env: opts.env ?? {} });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const updates: SessionNotification[] = [];
  const asked: RequestPermissionRequest[] = [];
  const waiters = new Set<() => void>();
  let app = client({ name: 'inkling-test' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params);
      for (const w of [...waiters]) w();
    })
    .onRequest('session/request_permission', async ({ params }) => {
      asked.push(params);
      for (const w of [...waiters]) w();
      return opts.permission ? opts.permission(params) : { outcome: { outcome: 'cancelled' } };
    });
  if (opts.readTextFile) {
    const read = opts.readTextFile;
    app = app.onRequest('fs/read_text_file', ({ params }) => ({ content: read(params.path) }));
  }
  const input = Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>;
  const output = Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>;
  const connection = app.connect(ndJsonStream(output, input));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    child,
    connection,
    updates,
    asked,
    stdout: () => out,
    stderr: () => err,
    waitForUpdate(test, what, ms = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = updates.find(test);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; stderr: ${err}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async close() {
      child.stdin!.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}


/** Each stdout line as JSON-RPC 2.0: every one must parse and carry a method, or an id with a result or an error. */
export function nonFrames(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .filter((line) => {
      try {
        const m = JSON.parse(line) as Record<string, unknown>;
        return !(m.jsonrpc === '2.0' && (typeof m.method === 'string' || ('id' in m && ('result' in m || 'error' in m))));
      } catch {
        return true;
      }
    });
}

/** The text of every agent_message_chunk of a session, joined. */
export function agentText(updates: readonly SessionNotification[], sessionId: string): string {
  return updates
    .filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'agent_message_chunk')
    .map((n) => {
      const u = n.update as { content: { type: string; text?: string } };
      return u.content.type === 'text' ? u.content.text : '';
    })
    .join('');
}
