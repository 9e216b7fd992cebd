// Opens one MCP connection on the official SDK client: a stdio server started as a child process
// (stderr piped to the caller, never the screen), or a remote server over streamable HTTP with
// the legacy SSE transport as the fallback when the server does not speak the newer one.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  ElicitRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ElicitAnswer, ElicitQuestion } from './elicitation.js';
import { BUILTIN_SECRET_ENV_NAMES } from '../shell/env.js';
import type { McpLaunch } from './server-config.js';

export interface OpenOptions {
  launch: McpLaunch;
  clientVersion: string;
  /** The initialize handshake (and a stdio server's start) must finish within this. */
  connectTimeoutMs: number;
  /** The environment a stdio server inherits (inkling's own keys are always removed). */
  baseEnv: NodeJS.ProcessEnv;
  /** Names never passed to a stdio server. */
  secretEnvNames: readonly string[];
  onStderr(chunk: string): void;
  /** The connection ended without close() being called (the server exited or hung up). */
  onLost(): void;
  onToolsChanged(): void;
  /** Its resources, templates or prompts changed. */
  onCatalogChanged(): void;
  /** A server's elicitation/create: the person's answer (or a decline where no one can answer). */
  elicit(question: ElicitQuestion, signal: AbortSignal): Promise<ElicitAnswer>;
  /** OAuth for a remote server: tokens on every request, refreshed on a 401. */
  authProvider?: OAuthClientProvider;
}

export interface OpenConnection {
  client: Client;
  transport: 'stdio' | 'http' | 'sse';
  close(): Promise<void>;
}

export async function openConnection(opts: OpenOptions): Promise<OpenConnection> {
  const { launch } = opts;
  if (launch.kind === 'stdio') return attach(opts, 'stdio', await stdioTransport(opts, launch));
  if (launch.transport === 'sse') return attach(opts, 'sse', await sseTransport(launch, opts.authProvider));
  if (launch.transport === 'http') return attach(opts, 'http', await httpTransport(launch, opts.authProvider));
  try {
    return await attach(opts, 'http', await httpTransport(launch, opts.authProvider));
  } catch (httpError) {
    // A server that wants a login answers 401 on either transport: trying SSE would only hide that.
    if (isUnauthorized(httpError)) throw httpError;
    // A server that only speaks the 2024 transport answers the streamable POST with 4xx.
    try {
      return await attach(opts, 'sse', await sseTransport(launch, opts.authProvider));
    } catch (sseError) {
      throw new Error(`streamable HTTP: ${errorText(httpError)}; SSE fallback: ${errorText(sseError)}`);
    }
  }
}

async function attach(opts: OpenOptions, kind: OpenConnection['transport'], transport: Transport): Promise<OpenConnection> {
  const client = new Client({ name: 'inkling', version: opts.clientVersion }, { capabilities: { elicitation: { form: {} } } });
  let closing = false;
  let connected = false;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => opts.onToolsChanged());
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => opts.onCatalogChanged());
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => opts.onCatalogChanged());
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params as { message?: unknown; requestedSchema?: unknown; mode?: unknown };
    // Only form elicitation is declared; a URL-mode request is declined rather than followed.
    if (params.mode === 'url') return { action: 'decline' };
    return opts.elicit({ message: typeof params.message === 'string' ? params.message : '', requestedSchema: params.requestedSchema }, extra.signal);
  });
  // A transport that fails during the handshake closes itself before connect() rejects: that is
  // a failed start, reported by the rejection, not a lost connection.
  client.onclose = () => {
    if (connected && !closing) opts.onLost();
  };
  // Transport errors also arrive as rejected requests or onclose; logging them here would only
  // put them on the screen.
  client.onerror = () => undefined;
  const close = async () => {
    closing = true;
    await client.close().catch(() => undefined);
  };
  try {
    await client.connect(transport, { timeout: opts.connectTimeoutMs });
    connected = true;
  } catch (err) {
    await close();
    throw err;
  }
  return { client, transport: kind, close };
}

async function stdioTransport(opts: OpenOptions, launch: Extract<McpLaunch, { kind: 'stdio' }>): Promise<Transport> {
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...serverEnv(opts.baseEnv, opts.secretEnvNames), ...launch.env },
    ...(launch.cwd ? { cwd: launch.cwd } : {}),
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => opts.onStderr(chunk.toString('utf8')));
  return transport;
}

async function httpTransport(launch: Extract<McpLaunch, { kind: 'remote' }>, authProvider?: OAuthClientProvider): Promise<Transport> {
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(new URL(launch.url), { requestInit: { headers: launch.headers }, ...(authProvider ? { authProvider } : {}) });
}

async function sseTransport(launch: Extract<McpLaunch, { kind: 'remote' }>, authProvider?: OAuthClientProvider): Promise<Transport> {
  const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js');
  const headers = launch.headers;
  return new SSEClientTransport(new URL(launch.url), {
    ...(authProvider ? { authProvider } : {}),
    requestInit: { headers },
    // The stream's GET carries the same headers (Authorization) as the POSTs.
    eventSourceInit: { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }) },
  });
}

/** The person's environment minus inkling's API keys (and copies of them under other names). */
export function serverEnv(base: NodeJS.ProcessEnv, secretNames: readonly string[]): Record<string, string> {
  const secret = new Set<string>([...BUILTIN_SECRET_ENV_NAMES, ...secretNames]);
  const secretValues = new Set([...secret].map((n) => base[n]).filter((v): v is string => !!v && v.length >= 8));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || secret.has(name) || secretValues.has(value)) continue;
    env[name] = value;
  }
  return env;
}

/** The SDK's UnauthorizedError: a 401 that the stored tokens (refreshed or not) could not answer. */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof UnauthorizedError;
}

export function errorText(err: unknown): string {
  let text = err instanceof Error ? err.message : String(err);
  // fetch says only "fetch failed"; the reason (ECONNREFUSED 127.0.0.1:1) is its cause.
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.message === 'string' && !text.includes(cause.message)) text += ` (${cause.message})`;
  return text.replace(/\s+/g, ' ').trim() || 'unknown error';
}
