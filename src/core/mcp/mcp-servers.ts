// The session's MCP servers: started together in the background, their tools offered to the
// agent after the built-in ones in a stable order (servers by name, tools by name) so the prompt
// prefix stays cacheable, their states published for the header and /mcp.
import path from 'node:path';
import { createRedactor, type Redact } from '../redact.js';
import type { AnyTool } from '../tools/tool.js';
import type { Catalog } from './catalog.js';
import type { ElicitAnswer, ElicitQuestion } from './elicitation.js';
import { ElicitationForms, UiLogins, type PersonEvent } from './person-requests.js';
import { createMcpTool, DEFAULT_MCP_TOOL_TIMEOUT_MS } from './mcp-tool.js';
import { InklingOAuthProvider } from './oauth/client-provider.js';
import type { LoginOptions, LoginResult } from './oauth/login.js';
import { TokenStore } from './oauth/token-store.js';
import { createReadResourceTool, describeResources, type ResourceServer } from './resource-tool.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_RECONNECT, ServerConnection, type ListedTool, type ReconnectPolicy } from './server-connection.js';
import { describeServer, prepareServer, type McpServerEntry } from './server-config.js';
import { summarize, type McpServerState, type McpServerView, type McpSummary } from './status.js';
import { StderrLog } from './stderr-log.js';

export type McpEvent =
  /** Any server's state or tool list changed: the whole list, as /mcp shows it. */
  | { type: 'mcp_servers'; servers: McpServerView[]; summary: McpSummary }
  /** Something to tell the person once (a tool left out, a list that could not be refreshed). */
  | { type: 'mcp_notice'; message: string }
  /** A login's URL, a server's form (person-requests.ts). */
  | PersonEvent;

export interface McpServersOptions {
  entries: readonly McpServerEntry[];
  /** Whether servers from the workspace's .mcp.json may start (the settings also leave them out until then). */
  workspaceTrusted: boolean;
  workspaceRoot: string;
  /** stdio servers' stderr logs go here (the session directory). */
  logDir: string;
  /** ${VAR} values and what stdio servers inherit. */
  env: NodeJS.ProcessEnv;
  /** inkling's own key variables: never expanded, never inherited. */
  secretEnvNames: readonly string[];
  /** Values redacted from every result, notice and log (inkling's keys). */
  secretValues?: readonly string[];
  clientVersion: string;
  /** mcpToolTimeoutMs; default 60 s. */
  toolTimeoutMs?: number;
  connectTimeoutMs?: number;
  reconnect?: Partial<ReconnectPolicy>;
  /** $INKLING_HOME: where OAuth logins are kept. Without it remote servers get no OAuth. */
  home?: string;
  /** A server's elicitation/create; without one (and until setElicitor) every request is declined. */
  elicit?: Elicitor;
}

export type Elicitor = (server: string, question: ElicitQuestion, signal: AbortSignal) => Promise<ElicitAnswer>;

/** What /mcp's l and `inkling mcp login` give a login: where the URL goes, a pasted redirect. */
export type LoginIO = Pick<LoginOptions, 'onUrl' | 'openBrowser' | 'pasted' | 'signal' | 'timeoutMs'>;

interface Slot {
  entry: McpServerEntry;
  view: Omit<McpServerView, 'state' | 'tools' | 'skippedTools' | 'resources' | 'templates' | 'prompts'>;
  connection?: ServerConnection;
  /** Set when the entry cannot start at all (bad name, unset ${VAR}). */
  invalid?: string;
  log?: StderrLog;
  started?: Promise<void>;
  /** Built tools for the connection's current list (rebuilt when the list changes). */
  built?: { from: ListedTool[]; tools: AnyTool[] };
  /** A remote server's OAuth login on disk. */
  tokens?: TokenStore;
}

export class McpServers {
  private readonly slots: Slot[];
  private readonly listeners = new Set<(event: McpEvent) => void>();
  private readonly trusted: boolean;
  private readonly toolTimeoutMs: number;
  private closed = false;
  /** Every notice so far, for a listener that subscribes late (-p waits before it listens). */
  private readonly noticesSoFar: string[] = [];
  private elicitor: Elicitor | undefined;
  private readonly forms = new ElicitationForms((event) => this.emit(event));
  private readonly uiLogins: UiLogins;
  private resourceTool: { from: Catalog[]; tool: AnyTool } | undefined;

  constructor(private readonly opts: McpServersOptions) {
    this.trusted = opts.workspaceTrusted;
    this.toolTimeoutMs = opts.toolTimeoutMs ?? DEFAULT_MCP_TOOL_TIMEOUT_MS;
    this.elicitor = opts.elicit;
    this.uiLogins = new UiLogins((name, hooks) => this.login(name, hooks), (event) => this.emit(event), opts.env);
    const sorted = [...opts.entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.slots = sorted.map((entry) => this.makeSlot(entry));
  }

  /** Starts every server that may start, all at once; returns at once. */
  start(): void {
    for (const slot of this.slots) this.startSlot(slot);
  }

  /** Resolves when no server is starting any more (ready or failed), or after `timeoutMs`. */
  async settled(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(this.slots.map((s) => s.started)), timeout]);
    clearTimeout(timer);
  }

  /** The tools to offer the model now; called by the agent before every request. */
  tools(): AnyTool[] {
    const out: AnyTool[] = [];
    for (const slot of this.slots) {
      const conn = slot.connection;
      if (!conn || conn.state.status === 'disabled') continue;
      if (slot.built?.from !== conn.tools) {
        const redact = this.redactorFor(slot);
        const tools = [...conn.tools]
          .sort((a, b) => (a.modelName < b.modelName ? -1 : 1))
          .map((listed) => createMcpTool(listed, { server: slot.entry.name, connection: conn, timeoutMs: () => this.toolTimeoutMs, redact }));
        slot.built = { from: conn.tools, tools };
      }
      out.push(...slot.built.tools);
    }
    const readTool = this.readResourceTool();
    if (readTool) out.push(readTool);
    return out;
  }

  /** mcp_read_resource while a ready server has resources or templates; rebuilt when a list changes. */
  private readResourceTool(): AnyTool | undefined {
    const withResources = this.resourceServers();
    if (withResources.length === 0) return undefined;
    const catalogs = withResources.map((s) => s.connection.catalog);
    if (this.resourceTool && this.resourceTool.from.length === catalogs.length && this.resourceTool.from.every((c, i) => c === catalogs[i])) return this.resourceTool.tool;
    const description = describeResources(withResources.map((s) => ({ name: s.name, catalog: s.connection.catalog })));
    const tool = createReadResourceTool(description, { servers: () => this.resourceServers(), timeoutMs: () => this.toolTimeoutMs });
    this.resourceTool = { from: catalogs, tool };
    return tool;
  }

  private resourceServers(): ResourceServer[] {
    const out: ResourceServer[] = [];
    for (const slot of this.slots) {
      const conn = slot.connection;
      if (!conn || conn.state.status !== 'ready') continue;
      if (conn.catalog.resources.length === 0 && conn.catalog.templates.length === 0) continue;
      out.push({ name: slot.entry.name, connection: conn, redact: this.redactorFor(slot) });
    }
    return out;
  }

  /** A ready server's connection and redactor, or why there is none (for @ attachments and prompts). */
  connectionOf(name: string): ResourceServer | string {
    const slot = this.slots.find((s) => s.entry.name === name);
    if (!slot?.connection) return `no MCP server named ${name}`;
    if (slot.connection.state.status !== 'ready') return slot.connection.notRunningText();
    return { name, connection: slot.connection, redact: this.redactorFor(slot) };
  }

  get toolTimeout(): number {
    return this.toolTimeoutMs;
  }

  /** The UI answers elicitation requests from now on (-p never sets one: they are declined). */
  setElicitor(elicitor: Elicitor | undefined): void {
    this.elicitor = elicitor;
  }

  /**
   * Elicitation goes to whoever listens (the TUI's form card) as mcp_elicit events, answered by
   * answerElicitation; -p never calls this, so there every request is declined.
   */
  answerByEvents(): void {
    this.elicitor = (server, question, signal) => this.forms.ask(server, question, signal);
  }

  answerElicitation(id: number, answer: ElicitAnswer): boolean {
    return this.forms.answer(id, answer);
  }

  /** /mcp's l: a login whose URL goes out as an mcp_login event and whose redirect may be pasted. */
  loginHere(name: string): Promise<LoginResult> {
    return this.uiLogins.start(name);
  }

  pasteLogin(name: string, url: string): boolean {
    return this.uiLogins.paste(name, url);
  }

  cancelLogin(name: string): boolean {
    return this.uiLogins.cancel(name);
  }

  /** /mcp's l: log in to a remote server, then start it again with the new login. */
  async login(name: string, io: LoginIO): Promise<LoginResult> {
    const slot = this.slots.find((s) => s.entry.name === name);
    if (!slot?.tokens || !slot.connection) return { ok: false, reason: `${name} is not a remote server that can log in (OAuth is for HTTP servers without an Authorization header)` };
    const settings = slot.entry.settings as { url: string; headers?: Record<string, string> };
    const { login } = await import('./oauth/login.js');
    const result = await login({ ...io, home: this.opts.home!, server: name, url: slot.tokens.url, store: slot.tokens, ...(settings.headers ? { headers: settings.headers } : {}), onSecrets: (v) => this.addSecrets(slot, v) });
    if (result.ok) await slot.connection.reconnectNow();
    return result;
  }

  servers(): McpServerView[] {
    return this.slots.map((slot) => ({
      ...slot.view,
      state: this.stateOf(slot),
      tools: (slot.connection?.state.status === 'disabled' ? [] : (slot.connection?.tools ?? [])).map((t) => ({
        name: t.modelName,
        serverTool: t.serverTool,
        description: t.description,
        readOnly: t.readOnly,
      })),
      skippedTools: slot.connection?.skipped ?? [],
      resources: slot.connection?.catalog.resources ?? [],
      templates: slot.connection?.catalog.templates ?? [],
      prompts: slot.connection?.catalog.prompts ?? [],
      ...(slot.connection?.transport ? { transport: slot.connection.transport } : {}),
    }));
  }

  summary(): McpSummary {
    return summarize(this.servers());
  }

  subscribe(listener: (event: McpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** /mcp: start a server again now (failed, reconnecting or turned off). */
  async reconnect(name: string): Promise<boolean> {
    const slot = this.slots.find((s) => s.entry.name === name);
    if (!slot?.connection) return false;
    await slot.connection.reconnectNow();
    return true;
  }

  /** /mcp: turn a server off for this session; its tools leave the list before the next request. */
  async disable(name: string): Promise<boolean> {
    const slot = this.slots.find((s) => s.entry.name === name);
    if (!slot?.connection) return false;
    await slot.connection.disable();
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map(async (slot) => {
      await slot.connection?.close();
      await slot.log?.close();
    }));
    this.listeners.clear();
  }

  private makeSlot(entry: McpServerEntry): Slot {
    const settings = entry.settings;
    const slot: Slot = {
      entry,
      view: { name: entry.name, target: describeServer(settings), transport: 'command' in settings ? 'stdio' : settings.type === 'sse' ? 'sse' : 'http' },
    };
    const prepared = prepareServer(entry, { env: this.opts.env, secretEnvNames: this.opts.secretEnvNames, baseDir: this.opts.workspaceRoot });
    if (!prepared.ok) {
      slot.invalid = prepared.reason;
      return slot;
    }
    const base = [...prepared.secrets, ...(this.opts.secretValues ?? [])];
    let current = createRedactor(base);
    // Tokens arrive after the start (a login, a refresh): the redactor is rebuilt around them.
    const redact: Redact = Object.assign((text: string) => current(text), {
      get holdBack() {
        return current.holdBack;
      },
    });
    this.secretsOf.set(slot, { base, extra: new Set(), rebuild: (values) => (current = createRedactor(values)) });
    const launch = prepared.launch;
    const oauth = launch.kind === 'remote' && this.opts.home && !Object.keys(launch.headers).some((h) => h.toLowerCase() === 'authorization');
    if (oauth) {
      slot.tokens = new TokenStore(this.opts.home!, entry.name, launch.url);
      void slot.tokens.secrets().then((v) => this.addSecrets(slot, v), () => undefined);
    }
    if (prepared.launch.kind === 'stdio') {
      slot.log = new StderrLog(path.join(this.opts.logDir, `mcp-${entry.name}.log`), redact);
      slot.view.logPath = slot.log.filePath;
    }
    slot.connection = new ServerConnection({
      name: entry.name,
      launch: prepared.launch,
      clientVersion: this.opts.clientVersion,
      baseEnv: this.opts.env,
      secretEnvNames: this.opts.secretEnvNames,
      connectTimeoutMs: this.opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      reconnect: { ...DEFAULT_RECONNECT, ...this.opts.reconnect },
      redact,
      ...(slot.log ? { log: slot.log } : {}),
      onChange: () => this.changed(),
      onNotice: (message) => this.emit({ type: 'mcp_notice', message }),
      elicit: (question, signal) => (this.elicitor ? this.elicitor(entry.name, question, signal) : Promise.resolve({ action: 'decline' as const })),
      ...(slot.tokens ? { authProvider: new InklingOAuthProvider(slot.tokens, { kind: 'session' }, (v) => this.addSecrets(slot, v)) } : {}),
    });
    this.redactors.set(slot, redact);
    return slot;
  }

  private readonly redactors = new Map<Slot, Redact>();
  private readonly secretsOf = new Map<Slot, { base: string[]; extra: Set<string>; rebuild(values: string[]): void }>();

  private addSecrets(slot: Slot, values: readonly string[]): void {
    const s = this.secretsOf.get(slot);
    if (!s) return;
    const before = s.extra.size;
    for (const v of values) s.extra.add(v);
    if (s.extra.size !== before) s.rebuild([...s.base, ...s.extra]);
  }

  private redactorFor(slot: Slot): Redact {
    return this.redactors.get(slot) ?? ((text) => text);
  }

  private startSlot(slot: Slot): void {
    if (slot.started || !slot.connection || this.closed) return;
    if (slot.entry.source === 'mcp-json' && !this.trusted) return;
    slot.started = slot.connection.start();
  }

  private stateOf(slot: Slot): McpServerState {
    if (slot.invalid) return { status: 'failed', reason: slot.invalid };
    if (slot.entry.source === 'mcp-json' && !this.trusted) return { status: 'untrusted' };
    return slot.connection!.state;
  }

  private changed(): void {
    if (this.closed) return;
    const servers = this.servers();
    this.emit({ type: 'mcp_servers', servers, summary: summarize(servers) });
  }

  /** The notices said so far (tools left out, refreshes that failed), oldest first. */
  notices(): readonly string[] {
    return this.noticesSoFar;
  }

  private emit(event: McpEvent): void {
    if (event.type === 'mcp_notice' && this.noticesSoFar.length < 200) this.noticesSoFar.push(event.message);
    for (const listener of this.listeners) listener(event);
  }
}
