// Real MCP servers for the tests: @modelcontextprotocol/server-everything (a pinned
// devDependency nobody here wrote) over stdio or streamable HTTP on 127.0.0.1, and our small
// fault server (test/helpers/mcp-fault-server.ts) for crashes, hangs, floods and bad schemas.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerEntry } from '../../src/core/mcp/server-config.js';

const require = createRequire(import.meta.url);
export const EVERYTHING_BIN = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const FAULT_SERVER_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mcp-fault-server.ts');
// The fault server runs as plain JavaScript (node --import tsx costs a second or more per start on a
// busy machine, and the tests start it a dozen times): transpiled once beside node_modules, so
// its imports resolve as the source's do.
const FAULT_SERVER_BUILT = path.join(path.dirname(FAULT_SERVER_SOURCE), '..', '..', 'node_modules', '.cache', 'inkling-tests', 'mcp-fault-server.mjs');

export function faultServerScript(): string {
  const built = statSync(FAULT_SERVER_BUILT, { throwIfNoEntry: false });
  if (!built || built.mtimeMs < statSync(FAULT_SERVER_SOURCE).mtimeMs) {
    const { transformSync } = require('esbuild') as typeof import('esbuild');
    const { code } = transformSync(readFileSync(FAULT_SERVER_SOURCE, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20' });
    mkdirSync(path.dirname(FAULT_SERVER_BUILT), { recursive: true });
    // Written beside and renamed, so a second test worker never runs a half-written file.
    const partial = `${FAULT_SERVER_BUILT}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, FAULT_SERVER_BUILT);
  }
  return FAULT_SERVER_BUILT;
}

export function everythingStdio(name = 'everything', extra: Partial<{ env: Record<string, string> }> = {}): McpServerEntry {
  return { name, source: 'user', settings: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], ...(extra.env ? { env: extra.env } : {}) } };
}

/** The fault server over stdio; `mode` picks which faults it has (see the server). */
export function faultStdio(name = 'faulty', env: Record<string, string> = {}): McpServerEntry {
  return { name, source: 'user', settings: { command: process.execPath, args: [faultServerScript()], env } };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningHttpServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** server-everything's streamableHttp (or legacy sse) transport on a free port; resolves once it listens. */
export async function startEverythingHttp(transport: 'streamableHttp' | 'sse' = 'streamableHttp'): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_BIN, transport], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (/listening on port|running on port/i.test(seen)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything ${transport} exited (${code}): ${seen}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
