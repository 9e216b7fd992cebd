// `inkling mcp`: list the configured MCP servers (connecting to each to say whether it works),
// add a stdio or HTTP server, or remove one, editing a settings file through the settings writer.
import { displayPath } from '../core/config/paths.js';
import type { SettingsResolution } from '../core/config/resolve.js';
import { describeServer, serverNameProblem, type McpServerSettings } from '../core/mcp/server-config.js';
import type { McpServerView } from '../core/mcp/status.js';
import { EXIT, UsageError, parseSubcommandArgs, type FlagSpec } from './args.js';
import { prepareRun, SECRET_ENV_NAMES } from './config.js';
import { createRedactor } from '../core/redact.js';
import { SCOPES, SCOPE_FLAGS, chosenScope, newFileModes, type SettingsScope } from './settings-scope.js';
import type { SubcommandContext } from './subcommand-context.js';
import { packageVersion } from './version.js';

type OwnFlag = SettingsScope | 'http' | 'sse' | 'help';

const OWN_FLAGS: readonly FlagSpec<OwnFlag>[] = [
  ...SCOPE_FLAGS,
  { key: 'http', long: '--http', kind: 'switch', help: 'add: a remote server over streamable HTTP' },
  { key: 'sse', long: '--sse', kind: 'switch', help: 'add: a remote server over the legacy SSE transport' },
  { key: 'help', long: '--help', short: '-h', kind: 'switch', help: 'show this help' },
];

export const MCP_USAGE = [
  'Usage:',
  '  inkling mcp list                                    the configured servers, each connected to once to check it',
  '  inkling mcp add <name> [-e KEY=VALUE]... -- <command> [args...]',
  '                                                      add a stdio server (a program inkling starts)',
  '  inkling mcp add --http <name> <url> [-H "Name: value"]...',
  '                                                      add a streamable HTTP server (--sse for the legacy transport)',
  '  inkling mcp remove <name>                           remove a server from the file that defines it',
  '  inkling mcp login <name>                            log in to an HTTP server that asks for OAuth (prints the URL;',
  '                                                      paste the address the browser is sent to if it cannot reach inkling)',
  '  inkling mcp logout <name>                           forget the login kept for that server',
  'add and remove take --user (the default), --project or --local. Values may use ${VAR}, expanded',
  'from the environment when the server starts. Global flags such as --cwd <dir> may follow.',
  '',
].join('\n');

/** How long `mcp list` waits for every server to answer. */
const LIST_CONNECT_MS = 15_000;

export async function runMcpCommand(argv: string[], ctx: SubcommandContext): Promise<number> {
  const dash = argv.indexOf('--');
  const before = dash === -1 ? argv : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  const { pairs: envPairs, rest: afterEnv } = takeRepeated(before, ['-e', '--env']);
  const { pairs: headerPairs, rest } = takeRepeated(afterEnv, ['-H', '--header']);
  const { flags, own, positionals } = parseSubcommandArgs(rest, OWN_FLAGS);
  const out = (text: string) => ctx.stdout.write(ctx.scrub(text));
  if (own.help || flags.help) {
    out(MCP_USAGE);
    return EXIT.ok;
  }
  const scope = chosenScope(own);
  const [action, ...words] = positionals;
  if (action !== 'add' && (own.http || own.sse || envPairs.length > 0 || headerPairs.length > 0 || dash !== -1)) {
    throw new UsageError('--http, --sse, -e, -H and -- only apply to mcp add');
  }

  const request = await prepareRun(flags, ctx.env, ctx.cwd);
  const { checkSettings } = await import('../core/config/resolve.js');
  const resolution = await checkSettings(request.settings);
  const scrub = createRedactor([...resolution.secrets]);
  const print = (text: string) => out(scrub(text));

  switch (action) {
    case 'list':
    case undefined:
      if (scope) throw new UsageError(`--${scope} only applies to mcp add and remove`);
      if (words.length > 0) throw new UsageError('usage: inkling mcp list');
      return list(resolution, request.settings.home, print, ctx);
    case 'add': {
      const settings = serverToAdd(words, command, own, envPairs, headerPairs);
      return edit(resolution, words[0]!, settings, scope ?? 'user', print, ctx);
    }
    case 'remove': {
      if (words.length !== 1) throw new UsageError('usage: inkling mcp remove <name>');
      return remove(resolution, words[0]!, scope, print, ctx);
    }
    case 'login':
    case 'logout': {
      if (scope) throw new UsageError(`--${scope} only applies to mcp add and remove`);
      if (words.length !== 1) throw new UsageError(`usage: inkling mcp ${action} <name>`);
      const { runLogin, runLogout } = await import('./mcp-login-command.js');
      const target = { resolution, home: request.settings.home, name: words[0]!, print, ctx };
      return action === 'login' ? runLogin(target) : runLogout(target);
    }
    default:
      throw new UsageError(`unknown mcp action "${action}" (list, add, remove, login, logout)`);
  }
}

/** Pulls `-e A=B` style pairs (repeatable) out of the words; the flag parser allows each flag once. */
function takeRepeated(argv: readonly string[], names: readonly string[]): { pairs: string[]; rest: string[] } {
  const pairs: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = names.find((n) => n.startsWith('--') && arg.startsWith(`${n}=`));
    if (eq) pairs.push(arg.slice(eq.length + 1));
    else if (names.includes(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      pairs.push(value);
    } else rest.push(arg);
  }
  return { pairs, rest };
}

function serverToAdd(
  words: string[],
  command: string[],
  own: Partial<Record<OwnFlag, string | boolean>>,
  envPairs: string[],
  headerPairs: string[],
): McpServerSettings {
  const name = words[0];
  if (name === undefined) throw new UsageError('usage: inkling mcp add <name> -- <command> [args...]  or  inkling mcp add --http <name> <url>');
  const problem = serverNameProblem(name);
  if (problem) throw new UsageError(problem);
  if (own.http || own.sse) {
    if (own.http && own.sse) throw new UsageError('give one of --http, --sse');
    if (words.length !== 2 || command.length > 0) throw new UsageError(`usage: inkling mcp add ${own.sse ? '--sse' : '--http'} <name> <url>`);
    if (envPairs.length > 0) throw new UsageError('-e sets variables for a stdio server; a remote server takes -H "Name: value"');
    const url = words[1]!;
    if (!/^https?:\/\//.test(url) && !url.startsWith('${')) throw new UsageError(`the url must start with http:// or https:// (got "${url}")`);
    const headers = Object.fromEntries(headerPairs.map((h) => splitPair(h, ':', '-H "Name: value"')));
    return { type: own.sse ? 'sse' : 'http', url, ...(headerPairs.length > 0 ? { headers } : {}) };
  }
  if (words.length !== 1) throw new UsageError('usage: inkling mcp add <name> -- <command> [args...] (the command goes after --)');
  if (command.length === 0) throw new UsageError('usage: inkling mcp add <name> -- <command> [args...] (nothing after --)');
  if (headerPairs.length > 0) throw new UsageError('-H sets headers for a remote server (--http); a stdio server takes -e KEY=VALUE');
  const env = Object.fromEntries(envPairs.map((e) => splitPair(e, '=', '-e KEY=VALUE')));
  return { command: command[0]!, ...(command.length > 1 ? { args: command.slice(1) } : {}), ...(envPairs.length > 0 ? { env } : {}) };
}

function splitPair(text: string, sep: string, form: string): [string, string] {
  const at = text.indexOf(sep);
  if (at <= 0) throw new UsageError(`expected ${form}, got "${text}"`);
  return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

async function edit(r: SettingsResolution, name: string, settings: McpServerSettings, scope: SettingsScope, print: (t: string) => void, ctx: SubcommandContext): Promise<number> {
  const file = r.paths[scope];
  const display = displayPath(file, r.paths.workspaceRoot);
  const defined = await definedIn(r, name);
  if (defined.includes(scope)) {
    ctx.stderr.write(`inkling: a server named "${name}" is already in ${display}; remove it first (inkling mcp remove ${name}${scope === 'user' ? '' : ` --${scope}`})\n`);
    return EXIT.usage;
  }
  const { editSettingsFile } = await import('../core/config/writer.js');
  const result = await editSettingsFile({
    file,
    display,
    path: ['mcpServers', name],
    value: settings,
    ...newFileModes(scope),
  });
  if (!result.ok) {
    ctx.stderr.write(`inkling: ${result.problem}\n`);
    return EXIT.usage;
  }
  print(`added MCP server ${name} (${describeServer(settings)}) to ${display}${result.created ? ' (new file)' : ''}\n`);
  if (scope !== 'user' && !r.trust.trusted) print(`note: this workspace is not trusted, so servers in ${display} do not start until you run "inkling config trust"\n`);
  return EXIT.ok;
}

async function remove(r: SettingsResolution, name: string, scope: SettingsScope | undefined, print: (t: string) => void, ctx: SubcommandContext): Promise<number> {
  const defined = await definedIn(r, name);
  const scopes = scope ? [scope] : defined;
  if (scopes.length === 0 || (scope && !defined.includes(scope))) {
    const where = scope ? ` in ${displayPath(r.paths[scope], r.paths.workspaceRoot)}` : '';
    const inMcpJson = r.sources.get(`mcpServers.${name}`)?.layer === 'mcpJson' || (await fileHasServer(r.paths.mcpJson, name));
    ctx.stderr.write(`inkling: no MCP server named "${name}"${where}${inMcpJson ? ` (it is in ${displayPath(r.paths.mcpJson, r.paths.workspaceRoot)}, which inkling reads but does not edit)` : ''}\n`);
    return EXIT.usage;
  }
  if (scopes.length > 1) {
    ctx.stderr.write(`inkling: "${name}" is in more than one file (${scopes.map((s) => displayPath(r.paths[s], r.paths.workspaceRoot)).join(', ')}); say which with --user, --project or --local\n`);
    return EXIT.usage;
  }
  const target = scopes[0]!;
  const display = displayPath(r.paths[target], r.paths.workspaceRoot);
  const { editSettingsFile } = await import('../core/config/writer.js');
  const result = await editSettingsFile({ file: r.paths[target], display, path: ['mcpServers', name], value: undefined, newFileMode: 0o600, newDirMode: 0o700 });
  if (!result.ok) {
    ctx.stderr.write(`inkling: ${result.problem}\n`);
    return EXIT.usage;
  }
  print(`removed MCP server ${name} from ${display}\n`);
  return EXIT.ok;
}

/** The settings files (not .mcp.json) whose mcpServers has this name, as written on disk. */
async function definedIn(r: SettingsResolution, name: string): Promise<SettingsScope[]> {
  const out: SettingsScope[] = [];
  for (const scope of SCOPES) if (await fileHasServer(r.paths[scope], name)) out.push(scope);
  return out;
}

async function fileHasServer(file: string, name: string): Promise<boolean> {
  const { readFile } = await import('node:fs/promises');
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    const servers = (value as { mcpServers?: unknown }).mcpServers;
    return typeof servers === 'object' && servers !== null && Object.hasOwn(servers, name);
  } catch {
    return false;
  }
}

async function list(r: SettingsResolution, home: string, print: (t: string) => void, ctx: SubcommandContext): Promise<number> {
  const names = Object.keys(r.settings.mcpServers);
  const ignored = r.trust.ignored.filter((i) => i.key.startsWith('mcpServers.'));
  if (names.length === 0 && ignored.length === 0) {
    print('No MCP servers configured. Add one with: inkling mcp add <name> -- <command> [args...]\n');
    return EXIT.ok;
  }
  const { McpServers } = await import('../core/mcp/mcp-servers.js');
  const { scratchPath } = await import('../core/cleanup/scratch-root.js');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const logDir = await mkdtemp(scratchPath('mcp-list-'));
  const servers = new McpServers({
    entries: names.map((name) => ({ name, settings: r.settings.mcpServers[name]!, source: r.sources.get(`mcpServers.${name}`)?.layer === 'mcpJson' ? 'mcp-json' : 'user' })),
    workspaceTrusted: r.trust.trusted,
    workspaceRoot: r.paths.workspaceRoot,
    logDir,
    env: ctx.env,
    secretEnvNames: SECRET_ENV_NAMES,
    secretValues: r.secrets,
    clientVersion: packageVersion(),
    home,
  });
  servers.start();
  await servers.settled(LIST_CONNECT_MS);
  for (const view of servers.servers()) {
    const from = r.sources.get(`mcpServers.${view.name}`)?.label ?? '?';
    print(`${view.name}  ${view.target}  (${from})\n    ${describeState(view)}\n`);
  }
  for (const i of ignored) print(`${i.key.slice('mcpServers.'.length)}  ${i.value}  (${i.file})\n    not started: the workspace is not trusted (inkling config trust)\n`);
  await servers.close();
  await rm(logDir, { recursive: true, force: true });
  return EXIT.ok;
}

function describeState(view: McpServerView): string {
  const s = view.state;
  switch (s.status) {
    case 'ready': {
      const skipped = view.skippedTools.length > 0 ? `; ${view.skippedTools.length} left out (${view.skippedTools.map((t) => `${t.name}: ${t.reason}`).join('; ')})` : '';
      return `ready over ${view.transport}: ${view.tools.length} tool${view.tools.length === 1 ? '' : 's'}${skipped}`;
    }
    case 'failed':
      return `failed: ${s.reason}`;
    case 'starting':
      return `no answer within ${LIST_CONNECT_MS / 1000} s`;
    case 'reconnecting':
      return `reconnecting: ${s.reason}`;
    case 'disabled':
      return 'turned off';
    case 'untrusted':
      return 'not started: the workspace is not trusted (inkling config trust)';
    case 'needs-login':
      return `needs login: inkling mcp login ${view.name}`;
  }
}
