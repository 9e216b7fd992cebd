// Custom slash commands: Markdown files in <workspace>/.inkling/commands/ and .claude/commands/
// (inkling's file wins a clash), $INKLING_HOME/commands/ and ~/.claude/commands/ (the same), with
// Claude Code's folders left out when compat.claude is off. The file name is the command, front matter
// gives description and argument-hint, the body is the prompt with $ARGUMENTS, $1, $2... filled
// in. Loading reads the folders; parsing and expansion are pure, for the UI's `/` menu.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { splitFrontMatter } from './front-matter.js';

export interface CustomCommand {
  /** With the slash: "/review". */
  name: string;
  scope: 'project' | 'user';
  description?: string;
  argumentHint?: string;
  /** The prompt template. */
  body: string;
  path: string;
}

export interface CustomCommandSet {
  /** Sorted by name; a project command has already shadowed a user one of the same name. */
  commands: CustomCommand[];
  /** Said once: shadowing, clashes with built-ins, files that could not be used. */
  notices: string[];
}

export interface CommandFolders {
  workspaceRoot: string;
  home: string;
  /** Built-in command names with the slash ("/help"): they win over a file of the same name. */
  builtins: readonly string[];
  /** The person's home: ~/.claude/commands is read beside $INKLING_HOME/commands. */
  userHome?: string;
  /** compat.claude: false leaves .claude/commands and ~/.claude/commands alone. Default true. */
  readClaude?: boolean;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export async function loadCustomCommands(folders: CommandFolders): Promise<CustomCommandSet> {
  const claude = folders.readClaude !== false;
  const notices: string[] = [];
  const [inklingProject, claudeProject, inklingUser, claudeUser] = await Promise.all([
    readFolder(path.join(folders.workspaceRoot, '.inkling', 'commands'), 'project', notices),
    claude ? readFolder(path.join(folders.workspaceRoot, '.claude', 'commands'), 'project', notices) : [],
    readFolder(path.join(folders.home, 'commands'), 'user', notices),
    claude && folders.userHome ? readFolder(path.join(folders.userHome, '.claude', 'commands'), 'user', notices) : [],
  ]);
  const project = inklingFirst(inklingProject, claudeProject, notices);
  const user = inklingFirst(inklingUser, claudeUser, notices);
  const merged = mergeCommands(project, user, folders.builtins);
  return { commands: merged.commands, notices: [...notices, ...merged.notices] };
}

/** One origin's commands from inkling's folder and Claude Code's: inkling's file wins a clash, with a notice. */
function inklingFirst(inkling: CustomCommand[], claude: CustomCommand[], notices: string[]): CustomCommand[] {
  const taken = new Map(inkling.map((c) => [c.name.toLowerCase(), c]));
  const kept = claude.filter((c) => {
    const winner = taken.get(c.name.toLowerCase());
    if (winner) notices.push(`${c.path} is not used: ${winner.path} is the same command (${c.name})`);
    return !winner;
  });
  return [...inkling, ...kept];
}

/** Project beats user, built-ins beat both; each loser is named in a notice. */
export function mergeCommands(project: CustomCommand[], user: CustomCommand[], builtins: readonly string[]): CustomCommandSet {
  const notices: string[] = [];
  const byName = new Map<string, CustomCommand>();
  for (const cmd of user) byName.set(cmd.name.toLowerCase(), cmd);
  for (const cmd of project) {
    const shadowed = byName.get(cmd.name.toLowerCase());
    if (shadowed) notices.push(`${cmd.name} from ${cmd.path} shadows your own ${shadowed.path}`);
    byName.set(cmd.name.toLowerCase(), cmd);
  }
  const builtinNames = new Set(builtins.map((b) => b.toLowerCase()));
  for (const [key, cmd] of byName) {
    if (builtinNames.has(key)) {
      notices.push(`${cmd.path} is not used: ${cmd.name} is a built-in command`);
      byName.delete(key);
    }
  }
  const commands = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { commands, notices };
}

/** A command file's text as a command (pure). */
export function parseCommandFile(file: string, text: string, scope: CustomCommand['scope']): CustomCommand {
  const { fields, body } = splitFrontMatter(text);
  const name = `/${path.basename(file, path.extname(file))}`;
  return {
    name,
    scope,
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields['argument-hint'] ? { argumentHint: fields['argument-hint'] } : {}),
    body: body.trim(),
    path: file,
  };
}

/**
 * The prompt for `/name args`: $ARGUMENTS is everything typed after the name, $1, $2... its
 * words (quotes group words). A body without any placeholder gets the arguments on a line of
 * their own at the end, so nothing typed is lost.
 */
export function expandCustomCommand(cmd: CustomCommand, args: string): string {
  const trimmed = args.trim();
  const words = splitWords(trimmed);
  let used = false;
  const out = cmd.body.replace(/\$ARGUMENTS\b|\$(\d+)/g, (match, n: string | undefined) => {
    used = true;
    if (n === undefined) return trimmed;
    return words[Number(n) - 1] ?? '';
  });
  return !used && trimmed !== '' ? `${out}\n\n${trimmed}` : out;
}

/** `/review src "two words"` → { command, args }, or undefined when no custom command matches. */
export function matchCustomCommand(set: CustomCommandSet, text: string): { command: CustomCommand; args: string } | undefined {
  const m = /^(\/[^\s]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  const command = set.commands.find((c) => c.name.toLowerCase() === m[1]!.toLowerCase());
  return command ? { command, args: m[2] ?? '' } : undefined;
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

async function readFolder(dir: string, scope: CustomCommand['scope'], notices: string[]): Promise<CustomCommand[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: CustomCommand[] = [];
  for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
    const file = path.join(dir, name);
    const base = name.slice(0, -3);
    if (!NAME.test(base)) {
      notices.push(`${file} is not used: a command name has letters, digits, - and _ only`);
      continue;
    }
    try {
      out.push(parseCommandFile(file, await readFile(file, 'utf8'), scope));
    } catch (err) {
      notices.push(`${file} could not be read: ${(err as Error).message}`);
    }
  }
  return out;
}

