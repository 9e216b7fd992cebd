// `inkling config`: show the resolved settings with their sources, get or change one value in a
// settings file, trust the workspace, print the JSON Schema.
import { displayPath } from '../core/config/paths.js';
import { formatKeyPath, parseKeyPath, valueAt, type KeyPath } from '../core/config/key-paths.js';
import type { SettingsResolution } from '../core/config/resolve.js';
import { EXIT, UsageError, parseSubcommandArgs, type FlagSpec } from './args.js';
import { prepareRun } from './config.js';
import { formatValue, maskSettings, printResolved } from './config-print.js';
import { createRedactor } from '../core/redact.js';
import { SCOPE_FLAGS, chosenScope, newFileModes, type SettingsScope } from './settings-scope.js';
import type { SubcommandContext } from './subcommand-context.js';

type OwnFlag = SettingsScope | 'schema' | 'json' | 'revoke' | 'help';

const OWN_FLAGS: readonly FlagSpec<OwnFlag>[] = [
  ...SCOPE_FLAGS,
  { key: 'schema', long: '--schema', kind: 'switch', help: 'print the JSON Schema of a settings file' },
  { key: 'json', long: '--json', kind: 'switch', help: 'print the resolved settings and their sources as JSON' },
  { key: 'revoke', long: '--revoke', kind: 'switch', help: 'with trust: forget that the workspace is trusted' },
  { key: 'help', long: '--help', short: '-h', kind: 'switch', help: 'show this help' },
];

export const CONFIG_USAGE = [
  'Usage:',
  '  inkling config [--json]                        the resolved settings, where each came from (secrets hidden)',
  '  inkling config get <key>                       one resolved value ("permissions.allow", "env.NODE_ENV")',
  '  inkling config set <key> <value> [--user|--project|--local]',
  '                                                 change a settings file in place (default --user); the value',
  '                                                 is read as JSON when it parses, else as a string',
  '  inkling config unset <key> [--user|--project|--local]',
  '  inkling config trust [--revoke]                trust this workspace: its files may then widen settings',
  '  inkling config --schema                        the JSON Schema of a settings file',
  'Global flags such as --cwd <dir> may follow.',
  '',
].join('\n');

export async function runConfigCommand(argv: string[], ctx: SubcommandContext): Promise<number> {
  const { flags, own, positionals } = parseSubcommandArgs(argv, OWN_FLAGS);
  const out = (text: string) => ctx.stdout.write(ctx.scrub(text));
  if (own.help || flags.help) {
    out(CONFIG_USAGE);
    return EXIT.ok;
  }
  if (own.schema) {
    const { settingsJsonSchema } = await import('../core/config/schema.js');
    out(`${JSON.stringify(settingsJsonSchema(), null, 2)}\n`);
    return EXIT.ok;
  }
  const [action, ...rest] = positionals;
  const scope = chosenScope(own);
  if (scope && action !== 'set' && action !== 'unset') throw new UsageError(`--${scope} only applies to config set and unset`);
  if (own.revoke && action !== 'trust') throw new UsageError('--revoke only applies to config trust');

  const request = await prepareRun(flags, ctx.env, ctx.cwd);
  const { checkSettings } = await import('../core/config/resolve.js');
  const resolution = await checkSettings(request.settings);
  const scrub = createRedactor([...resolution.secrets]);
  const print = (text: string) => out(scrub(text));

  switch (action) {
    case undefined:
      print(own.json ? `${JSON.stringify(asJson(resolution), null, 2)}\n` : printResolved(resolution));
      return EXIT.ok;
    case 'get':
      return getValue(resolution, expectArgs(rest, 1, 'config get <key>')[0]!, print, ctx);
    case 'set': {
      const [key, value] = expectArgs(rest, 2, 'config set <key> <value>');
      return setValue(resolution, key!, parseValue(value!), scope ?? 'user', print, ctx);
    }
    case 'unset':
      return setValue(resolution, expectArgs(rest, 1, 'config unset <key>')[0]!, undefined, scope ?? 'user', print, ctx);
    case 'trust':
      expectArgs(rest, 0, 'config trust');
      return trust(resolution, own.revoke === true, print);
    default:
      throw new UsageError(`unknown config action "${action}" (get, set, unset, trust)`);
  }
}

function expectArgs(rest: string[], n: number, usage: string): string[] {
  if (rest.length !== n) throw new UsageError(`usage: inkling ${usage}`);
  return rest;
}

/** JSON when it parses (numbers, booleans, lists, objects, "quoted"), else the text itself. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function keyPathOf(key: string): Promise<KeyPath> {
  const path = parseKeyPath(key);
  const { schemaAt } = await import('../core/config/schema-paths.js');
  if (!path || path[0] === '$schema' || !schemaAt(path)) {
    throw new UsageError(`unknown setting "${key}" (inkling config --schema lists them)`);
  }
  return path;
}

async function getValue(r: SettingsResolution, key: string, print: (t: string) => void, ctx: SubcommandContext): Promise<number> {
  const path = await keyPathOf(key);
  const value = valueAt(maskSettings(r.settings as unknown as Record<string, unknown>), path);
  if (value === undefined) {
    ctx.stderr.write(`inkling: ${formatKeyPath(path)} is not set\n`);
    return EXIT.error;
  }
  print(typeof value === 'string' ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`);
  return EXIT.ok;
}

async function setValue(
  r: SettingsResolution,
  key: string,
  value: unknown,
  scope: SettingsScope,
  print: (t: string) => void,
  ctx: SubcommandContext,
): Promise<number> {
  const path = await keyPathOf(key);
  const file = r.paths[scope];
  const display = displayPath(file, r.paths.workspaceRoot);
  const { editSettingsFile } = await import('../core/config/writer.js');
  const result = await editSettingsFile({
    file,
    display,
    path,
    value,
    ...newFileModes(scope),
  });
  if (!result.ok) {
    ctx.stderr.write(`inkling: ${result.problem}\n`);
    return EXIT.usage;
  }
  for (const w of result.warnings) ctx.stderr.write(`inkling: warning: ${w.message}\n`);
  const name = formatKeyPath(path);
  if (!result.changed) print(value === undefined ? `${name} was not set in ${display}\n` : `${name} already has that value in ${display}\n`);
  else print(value === undefined ? `removed ${name} from ${display}\n` : `set ${name} = ${formatValue(value)} in ${display}${result.created ? ' (new file)' : ''}\n`);
  if (scope !== 'user' && !r.trust.trusted && value !== undefined) {
    const { tightenOnly } = await import('../core/config/tighten.js');
    const probe: Record<string, unknown> = {};
    let node = probe;
    path.slice(0, -1).forEach((p) => (node = (node[String(p)] = {}) as Record<string, unknown>));
    node[String(path.at(-1))] = value;
    if (tightenOnly(probe, display).ignored.length > 0) {
      print(`note: this workspace is not trusted, so ${name} from ${display} is ignored until you run "inkling config trust"\n`);
    }
  }
  return EXIT.ok;
}

async function trust(r: SettingsResolution, revoke: boolean, print: (t: string) => void): Promise<number> {
  const { recordTrust, revokeTrust } = await import('../core/config/trust.js');
  if (revoke) {
    const removed = await revokeTrust(r.paths.trust, r.paths.workspaceRoot);
    print(removed ? `${r.paths.workspaceRoot} is no longer trusted\n` : `${r.paths.workspaceRoot} was not trusted by itself${r.trust.by && r.trust.by !== r.paths.workspaceRoot ? ` (it is inside trusted ${r.trust.by})` : ''}\n`);
    return EXIT.ok;
  }
  await recordTrust(r.paths.trust, r.paths.workspaceRoot);
  const now = r.trust.ignored.map((i) => `${i.key} (${i.file})`);
  print(`trusted ${r.paths.workspaceRoot}${now.length > 0 ? `; now applied: ${now.join(', ')}` : ''}\n`);
  return EXIT.ok;
}

function asJson(r: SettingsResolution): unknown {
  return {
    workspaceRoot: r.paths.workspaceRoot,
    settings: maskSettings(r.settings as unknown as Record<string, unknown>),
    sources: Object.fromEntries([...r.sources].map(([k, s]) => [k, s.label])),
    files: r.files.map((f) => ({ file: f.display, status: f.status })),
    problems: [...r.environmentProblems, ...r.diagnostics],
    trust: { trusted: r.trust.trusted, reason: r.trust.reason, ignored: r.trust.ignored },
    credentials: { name: r.credentials.name, set: r.credentials.value !== undefined, from: r.credentials.from ?? null },
  };
}
