// Finds agent definition files: .inkling/agents/ and .claude/agents/ in the workspace, then
// $INKLING_HOME/agents/ and ~/.claude/agents/; the first definition of a name wins, over the
// built-ins too. A file that cannot be used is skipped with a notice naming it and the reason.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILT_IN_AGENTS, parseAgentDefinition, type AgentDefinition, type AgentOrigin } from './agent-definitions.js';

export interface DefinitionSources {
  workspaceRoot: string;
  inklingHome: string;
  userHome: string;
  /** Setting compat.claude: read .claude/agents/ folders too. */
  readClaude: boolean;
  /**
   * Whether the workspace is trusted. A workspace definition's body is read in any workspace; its
   * `tools` may only narrow what a child gets, and granting `task` (children of its own) needs trust.
   */
  trusted: boolean;
}

export interface AgentCatalog {
  definitions: AgentDefinition[];
  notices: string[];
}

const MAX_FILE_BYTES = 256 * 1024;

export async function findAgentDefinitions(src: DefinitionSources): Promise<AgentCatalog> {
  const folders: [string, AgentOrigin][] = [
    [path.join(src.workspaceRoot, '.inkling', 'agents'), 'workspace'],
    ...(src.readClaude ? [[path.join(src.workspaceRoot, '.claude', 'agents'), 'claude-workspace'] as [string, AgentOrigin]] : []),
    [path.join(src.inklingHome, 'agents'), 'user'],
    ...(src.readClaude ? [[path.join(src.userHome, '.claude', 'agents'), 'claude-user'] as [string, AgentOrigin]] : []),
  ];
  const definitions: AgentDefinition[] = [];
  const notices: string[] = [];
  const taken = new Set<string>();
  for (const [folder, origin] of folders) {
    for (const file of await markdownFiles(folder)) {
      const read = await readDefinition(file, origin);
      if ('problem' in read) {
        notices.push(`${file}: agent skipped: ${read.problem}`);
        continue;
      }
      let def = read.definition;
      if (taken.has(def.name.toLowerCase())) continue;
      const workspaceFile = origin === 'workspace' || origin === 'claude-workspace';
      if (workspaceFile && !src.trusted && def.tools?.includes('task')) {
        notices.push(`${file}: agent ${def.name} may not start agents of its own: this workspace is not trusted`);
        def = { ...def, tools: def.tools.filter((t) => t !== 'task') };
      }
      taken.add(def.name.toLowerCase());
      definitions.push(def);
    }
  }
  for (const builtIn of BUILT_IN_AGENTS) if (!taken.has(builtIn.name)) definitions.push(builtIn);
  return { definitions, notices };
}

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.md'))
    .map((e) => path.join(folder, e.name))
    .sort();
}

async function readDefinition(file: string, origin: AgentOrigin): Promise<{ definition: AgentDefinition } | { problem: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { problem: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  }
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) return { problem: `larger than ${MAX_FILE_BYTES / 1024} KB` };
  const parsed = parseAgentDefinition(text, origin, file);
  return parsed.ok ? { definition: parsed.definition } : { problem: parsed.problem };
}
