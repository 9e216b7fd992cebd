// The slash commands, one row each: name, arguments, help, what it does, where it comes from.
// The prompt runs them from here; the `/` menu, the help overlay and README's table
// (scripts/print-commands.ts) are made from the same rows. Adding a built-in is adding a row;
// commands from elsewhere (custom command files, MCP servers' prompts, later skills) become rows
// in commandRows.
import type { AppStore } from './app-store.js';
import { expandCustomCommand, type CustomCommand } from '../core/commands/custom-commands.js';
import { openHelp, toggleMouse } from './view-actions.js';
import { sessionOf } from './agent-session.js';
import { compactConversation, showContext, showCost } from './context-actions.js';
import { openMemory } from './workspace-actions.js';
import { listSessionsAsNotice, openPicker } from './session-picker.js';
import { showSessionDiff } from './session-diff.js';
import type { CommandUi } from './pager-state.js';
import { openRewindPicker } from './rewind-picker.js';
import { openMcp } from './mcp-actions.js';
import { withJobActions } from './job-actions-loader.js';
import { openModelPicker } from './model-picker.js';
import { showStatus } from './status-report.js';
import { copyLastAnswer } from './copy-answer.js';
import { hooksCommand, listSkills, permissionsCommand } from './setup-list-actions.js';
import { initProject } from './init-command.js';
import { listAgents } from './agent-list-actions.js';
import type { ListedPrompt } from '../core/mcp/catalog.js';

/** Where a command comes from: inkling itself, a command file of the project or of the person, an MCP server's prompt. */
export type CommandOrigin = 'built-in' | 'project' | 'user' | 'mcp';

interface CommandBase {
  /** With the slash: "/compact". */
  name: string;
  /** What may follow the name ("[instructions]"); absent when nothing does. */
  args?: string;
  help: string;
  origin: CommandOrigin;
}

/** A command that acts on the app (opens a view, changes a setting). */
export interface ActionCommand extends CommandBase {
  kind: 'action';
  /** `args`: what follows the name, trimmed; `ui`: what it may ask of the floors above the store (the pager). */
  run(store: AppStore, args: string, ui: CommandUi): void;
}

/** A command that becomes a prompt for the model (custom command files). */
export interface PromptCommand extends CommandBase {
  kind: 'prompt';
  prompt(args: string): string;
}

export type CommandRow = ActionCommand | PromptCommand;

const action = (name: string, help: string, run: ActionCommand['run'], args?: string): ActionCommand => ({
  kind: 'action', name, help, origin: 'built-in', run, ...(args !== undefined ? { args } : {}),
});

export const BUILTIN_COMMANDS: readonly ActionCommand[] = [
  action('/help', 'show keys and commands', (store) => openHelp(store)),
  action('/clear', 'start a new session and clear the screen (the old one stays on disk)', (store) => sessionOf(store).clear()),
  action('/resume', 'open another session of this workspace (a picker)', (store) => void openPicker(store)),
  action('/sessions', "list this workspace's recent sessions", (store) => void listSessionsAsNotice(store)),
  action('/diff', 'everything this session changed, as one diff in the pager', (store, _args, ui) => void showSessionDiff(store, ui)),
  action('/rewind', 'pick a prompt to rewind files and conversation to (a preview first)', (store) => void openRewindPicker(store)),
  action('/mcp', 'MCP servers: state, tools; start one again or turn it off', (store) => openMcp(store)),
  action('/jobs', 'background jobs: command, state, runtime, last line; Enter opens the live pane', (store) => withJobActions((jobs) => jobs.openJobs(store))),
  action('/compact', 'summarise the conversation so far to free the context (/compact <what to keep>)', (store, args) => compactConversation(store, args), '[what to keep]'),
  action('/context', 'where the context window goes; /context <n> selects the n-th largest result', (store, args) => showContext(store, args), '[n]'),
  action('/copy', "copy the last answer's markdown to the clipboard", (store) => void copyLastAnswer(store)),
  action('/export', 'write the session as markdown (inkling-<session>.md in the workspace, or the file named); --html: one self-contained page', (store, args) => void import('./export/session-export.js').then((m) => m.exportSession(store, args)), '[file] [--html]'),
  action('/cost', 'tokens by kind, cost and cache savings of the session', (store) => showCost(store)),
  action('/model', 'pick the model that answers from the next request', (store) => void openModelPicker(store)),
  action('/mouse', 'turn mouse mode on or off (the wheel scrolls the transcript)', (store) => toggleMouse(store)),
  action('/agents', 'the child agents the model can start (task tool): where each is defined, its tools and model', (store) => void listAgents(store)),
  action('/skills', 'the skills found: where from, size, whether the conversation holds them started', (store) => void listSkills(store)),
  action('/hooks', "Claude Code hooks: each one's file and last run (exit code, time, output); off or on again for this session", (store, args) => void hooksCommand(store, args), '[off|on <n>]'),
  action('/permissions', 'the permission rules in force, each with its file; remove <n> takes one away (from its file)', (store, args) => void permissionsCommand(store, args), '[remove <n>]'),
  action('/init', 'have the model look at the repository and write an AGENTS.md (its edit asks as any does)', (store, args) => initProject(store, args), '[what to stress]'),
  action('/memory', 'the memory files in the prompt (AGENTS.md …) and their sizes', (store) => openMemory(store)),
  action('/status', 'model, provider, mode, sandbox, trust, memory files, MCP servers, session id and file', (store) => showStatus(store)),
  action('/exit', 'leave inkling', (store) => store.terminal.exit()),
];

/** The built-ins' names: a command file of the same name does not replace one. */
export const BUILTIN_COMMAND_NAMES: readonly string[] = BUILTIN_COMMANDS.map((c) => c.name);

function customRow(c: CustomCommand): PromptCommand {
  return {
    kind: 'prompt',
    name: c.name,
    help: c.description ?? 'custom command',
    origin: c.scope,
    ...(c.argumentHint ? { args: c.argumentHint } : {}),
    prompt: (args) => expandCustomCommand(c, args),
  };
}

/** The MCP servers as the command table reads them: each one's prompts. */
export type McpPromptSource = { name: string; prompts: readonly ListedPrompt[] };

/**
 * An MCP prompt as Claude Code names it, /mcp__<server>__<prompt>: the typed line goes to the
 * core as it is, which asks the server for the prompt (prompts/get) before the model sees it.
 */
function mcpRow(server: string, p: ListedPrompt): PromptCommand {
  // Named here, not through core/mcp/prompt-commands: nothing of MCP loads before the first frame.
  const name = `/mcp__${server}__${p.name}`;
  const args = p.arguments.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
  return {
    kind: 'prompt',
    name,
    help: p.description ?? 'MCP prompt',
    origin: 'mcp',
    ...(args ? { args } : {}),
    prompt: (typed) => (typed ? `${name} ${typed}` : name),
  };
}

/** Every command the prompt knows now: the built-ins first, then the workspace's and the person's files, then MCP prompts. */
export function commandRows(custom: readonly CustomCommand[], mcp: readonly McpPromptSource[] = []): CommandRow[] {
  const builtins = new Set(BUILTIN_COMMAND_NAMES);
  return [
    ...BUILTIN_COMMANDS,
    ...custom.filter((c) => !builtins.has(c.name.toLowerCase())).map(customRow),
    ...mcp.flatMap((s) => s.prompts.map((p) => mcpRow(s.name, p))),
  ];
}

/** The MCP prompt row the text starts with ("/mcp__docs__review src" → its row). */
export function findMcpPrompt(text: string, mcp: readonly McpPromptSource[]): PromptCommand | undefined {
  if (!text.startsWith('/mcp__')) return undefined;
  const name = text.trim().split(/\s+/)[0]!;
  return commandRows([], mcp).find((r): r is PromptCommand => r.kind === 'prompt' && r.origin === 'mcp' && r.name === name);
}

/** Commands whose name starts with what was typed ("/c" → /clear), in the table's order. */
export function completeSlash(typed: string, rows: readonly CommandRow[] = BUILTIN_COMMANDS): string[] {
  const t = typed.toLowerCase();
  return rows.map((c) => c.name).filter((n) => n.toLowerCase().startsWith(t));
}

/** The built-in the text starts with ("/compact keep the API notes" → /compact). */
export function findCommand(text: string): ActionCommand | undefined {
  const name = text.trim().split(/\s+/)[0]!.toLowerCase();
  return BUILTIN_COMMANDS.find((c) => c.name === name);
}

/** The `/` menu's line for a row: the help of a built-in; a command file's arguments, description and origin. */
export function menuHelp(row: CommandRow): string {
  if (row.origin === 'built-in') return row.help;
  return `${row.args ? `${row.args} ` : ''}${row.help} (${row.origin})`;
}

/** README's table of the built-in commands. */
export function commandTableMarkdown(): string {
  const rows = BUILTIN_COMMANDS.map((c) => `| \`${c.name}${c.args ? ` ${c.args}` : ''}\` | ${c.help.replace(/\|/g, '\\|')} |`);
  return ['| command | what it does |', '| --- | --- |', ...rows, ''].join('\n');
}
