// What the interactive start hands the UI besides the agent: things loaded after the first
// frame (settings problems, the trust question, memory files, custom commands) and the prompt
// typed on the command line. Types only; the CLI fills them in.
import type { CustomCommandSet } from './commands/custom-commands.js';
import type { IgnoredSetting } from './config/tighten.js';
import type { ThemeName } from './config/setting-values.js';
import type { McpServers } from './mcp/mcp-servers.js';
import type { SetupLists } from './setup/setup-lists.js';
import type { MemoryLineTarget } from './memory/memory-lines.js';
import type { MemoryFile } from './memory/project-memory.js';

/** /model: the models the provider in use offers, and a switch that keeps the conversation. */
export interface ModelPicking {
  /** The model answering now. */
  current(): string;
  /** OpenAI-compatible endpoints: GET /models (kept for the session unless `refresh`); Anthropic: the catalog. */
  list(refresh?: boolean): Promise<Array<{ id: string; contextWindow: number | null }>>;
  /** Takes effect at the next request; resolves to the header's new model label. */
  switchTo(model: string): Promise<string>;
  /** Alt+T: thinking off, or on at the `thinking` budget (8,000 when never set), from the next request. */
  toggleThinking(): ThinkingSwitch;
}

/** What Alt+T did: thinking on at a budget, off, or refused (the provider cannot, maxTokens leaves no room). */
export type ThinkingSwitch = { on: true; budget: number } | { on: false } | { refused: string };

export interface TrustQuestion {
  workspaceRoot: string;
  /** What the workspace's files would set once trusted (the prompt lists these). */
  wouldSet: IgnoredSetting[];
  /**
   * true: remember the workspace as trusted ($INKLING_HOME/trust.json) and start the agent with
   * its files applied; false: start with them tightened. The agent starts after the answer.
   * Call once; later calls are ignored.
   */
  answer(trust: boolean): void;
}

/** What /status says besides what the UI already knows: where requests go, the workspace's trust, where sessions are kept. */
export interface RunFacts {
  /** "anthropic", "openrouter at https://…", "demo model". */
  provider: string;
  /** "trusted (recorded)", "not trusted: its settings only tighten", … */
  trust: string;
  /** The folder the workspace's session files are in (sessions/<workspace-key>/). */
  sessionsDir: string;
  /** The thinking budget the run starts with; absent: off. */
  thinkingBudget?: number;
}

export interface NotifySettings {
  desktop: 'auto' | 'osc9' | 'osc777' | 'off';
  afterMs: number;
}

export interface StartupInfo {
  /** Words given on the command line (`inkling "fix the test"`): the UI submits them first. */
  initialPrompt?: string;
  theme: ThemeName;
  /** Settings problems and what an untrusted workspace may not set, each a line to show once. */
  notices: Promise<string[]>;
  /** Null when there is nothing to ask (trusted, or the workspace sets nothing it may not). */
  trust: Promise<TrustQuestion | null>;
  /** Files in the system prompt (and nested ones listed by path): the header's "AGENTS.md", /memory. */
  memory: Promise<MemoryFile[]>;
  /** Where a `#` line may be saved: the project's memory file and the person's own. */
  memoryTargets: Promise<MemoryLineTarget[]>;
  /**
   * A `#` line for the project's file goes through the permission rules as an edit of that file:
   * a deny rule or a hard denial refuses it (the message says why); null when it may be written.
   * The person's own file is theirs, like their own settings: never refused.
   */
  checkMemoryWrite?(target: MemoryLineTarget): Promise<string | null>;
  /** Reads the memory files again (after a `#` line was saved). */
  reloadMemory?(): Promise<{ memory: MemoryFile[]; targets: MemoryLineTarget[] }>;
  /** For the `/` menu; expand with expandCustomCommand. */
  customCommands: Promise<CustomCommandSet>;
  /** The header's model label once the settings are checked (a bad file can change it). */
  modelLabel: Promise<string>;
  /**
   * The MCP servers once they are loading (null when none are configured): summary() for the
   * header, servers() and subscribe() for /mcp, reconnect(name) and disable(name) for its keys.
   */
  mcp: Promise<McpServers | null>;
  /** /skills and /hooks once the agent is built (null: an agent without them). */
  setup?: Promise<SetupLists | null>;
  /** "sandboxed", "not sandboxed (off)", … once the start-up probe answered (header). */
  sandbox?: Promise<string>;
  /** notifications.bell once the settings files are read (the first frame rings by the defaults). */
  bell?: Promise<boolean>;
  /** notifications.desktop and notifications.afterMs once the settings files are read. */
  notify?: Promise<NotifySettings>;
  /** /model, once the agent is built (absent for the demo and scripted models). */
  models?: Promise<ModelPicking | null>;
  /** /status's provider, trust and sessions folder, once the settings are checked (and the trust question answered). */
  facts?: Promise<RunFacts>;
}
