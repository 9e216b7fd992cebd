// What every child agent of a session shares with the parent: the provider answering now, the
// tools, the permission chain, hooks, sandbox, secrets, memory, the definitions and the limits.
import type { Provider } from '../providers/provider.js';
import type { PermissionGate } from '../permissions/gate.js';
import type { ChangeLedger } from '../checkpoints/change-ledger.js';
import type { SecretRequests } from '../secret-requests.js';
import type { SessionHooks } from '../hooks/session-hooks.js';
import type { CommandSandbox } from '../shell/command-sandbox.js';
import type { AnyTool } from '../tools/tool.js';
import type { AgentDefinition } from './agent-definitions.js';
import type { AgentSlots } from './agent-slots.js';

export const DEFAULT_MAX_CONCURRENT = 8;
/** The parent is depth 0; its children 1; theirs 2, no deeper. */
export const DEFAULT_MAX_DEPTH = 2;

export interface ChildSetup {
  workspaceRoot: string;
  /** The provider and model answering the parent now (/model changes it); `inherit` means these. */
  answering(): { provider: Provider; model: string };
  /** The provider's name as the catalog knows it (anthropic, openai, deepseek, …), for model aliases. */
  providerName: string;
  /** Every tool the parent has but task (MCP servers' included), asked for when a child starts. */
  tools(): readonly AnyTool[];
  definitions: readonly AgentDefinition[];
  slots: AgentSlots;
  maxDepth: number;
  maxTokens: number;
  permissions?: PermissionGate;
  /** The parent's secret questions (absent in -p): a child's command asks the person as the parent's does. */
  secrets?: SecretRequests;
  /** The session's change ledger: a child's calls are entries of their own inside its task call's. */
  ledger?: ChangeLedger;
  hooks?: SessionHooks;
  sandbox?: CommandSandbox;
  bashTimeoutMs?: number;
  thinkingBudget?: number;
  contextWindow?: number;
  secretEnvNames?: string[];
  secretValues?: string[];
  /** The project memory section of the parent's system prompt. */
  memory?: string;
  /** How long a child's row may say an older last progress than its real one (default PROGRESS_LAG_MS; tests shorten it). */
  progressLagMs?: number;
}
