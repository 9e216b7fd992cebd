// One MCP server for the session: starts it, lists its tools (again when it says they changed),
// calls them with a timeout, cancellation and progress, and when the connection is lost marks
// itself not running and reconnects with backoff until it gives up.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Redact } from '../redact.js';
import { EMPTY_CATALOG, listCatalog, type Catalog } from './catalog.js';
import { errorText, isUnauthorized, openConnection, type OpenConnection } from './connect.js';
import type { ElicitAnswer, ElicitQuestion } from './elicitation.js';
import type { ToolResultPayload } from './result-content.js';
import type { McpLaunch } from './server-config.js';
import type { McpServerState } from './status.js';
import type { StderrLog } from './stderr-log.js';
import { acceptTools, type ListedTool } from './tool-list.js';

export type { ListedTool } from './tool-list.js';

export interface ReconnectPolicy {
  /** First wait after a lost connection; doubles each attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before the server is marked failed. */
  maxAttempts: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5 };
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** A server that pages its tool list forever is not followed past this. */
const MAX_LIST_PAGES = 50;


export interface ServerConnectionOptions {
  name: string;
  launch: McpLaunch;
  clientVersion: string;
  baseEnv: NodeJS.ProcessEnv;
  secretEnvNames: readonly string[];
  connectTimeoutMs: number;
  reconnect: ReconnectPolicy;
  redact: Redact;
  log?: StderrLog;
  /** State, tools or skipped tools changed. */
  onChange(): void;
  /** Something the person should be told once (a tool left out). */
  onNotice(message: string): void;
  /** A server's elicitation/create: the person's answer. */
  elicit(question: ElicitQuestion, signal: AbortSignal): Promise<ElicitAnswer>;
  /** OAuth for a remote server (tokens stored under $INKLING_HOME). */
  authProvider?: OAuthClientProvider;
}

export interface CallOptions {
  signal: AbortSignal;
  timeoutMs: number;
  onProgress?(progress: { progress: number; total?: number; message?: string }): void;
}

/** Why a call could not be made or did not finish, as the words the model gets. */
export class McpCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'not-running' | 'timeout' | 'aborted' | 'lost' | 'protocol',
  ) {
    super(message);
  }
}

export class ServerConnection {
  state: McpServerState = { status: 'starting' };
  tools: ListedTool[] = [];
  skipped: { name: string; reason: string }[] = [];
  /** Its resources, resource templates and prompts (empty until ready, or when it offers none). */
  catalog: Catalog = EMPTY_CATALOG;
  transport: 'stdio' | 'http' | 'sse';
  private conn: OpenConnection | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private listing: Promise<void> | undefined;
  private relistWanted = false;
  private generation = 0;
  private readonly noticed = new Set<string>();

  constructor(private readonly opts: ServerConnectionOptions) {
    this.transport = opts.launch.kind === 'stdio' ? 'stdio' : opts.launch.transport === 'sse' ? 'sse' : 'http';
  }

  /** First start: resolves once the server is ready or has failed; never rejects. */
  async start(): Promise<void> {
    await this.connect(0);
  }

  async call(tool: string, args: Record<string, unknown>, call: CallOptions): Promise<ToolResultPayload> {
    // A loose result schema: the content blocks are read defensively by result-content.ts.
    return (await this.request('tools/call', { name: tool, arguments: args }, call)) as ToolResultPayload;
  }

  /** resources/read: the result's contents, unread (resource-content.ts reads them). */
  async readResource(uri: string, opts: CallOptions): Promise<unknown[]> {
    const result = await this.request('resources/read', { uri }, opts);
    return Array.isArray(result.contents) ? result.contents : [];
  }

  /** prompts/get: the prompt's messages, unread (prompt-text.ts reads them). */
  async getPrompt(name: string, args: Record<string, string>, opts: CallOptions): Promise<unknown[]> {
    const result = await this.request('prompts/get', { name, arguments: args }, opts);
    return Array.isArray(result.messages) ? result.messages : [];
  }

  /** One request with the call's timeout, cancellation and progress; failures as McpCallError. */
  private async request(method: string, params: Record<string, unknown>, call: CallOptions): Promise<Record<string, unknown>> {
    const conn = this.conn;
    if (!conn || this.state.status !== 'ready') throw new McpCallError(this.notRunningText(), 'not-running');
    const onProgress = call.onProgress;
    try {
      return await conn.client.request({ method, params }, ResultSchema, {
        signal: call.signal,
        timeout: call.timeoutMs,
        ...(onProgress
          ? { onprogress: (p: { progress: number; total?: number; message?: string }) => onProgress({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) }) }
          : {}),
      });
    } catch (err) {
      if (call.signal.aborted) throw new McpCallError('The call was cancelled (the server was told to stop it).', 'aborted');
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        throw new McpCallError(`No answer within ${formatMs(call.timeoutMs)} (mcpToolTimeoutMs): the call was cancelled and the server told to stop it.`, 'timeout');
      }
      if (err instanceof McpError && err.code === ErrorCode.ConnectionClosed) {
        throw new McpCallError(`server ${this.opts.name} stopped during the call: ${this.lostReason()}`, 'lost');
      }
      // The kept login stopped working (its refresh was refused): the server needs a login again.
      if (isUnauthorized(err)) {
        this.changeState({ status: 'needs-login', reason: this.loginReason() });
        throw new McpCallError(`server ${this.opts.name} needs a login again: ${this.loginReason()}`, 'not-running');
      }
      throw new McpCallError(`server ${this.opts.name} answered with an error: ${this.opts.redact(errorText(err))}`, 'protocol');
    }
  }

  notRunningText(): string {
    const s = this.state;
    const why = s.status === 'failed' || s.status === 'reconnecting' || s.status === 'needs-login' ? s.reason : s.status === 'disabled' ? 'turned off for this session' : s.status;
    return `server ${this.opts.name} is not running: ${why}${s.status === 'reconnecting' ? ` (reconnecting, attempt ${s.attempt})` : ''}`;
  }

  /** Starts again now (the /mcp reconnect key): from failed, reconnecting or disabled. */
  async reconnectNow(): Promise<void> {
    this.clearRetry();
    await this.drop();
    this.changeState({ status: 'starting' });
    await this.connect(0);
  }

  async disable(): Promise<void> {
    this.clearRetry();
    await this.drop();
    this.tools = [];
    this.changeState({ status: 'disabled' });
  }

  async close(): Promise<void> {
    this.clearRetry();
    this.generation++;
    await this.drop();
  }

  /** attempt 0 is a first start (failure is final); later ones are reconnects. */
  private async connect(attempt: number): Promise<void> {
    const generation = ++this.generation;
    this.opts.log?.mark(attempt === 0 ? 'starting' : `reconnecting (attempt ${attempt})`);
    let conn: OpenConnection;
    try {
      conn = await openConnection({
        launch: this.opts.launch,
        clientVersion: this.opts.clientVersion,
        connectTimeoutMs: this.opts.connectTimeoutMs,
        baseEnv: this.opts.baseEnv,
        secretEnvNames: this.opts.secretEnvNames,
        onStderr: (chunk) => this.opts.log?.write(chunk),
        onLost: () => {
          if (generation === this.generation) this.lost();
        },
        onToolsChanged: () => {
          if (generation === this.generation) void this.relist();
        },
        onCatalogChanged: () => {
          if (generation === this.generation) void this.relistCatalog();
        },
        elicit: (question, signal) => this.opts.elicit(question, signal),
        ...(this.opts.authProvider ? { authProvider: this.opts.authProvider } : {}),
      });
    } catch (err) {
      if (generation !== this.generation) return;
      if (isUnauthorized(err)) {
        this.changeState({ status: 'needs-login', reason: this.loginReason() });
        return;
      }
      const reason = this.withStderr(this.opts.redact(errorText(err)));
      if (attempt === 0 || attempt >= this.opts.reconnect.maxAttempts) this.changeState({ status: 'failed', reason });
      else this.scheduleReconnect(attempt + 1, reason);
      return;
    }
    if (generation !== this.generation) {
      await conn.close();
      return;
    }
    this.conn = conn;
    this.transport = conn.transport;
    try {
      await this.listTools(conn);
    } catch (err) {
      if (generation !== this.generation) return;
      await this.drop();
      // A server may let the handshake through and want a login for its tools.
      if (isUnauthorized(err)) this.changeState({ status: 'needs-login', reason: this.loginReason() });
      else this.changeState({ status: 'failed', reason: `could not list its tools: ${this.opts.redact(errorText(err))}` });
      return;
    }
    await this.listCatalogOf(conn);
    if (generation === this.generation) this.changeState({ status: 'ready' });
  }

  private loginReason(): string {
    return `it asks for a login (inkling mcp login ${this.opts.name}, or l in /mcp)`;
  }

  private lost(): void {
    this.conn = undefined;
    const reason = this.lostReason();
    if (this.opts.reconnect.maxAttempts <= 0) this.changeState({ status: 'failed', reason });
    else this.scheduleReconnect(1, reason);
  }

  private lostReason(): string {
    return this.withStderr(this.transport === 'stdio' ? 'the server process exited' : 'the connection closed');
  }

  private withStderr(reason: string): string {
    const last = this.opts.log?.lastLine();
    return last ? `${reason} (last stderr line: ${last})` : reason;
  }

  private scheduleReconnect(attempt: number, reason: string): void {
    this.changeState({ status: 'reconnecting', reason, attempt });
    const { baseDelayMs, maxDelayMs } = this.opts.reconnect;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect(attempt);
    }, delay);
    // A reconnect waiting must not keep -p alive.
    this.retryTimer.unref();
  }

  private async relist(): Promise<void> {
    if (this.listing) {
      this.relistWanted = true;
      return;
    }
    const conn = this.conn;
    if (!conn) return;
    this.listing = this.listTools(conn)
      .then(() => this.opts.onChange())
      .catch((err) => this.opts.onNotice(`MCP server ${this.opts.name}: could not refresh its tools: ${this.opts.redact(errorText(err))}`))
      .finally(() => {
        this.listing = undefined;
        if (this.relistWanted) {
          this.relistWanted = false;
          void this.relist();
        }
      });
    await this.listing;
  }

  /** Resources and prompts are extras: a server whose lists fail still serves its tools. */
  private async listCatalogOf(conn: OpenConnection): Promise<boolean> {
    try {
      this.catalog = await listCatalog(conn.client, this.opts.connectTimeoutMs);
      return true;
    } catch (err) {
      this.opts.onNotice(`MCP server ${this.opts.name}: could not list its resources or prompts: ${this.opts.redact(errorText(err))}`);
      return false;
    }
  }

  private async relistCatalog(): Promise<void> {
    const conn = this.conn;
    if (conn && (await this.listCatalogOf(conn))) this.opts.onChange();
  }

  private async listTools(conn: OpenConnection): Promise<void> {
    const raw: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await conn.client.request({ method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }, ResultSchema, {
        timeout: this.opts.connectTimeoutMs,
      });
      if (Array.isArray(result.tools)) raw.push(...result.tools);
      cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
      if (!cursor) break;
    }
    const { tools, skipped } = acceptTools(this.opts.name, raw);
    this.tools = tools;
    this.skipped = skipped;
    for (const s of skipped) {
      const message = `MCP server ${this.opts.name}: tool "${s.name}" left out: ${s.reason}.`;
      if (!this.noticed.has(message)) {
        this.noticed.add(message);
        this.opts.onNotice(message);
      }
    }
  }

  private changeState(state: McpServerState): void {
    this.state = state;
    this.opts.onChange();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async drop(): Promise<void> {
    this.generation++;
    const conn = this.conn;
    this.conn = undefined;
    await conn?.close();
    this.catalog = EMPTY_CATALOG;
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
