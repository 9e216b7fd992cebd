// What the interactive start learns about the workspace after the first frame (the trust
// question, memory files, custom commands) and the state of the prompts built on it: the trust
// prompt, the /memory view and the "which file?" question of a `#` line (actions:
// workspace-actions.ts).
import type { CustomCommand } from '../core/commands/custom-commands.js';
import type { IgnoredSetting } from '../core/config/tighten.js';
import type { MemoryLineTarget } from '../core/memory/memory-lines.js';
import type { MemoryFile } from '../core/memory/project-memory.js';
import type { RunFacts } from '../core/startup-info.js';

export interface TrustPromptState {
  workspaceRoot: string;
  wouldSet: IgnoredSetting[];
}

export interface RememberPromptState {
  /** The line as it will be written ("- always use pnpm"). */
  line: string;
  /** What was typed, put back into the input when nothing is saved. */
  typed: string;
  targets: MemoryLineTarget[];
  selected: number;
}

export interface WorkspaceInfo {
  trust: TrustPromptState | null;
  /** Files in the system prompt and nested ones listed by path; empty until loaded. */
  memory: MemoryFile[];
  memoryLoaded: boolean;
  /** Where a `#` line may go (the project's memory file and the person's own). */
  memoryTargets: MemoryLineTarget[];
  /** Custom slash commands from files, for the `/` menu and submit. */
  commands: CustomCommand[];
  /**
   * False while the command files are still to come (the interactive start loads them after the
   * agent's build): a `/word` sent before then waits for them (workspace-actions.ts holdForCommands).
   */
  commandsLoaded: boolean;
  remember: RememberPromptState | null;
  /** First row shown in the /memory view. */
  memoryScroll: number;
  /** The header's "sandboxed" or why not, once the start-up probe answered. */
  sandbox?: string;
  /** The model label once the settings are checked (a bad file or trusting can change it). */
  modelLabel: string | null;
  /** /status's provider, trust and sessions folder, once the settings are checked. */
  facts?: RunFacts;
}

export function emptyWorkspaceInfo(): WorkspaceInfo {
  return { trust: null, memory: [], memoryLoaded: false, memoryTargets: [], commands: [], commandsLoaded: true, remember: null, memoryScroll: 0, modelLabel: null };
}

