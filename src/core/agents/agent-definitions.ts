// What a child agent is: the built-in `explore` and `general`, and definitions read from markdown
// files with YAML frontmatter in Claude Code's format (name, description, tools, disallowedTools,
// model, maxTurns, permissionMode; the body is the child's system prompt).
import { parseSkillFile, type FrontValue } from '../skills/skill-frontmatter.js';
import type { PermissionMode } from '../permissions/approval.js';
import { inklingToolName } from '../compat/claude-names.js';

/** Where a definition came from, as /agents shows it. */
export type AgentOrigin = 'built-in' | 'workspace' | 'user' | 'claude-workspace' | 'claude-user';

export interface AgentDefinition {
  name: string;
  description: string;
  /** The child's system prompt before the environment section and memory. */
  prompt: string;
  /** inkling tool names the child gets (absent: every tool but task). */
  tools?: string[];
  disallowedTools?: string[];
  /** 'inherit', a Claude Code alias (sonnet, opus, haiku) or a model id. */
  model: string;
  maxTurns?: number;
  /** Absent: the parent's mode. Never looser than the parent's either way. */
  permissionMode?: PermissionMode;
  origin: AgentOrigin;
  file?: string;
}

export const DEFAULT_MAX_TURNS = 30;

/** The names a definition's `tools` may use for the task tool itself (Claude Code's, then ours). */
export const TASK_TOOL_NAMES = ['task', 'Task', 'Agent'];

export const BUILT_IN_AGENTS: readonly AgentDefinition[] = [
  {
    name: 'explore',
    description: 'Read-only search and reading of the workspace: finds files, reads code, answers questions about it. Runs in plan mode, so several run at once.',
    prompt: [
      'You are an explore agent: another agent handed you a question about the workspace.',
      'Find the answer by listing, searching and reading; you cannot change anything (read-only tools and commands only).',
      'Answer with what you found: the facts, the paths and line numbers that show them, and nothing the other agent did not ask for.',
    ].join('\n'),
    model: 'inherit',
    permissionMode: 'plan',
    origin: 'built-in',
  },
  {
    name: 'general',
    description: 'A general agent for a multi-step task that may change files or run commands. Runs one at a time.',
    prompt: [
      'You are a general agent: another agent handed you a task to carry out in the workspace.',
      'Do the task completely, then answer with a short report: what you did, which files you changed, anything left undone.',
    ].join('\n'),
    model: 'inherit',
    origin: 'built-in',
  },
];

const MODES: Record<string, PermissionMode> = {
  default: 'default',
  plan: 'plan',
  acceptEdits: 'accept-edits',
  'accept-edits': 'accept-edits',
  auto: 'auto',
  bypassPermissions: 'yolo',
  yolo: 'yolo',
};

/** Fields of Claude Code's format inkling reads nothing from (README lists them). */
export const IGNORED_FIELDS = ['color', 'mcpServers', 'hooks', 'skills', 'memory', 'isolation', 'background', 'effort'];

export type DefinitionParse = { ok: true; definition: AgentDefinition } | { ok: false; problem: string };

/** One definition file's text; a problem names what is wrong, for the skipped-file notice. */
export function parseAgentDefinition(text: string, origin: AgentOrigin, file: string): DefinitionParse {
  const parsed = parseSkillFile(text);
  if (!parsed.ok) return parsed;
  const f = parsed.fields;
  const name = scalar(f.name);
  const description = scalar(f.description);
  if (!name) return { ok: false, problem: 'the frontmatter has no name' };
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return { ok: false, problem: `the name "${name}" may hold only letters, digits, - and _` };
  if (!description) return { ok: false, problem: 'the frontmatter has no description' };
  const tools = toolList(f.tools);
  if (tools && 'problem' in tools) return { ok: false, problem: tools.problem };
  const disallowed = toolList(f.disallowedTools);
  if (disallowed && 'problem' in disallowed) return { ok: false, problem: disallowed.problem };
  let maxTurns: number | undefined;
  if (f.maxTurns !== undefined) {
    maxTurns = Number(scalar(f.maxTurns));
    if (!Number.isInteger(maxTurns) || maxTurns < 1) return { ok: false, problem: `maxTurns must be a whole number from 1 up, not "${scalar(f.maxTurns)}"` };
  }
  let permissionMode: PermissionMode | undefined;
  if (f.permissionMode !== undefined) {
    permissionMode = MODES[scalar(f.permissionMode) ?? ''];
    if (!permissionMode) return { ok: false, problem: `permissionMode "${scalar(f.permissionMode)}" is not one of ${Object.keys(MODES).join(', ')}` };
  }
  const prompt = parsed.body.trim();
  return {
    ok: true,
    definition: {
      name,
      description,
      prompt: prompt || `You are the ${name} agent. ${description}`,
      ...(tools ? { tools: tools.names } : {}),
      ...(disallowed ? { disallowedTools: disallowed.names } : {}),
      model: scalar(f.model) || 'inherit',
      ...(maxTurns ? { maxTurns } : {}),
      ...(permissionMode ? { permissionMode } : {}),
      origin,
      file,
    },
  };
}

function scalar(v: FrontValue | undefined): string | undefined {
  return typeof v === 'string' ? v.trim() : undefined;
}

/**
 * `tools: Read, Grep` or a YAML list, in Claude Code's names or inkling's: inkling's names come back
 * (Task and Agent become task). A name that maps to no inkling tool (Glob, WebFetch) is left out:
 * the child cannot call what inkling does not have.
 */
function toolList(v: FrontValue | undefined): { names: string[] } | { problem: string } | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'object' && !Array.isArray(v)) return { problem: 'tools must be a list of tool names' };
  const raw = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
  const names: string[] = [];
  for (const name of raw) {
    const bare = name.replace(/\(.*\)$/, '');
    const mapped = TASK_TOOL_NAMES.includes(bare) ? 'task' : inklingToolName(bare);
    const inkling = mapped === undefined ? bare : mapped;
    if (inkling && !names.includes(inkling)) names.push(inkling);
  }
  return { names };
}
