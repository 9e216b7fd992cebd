// The connection's sessions: session/new builds an agent for the `cwd` given (its own settings,
// trust, sandbox, ledger and MCP servers, the editor's servers added); session/load and
// session/resume go on with a recorded session (load replays it as updates first); session/list
// reads the session catalog. Several sessions may run at once; each is an ordinary session file.
import { RequestError } from '@agentclientprotocol/sdk';
import type { AgentContext, ListSessionsResponse, McpServer, SessionInfo } from '@agentclientprotocol/sdk';
import type { CliFlags } from '../cli/args.js';
import type { Redact } from '../core/redact.js';
import { createAgentDoor } from '../core/door/agent-door.js';
import type { AnyTool } from '../core/tools/tool.js';
import { AcpSession } from './acp-session.js';
import { throughEditorBuffers } from './editor-reads.js';
import { checkedCwd, sessionConfig } from './session-config.js';

/** Sessions listed per page. */
const PAGE = 50;

export class AcpSessions {
  private readonly open = new Map<string, AcpSession>();

  /** The editor offers fs/read_text_file (initialize's clientCapabilities). */
  editorReads = false;

  constructor(
    private readonly flags: CliFlags,
    private readonly scrub: Redact,
  ) {}

  get(id: string): AcpSession {
    const session = this.open.get(id);
    if (!session) throw new RequestError(-32002, `no session ${id} is open on this connection`, { sessionId: id });
    return session;
  }

  /** A new session, or (`resume`) one read from its file; `replay` sends its history as updates. */
  async start(client: AgentContext, params: { cwd: unknown; mcpServers?: McpServer[] }, resume?: { id: string; replay: boolean }): Promise<AcpSession> {
    const cwd = await checkedCwd(params.cwd);
    const config = await sessionConfig(this.flags, cwd, params.mcpServers ?? []);
    const [{ createProvider, createSessionAgent }, { settingsNotices }, { setupNotices }, { sandboxNotice, sessionSandbox }] = await Promise.all([
      import('../cli/session.js'),
      import('../cli/settings-notices.js'),
      import('../cli/setup-notices.js'),
      import('../cli/sandbox-session.js'),
    ]);
    const opened = resume ? await this.opened(config.home, cwd, resume.id) : undefined;
    // The session's id is known once the agent is: the editor's reads ask for it then.
    let sessionId: string | undefined;
    const readBuffer = (file: string) => client.request('fs/read_text_file', { sessionId: sessionId!, path: file }).then((r) => r.content);
    const wrapTool = this.editorReads ? (tool: AnyTool) => throughEditorBuffers(tool, readBuffer) : undefined;
    const agent = await createSessionAgent(config, await createProvider(config), undefined, wrapTool ? { wrapTool } : {});
    const notices = [
      ...(config.report ? settingsNotices(config.report, 'print') : []),
      ...(await setupNotices(config)),
      ...[sandboxNotice(await sessionSandbox(config))].filter((n): n is string => !!n),
      ...(opened?.notices ?? []),
    ];
    if (opened) agent.resume(opened.restored);
    const id = agent.sessionId ?? resume?.id;
    if (!id) throw RequestError.internalError(undefined, 'the session could not be recorded');
    sessionId = id;
    this.open.get(id)?.dispose();
    const session = new AcpSession({ id, config, agent, door: createAgentDoor(agent), client, scrub: this.scrub, notices });
    this.open.set(id, session);
    if (opened && resume?.replay) session.updates.replay(opened.restored.replay);
    if (opened) opened.restored.replay = [];
    return session;
  }

  private async opened(home: string, cwd: string, id: string) {
    const [{ findSession, openSession }] = await Promise.all([import('../core/sessions/session-catalog.js')]);
    const found = await findSession(home, cwd, id);
    if (!found.ok) throw new RequestError(-32002, found.reason, { sessionId: id });
    return openSession(found.session.file);
  }

  async list(params: { cwd?: string | null; cursor?: string | null }): Promise<ListSessionsResponse> {
    const cwd = params.cwd ? await checkedCwd(params.cwd) : process.cwd();
    const config = await sessionConfig(this.flags, cwd).catch(() => undefined);
    const { inklingHome } = await import('../core/config/paths.js');
    const { listSessions } = await import('../core/sessions/session-catalog.js');
    const all = await listSessions(config?.home ?? inklingHome(process.env), cwd, params.cwd ? 'workspace' : 'all');
    const from = Number(params.cursor ?? 0) || 0;
    const sessions: SessionInfo[] = all.slice(from, from + PAGE).map((s) => ({
      sessionId: s.id,
      cwd: s.workspace,
      title: s.title,
      updatedAt: new Date(s.updatedAt).toISOString(),
    }));
    return { sessions, ...(from + PAGE < all.length ? { nextCursor: String(from + PAGE) } : {}) };
  }

  async disposeAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((s) => s.dispose()));
    this.open.clear();
  }
}
