// How one of inkling's tool calls looks to an editor: ACP's kind (its icon), a title, the files it
// touches (the editor's follow-along) and its raw input, from the call's name and arguments.
import path from 'node:path';
import type { ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import { toSafeText } from '../core/text/safe-text.js';

const KIND_OF_TOOL: Record<string, ToolKind> = {
  read_file: 'read',
  skill: 'read',
  write_file: 'edit',
  edit_file: 'edit',
  list_files: 'search',
  grep_search: 'search',
  bash: 'execute',
  web_fetch: 'fetch',
  web_search: 'fetch',
  task: 'think',
  update_plan: 'think',
  exit_plan_mode: 'switch_mode',
};

export function toolKind(name: string): ToolKind {
  return KIND_OF_TOOL[name] ?? 'other';
}

type Input = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** One line: the tool's own words for what it does ("Read src/a.ts", "npm test"). */
export function toolTitle(name: string, input: unknown): string {
  const i = (input ?? {}) as Input;
  const one = (text: string) => toSafeText(text.split('\n')[0] ?? '').slice(0, 200);
  switch (name) {
    case 'read_file':
      return `Read ${one(str(i.path) ?? '')}`;
    case 'write_file':
      return `Write ${one(str(i.path) ?? '')}`;
    case 'edit_file':
      return `Edit ${one(str(i.path) ?? '')}`;
    case 'list_files':
      return `List ${one(str(i.path) ?? '.')}`;
    case 'grep_search':
      return `Search ${one(str(i.pattern) ?? '')}${str(i.path) ? ` in ${one(str(i.path)!)}` : ''}`;
    case 'bash':
      return one(str(i.command) ?? 'bash');
    case 'web_fetch':
      return `Fetch ${one(str(i.url) ?? '')}`;
    case 'web_search':
      return `Search the web: ${one(str(i.query) ?? '')}`;
    case 'task':
      return `Agent: ${one(str(i.description) ?? str(i.agent) ?? 'task')}`;
    case 'skill':
      return `Skill ${one(str(i.name) ?? '')}`;
    default:
      return one(name);
  }
}

/** The files a call reads or writes, absolute; a read's first line when it starts further in. */
export function toolLocations(name: string, input: unknown, workspaceRoot: string): ToolCallLocation[] {
  const i = (input ?? {}) as Input;
  const file = str(i.path);
  if (!file || !['read_file', 'write_file', 'edit_file', 'list_files', 'grep_search'].includes(name)) return [];
  const at = path.resolve(workspaceRoot, file);
  const line = name === 'read_file' && typeof i.offset === 'number' && i.offset > 0 ? { line: i.offset } : {};
  return [{ path: at, ...line }];
}
