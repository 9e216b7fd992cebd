// Claude Code's tool names and input fields beside inkling's, both ways: hooks see Claude Code's
// shape, rules written for Claude Code apply to inkling's tools. One row per tool; a later tool adds a row.
import path from 'node:path';

export interface ClaudeToolRow {
  /** Claude Code's tool name, as hooks' matchers and rules write it. */
  claude: string;
  /** inkling's tool, or null when inkling has none (rules and matchers naming it match nothing). */
  inkling: string | null;
  /** Claude Code field → inkling field; fields not listed pass through under the same name. */
  fields?: Readonly<Record<string, string>>;
  /** Claude Code fields that hold a path: absolute in Claude Code, workspace-relative in inkling. */
  paths?: readonly string[];
  /** The name a permission rule for this tool becomes, when it is wider than the tool (Read covers every reading tool). */
  rule?: string;
}

export const CLAUDE_TOOL_ROWS: readonly ClaudeToolRow[] = [
  { claude: 'Bash', inkling: 'bash', fields: { timeout: 'timeout_ms' } },
  { claude: 'Read', inkling: 'read_file', fields: { file_path: 'path' }, paths: ['file_path'], rule: 'read' },
  { claude: 'Write', inkling: 'write_file', fields: { file_path: 'path' }, paths: ['file_path'] },
  { claude: 'Edit', inkling: 'edit_file', fields: { file_path: 'path' }, paths: ['file_path'], rule: 'edit' },
  { claude: 'Grep', inkling: 'grep_search', fields: { '-i': 'ignore_case' }, paths: ['path'] },
  // WebFetch's rules are WebFetch(domain:host), inkling's grammar too; its `prompt` field has no equivalent.
  { claude: 'WebFetch', inkling: 'web_fetch' },
  // list_files lists a folder; it is not a glob search, so Glob maps to nothing.
  { claude: 'Glob', inkling: null },
  // Claude Code's subagent tool, called Task before it was renamed Agent: both names mean task; hooks see Agent.
  { claude: 'Task', inkling: 'task', fields: { subagent_type: 'agent' } },
  { claude: 'Agent', inkling: 'task', fields: { subagent_type: 'agent' } },
  // Plan mode's way out: the same `plan` field. TodoWrite's todos[] are not update_plan's plan[]: it maps to nothing.
  { claude: 'ExitPlanMode', inkling: 'exit_plan_mode' },
  { claude: 'TodoWrite', inkling: null },
];

const byClaude = new Map(CLAUDE_TOOL_ROWS.map((r) => [r.claude, r]));
const byInkling = new Map(CLAUDE_TOOL_ROWS.filter((r) => r.inkling).map((r) => [r.inkling!, r]));

const isMcp = (name: string): boolean => name.startsWith('mcp__');

/** Claude Code's name for an inkling tool; MCP tools and tools without a row keep their own name. */
export function claudeToolName(inklingName: string): string {
  return byInkling.get(inklingName)?.claude ?? inklingName;
}

/** Claude Code's names for inkling's built-in agents; a definition from a file keeps its own name. */
const CLAUDE_AGENT_TYPES: Record<string, string> = { explore: 'Explore', general: 'general-purpose' };

/** A child agent's type as Claude Code's SubagentStart/SubagentStop hooks see it (and their matchers test). */
export function claudeAgentType(inklingAgent: string): string {
  return CLAUDE_AGENT_TYPES[inklingAgent] ?? inklingAgent;
}

/** inkling's tool for a Claude Code name: a name, null (no equivalent) or undefined (not a name Claude Code's map knows). */
export function inklingToolName(claudeName: string): string | null | undefined {
  if (isMcp(claudeName)) return claudeName;
  const row = byClaude.get(claudeName);
  return row ? row.inkling : undefined;
}

/** A call's input in Claude Code's shape: fields renamed, paths absolute. */
export function toClaudeInput(inklingName: string, input: Record<string, unknown>, workspaceRoot: string): Record<string, unknown> {
  const row = byInkling.get(inklingName);
  if (!row) return { ...input };
  const back = new Map(Object.entries(row.fields ?? {}).map(([c, i]) => [i, c]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const claudeKey = back.get(key) ?? key;
    out[claudeKey] = row.paths?.includes(claudeKey) && typeof value === 'string' ? path.resolve(workspaceRoot, value) : value;
  }
  return out;
}

export type InputFromClaude = { ok: true; input: Record<string, unknown> } | { ok: false; problem: string };

/**
 * A Claude Code-shaped input (a hook's updatedInput) back in inkling's shape. A field the inkling
 * tool does not have is refused rather than dropped, so a rewrite never half-applies.
 */
export function fromClaudeInput(
  inklingName: string,
  input: Record<string, unknown>,
  workspaceRoot: string,
  knownFields: readonly string[],
): InputFromClaude {
  const row = byInkling.get(inklingName);
  const out: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const inklingKey = row?.fields?.[key] ?? key;
    if (!knownFields.includes(inklingKey)) {
      unknown.push(key);
      continue;
    }
    out[inklingKey] = row?.paths?.includes(key) && typeof value === 'string' ? workspaceRelative(workspaceRoot, value) : value;
  }
  if (unknown.length > 0) return { ok: false, problem: `${claudeToolName(inklingName)} has no field ${unknown.map((u) => `"${u}"`).join(', ')}` };
  return { ok: true, input: out };
}

/** An absolute path inside the workspace becomes relative; anything else stays as written (the tool decides). */
function workspaceRelative(root: string, p: string): string {
  if (!path.isAbsolute(p)) return p;
  const rel = path.relative(root, p);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? p : rel;
}
