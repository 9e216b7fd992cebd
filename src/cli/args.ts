// Command-line flags: one table drives both the parser and --help, so help can never miss a flag.
import { PRESETS, PROVIDER_NAMES } from '../core/providers/presets.js';
import { PERMISSION_MODES, type PermissionMode } from '../core/config/setting-values.js';
import { splitRuleList } from '../core/permissions/rule-list.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

export interface CliFlags {
  print?: string;
  /** Positional words: a prompt the TUI starts with. */
  prompt?: string;
  outputFormat?: OutputFormat;
  model?: string;
  provider?: string;
  baseUrl?: string;
  maxTokens?: number;
  thinking?: number;
  maxIterations?: number;
  cwd?: string;
  yolo: boolean;
  permissionMode?: PermissionMode;
  /** --allowed-tools / --disallowed-tools, every occurrence, split on commas outside parentheses. */
  allowedTools?: string[];
  disallowedTools?: string[];
  /** --image, every occurrence: image files sent with the -p prompt. */
  images?: string[];
  demo: boolean;
  script?: string;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  trustWorkspace?: boolean;
  /** --sandbox: the sandbox must start (exit 2 when it cannot); --no-sandbox: commands run without it. */
  sandbox?: boolean;
  noSandbox?: boolean;
  /** -c: the workspace's latest session. */
  continue?: boolean;
  /** --acp: the Agent Client Protocol on stdin/stdout, for an editor (src/acp). */
  acp?: boolean;
  /** --resume <id> (a unique prefix), or true for --resume alone (the picker). */
  resume?: string | true;
  help: boolean;
  version: boolean;
}

type FlagKey = Exclude<keyof CliFlags, 'prompt'>;

export interface FlagSpec<K extends string = FlagKey> {
  key: K;
  long: string;
  short?: string;
  /** Placeholder for the value; absent for switches. */
  value?: string;
  /** optional-string: takes the next word as its value unless it starts with "-" (or there is none). */
  kind: 'switch' | 'string' | 'optional-string' | 'positive-int' | 'output-format' | 'prompt' | 'permission-mode' | 'rule-list' | 'string-list';
  help: string;
  /** Other names of the same flag (--max-turns for --max-iterations). */
  aliases?: readonly string[];
}

/** `-p -`, or -p followed by a flag or nothing: the prompt is read from stdin. */
export const STDIN_PROMPT = '-';

export const FLAGS: readonly FlagSpec[] = [
  { key: 'print', long: '--print', short: '-p', value: '<prompt>', kind: 'prompt', help: 'Run one turn headless, print the answer, exit (no prompt or "-": read it from a piped stdin)' },
  { key: 'images', long: '--image', value: '<file>', kind: 'string-list', help: 'With -p: send this PNG, JPEG, GIF or WebP file with the prompt (repeatable; @file.png in the prompt too)' },
  { key: 'outputFormat', long: '--output-format', value: '<format>', kind: 'output-format', help: 'With -p: text (default), json (one object) or stream-json (one event per line)' },
  { key: 'model', long: '--model', value: '<name>', kind: 'string', help: "Model name (env: the provider's, e.g. ANTHROPIC_MODEL, OPENAI_MODEL)" },
  { key: 'provider', long: '--provider', value: '<name>', kind: 'string', help: `Who answers: ${PROVIDER_NAMES.join(', ')} (default anthropic)` },
  { key: 'baseUrl', long: '--base-url', value: '<url>', kind: 'string', help: "The provider's API address (beats ANTHROPIC_BASE_URL, OPENAI_BASE_URL)" },
  { key: 'maxTokens', long: '--max-tokens', value: '<n>', kind: 'positive-int', help: 'Most tokens one model response may use' },
  { key: 'thinking', long: '--thinking', value: '<budget>', kind: 'positive-int', help: 'Turn on extended thinking with this token budget (>= 1024; off by default)' },
  { key: 'maxIterations', long: '--max-iterations', value: '<n>', kind: 'positive-int', aliases: ['--max-turns'], help: 'Model requests per turn before it stops (default 50; also --max-turns)' },
  { key: 'cwd', long: '--cwd', value: '<dir>', kind: 'string', help: 'Workspace root (default: the current directory)' },
  { key: 'permissionMode', long: '--permission-mode', value: '<mode>', kind: 'permission-mode', help: `What runs without asking: ${PERMISSION_MODES.join(', ')} (default: default)` },
  { key: 'yolo', long: '--yolo', kind: 'switch', help: 'Same as --permission-mode yolo: run everything not denied or protected without asking' },
  { key: 'allowedTools', long: '--allowed-tools', value: '<rules>', kind: 'rule-list', help: "Allow rules like 'bash(npm test:*),edit(src/**)' (repeatable)" },
  { key: 'disallowedTools', long: '--disallowed-tools', value: '<rules>', kind: 'rule-list', help: "Deny rules like 'bash(git push:*)' (repeatable)" },
  { key: 'demo', long: '--demo', kind: 'switch', help: 'Use the built-in demo model (no API key needed; never writes files)' },
  { key: 'script', long: '--script', value: '<file>', kind: 'string', help: 'Replay the model responses in a JSON file instead of calling an API' },
  { key: 'systemPrompt', long: '--system-prompt', value: '<text|@file>', kind: 'string', help: 'Replace the default system prompt (project memory is still added)' },
  { key: 'appendSystemPrompt', long: '--append-system-prompt', value: '<text|@file>', kind: 'string', help: 'Add text to the end of the system prompt' },
  { key: 'sandbox', long: '--sandbox', kind: 'switch', help: 'Run commands in the bubblewrap sandbox, or exit 2 saying why it cannot start' },
  { key: 'noSandbox', long: '--no-sandbox', kind: 'switch', help: 'Run commands without the sandbox (the whole machine as you can reach it)' },
  { key: 'continue', long: '--continue', short: '-c', kind: 'switch', help: "Go on with this workspace's latest session" },
  { key: 'resume', long: '--resume', value: '[id]', kind: 'optional-string', help: 'Go on with a session by id (a unique prefix is enough); alone, pick one from a list' },
  { key: 'trustWorkspace', long: '--trust-workspace', kind: 'switch', help: "Apply this workspace's settings files and .env fully for this run, as if trusted" },
  { key: 'acp', long: '--acp', kind: 'switch', help: 'Serve the Agent Client Protocol on stdin/stdout for an editor (Zed, Neovim, Emacs)' },
  { key: 'help', long: '--help', short: '-h', kind: 'switch', help: 'Show this help' },
  { key: 'version', long: '--version', short: '-v', kind: 'switch', help: 'Print the version' },
];

/** A mistake in how inkling was invoked; main prints it with a hint and exits with EXIT.usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The first word that names a subcommand; `mcp` and `rewind` are filled in by their own modules. */
export const SUBCOMMAND_NAMES = ['config', 'mcp', 'rewind'] as const;
export type SubcommandName = (typeof SUBCOMMAND_NAMES)[number];

export type CommandLine =
  | { kind: 'run'; flags: CliFlags }
  /** `argv` is everything after the subcommand's name: its own words and any global flags. */
  | { kind: 'subcommand'; name: SubcommandName; argv: string[] };

/** A first argument naming a subcommand selects it; anything else is flags and a prompt. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const first = argv[0];
  if (first !== undefined && (SUBCOMMAND_NAMES as readonly string[]).includes(first)) {
    return { kind: 'subcommand', name: first as SubcommandName, argv: argv.slice(1) };
  }
  return { kind: 'run', flags: parseArgs(argv) };
}

export function parseArgs(argv: readonly string[]): CliFlags {
  const { flags, positionals } = parseFlags(argv, FLAGS);
  const result = { yolo: false, demo: false, help: false, version: false, ...flags } as CliFlags;
  if (result.yolo && result.permissionMode !== undefined) {
    throw new UsageError('--yolo and --permission-mode both set the mode; give one of them (--yolo is --permission-mode yolo)');
  }
  if (result.images && result.print === undefined) throw new UsageError('--image goes with -p: in the TUI, type @shot.png in the prompt');
  if (result.continue && result.resume !== undefined) throw new UsageError('--continue and --resume both choose the session; give one of them');
  if (result.acp && (result.print !== undefined || positionals.length > 0 || result.continue || result.resume !== undefined)) {
    throw new UsageError('--acp takes its prompts and sessions from the editor; -p, a prompt, --continue and --resume do not go with it');
  }
  if (positionals.length > 0) {
    if (result.print !== undefined) {
      throw new UsageError(`unexpected argument "${positionals[0]}": with -p the prompt is the value of -p (quote it)`);
    }
    result.prompt = positionals.join(' ');
  }
  return result;
}

/** A subcommand's words: its own flags, the global flags (which may follow it), and positionals. */
export function parseSubcommandArgs<K extends string>(
  argv: readonly string[],
  own: readonly FlagSpec<K>[],
): { flags: CliFlags; own: Partial<Record<K, string | boolean>>; positionals: string[] } {
  const specs: readonly FlagSpec<string>[] = [...own, ...FLAGS];
  const { flags, positionals } = parseFlags(argv, specs);
  const ownValues: Partial<Record<K, string | boolean>> = {};
  const global: Record<string, unknown> = { yolo: false, demo: false, help: false, version: false };
  for (const [key, value] of Object.entries(flags)) {
    if (own.some((o) => o.key === key)) ownValues[key as K] = value as string | boolean;
    else global[key] = value;
  }
  return { flags: global as unknown as CliFlags, own: ownValues, positionals };
}

function parseFlags(argv: readonly string[], specs: readonly FlagSpec<string>[]): { flags: Record<string, unknown>; positionals: string[] } {
  const flags: Record<string, unknown> = {};
  const positionals: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      // Everything after -- is words, even when it starts with a dash.
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const spec = specs.find((f) => f.long === name || f.short === name || f.aliases?.includes(name));
    if (!spec) {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${name}`);
      positionals.push(arg);
      continue;
    }
    if (seen.has(spec.key) && spec.kind !== 'rule-list' && spec.kind !== 'string-list') throw new UsageError(`${spec.long} was given more than once`);
    seen.add(spec.key);
    if (spec.kind === 'switch') {
      if (eq !== -1) throw new UsageError(`${spec.long} takes no value`);
      flags[spec.key] = true;
      continue;
    }
    let value: string | undefined;
    const next = argv[i + 1];
    if (eq === -1 && spec.kind === 'prompt' && (next === undefined || isFlagName(next, specs))) {
      flags[spec.key] = STDIN_PROMPT;
      continue;
    }
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (spec.kind === 'optional-string') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) {
        flags[spec.key] = true;
        continue;
      }
      value = argv[++i];
    } else if (i + 1 < argv.length) value = argv[++i];
    if (value === undefined) throw new UsageError(`${spec.long} needs a value ${spec.value}`);
    if (spec.kind === 'rule-list') {
      const rules = splitRuleList(value);
      if (rules.length === 0) throw new UsageError(`${spec.long} needs at least one rule, like 'bash(npm test)'`);
      flags[spec.key] = [...((flags[spec.key] as string[] | undefined) ?? []), ...rules];
      continue;
    }
    if (spec.kind === 'string-list') {
      flags[spec.key] = [...((flags[spec.key] as string[] | undefined) ?? []), value];
      continue;
    }
    flags[spec.key] = flagValue(spec, value);
  }
  return { flags, positionals };
}

/** Whether a word names one of the flags (`--model`, `-h`, `--max-tokens=5`): -p then has no prompt of its own. */
function isFlagName(word: string, specs: readonly FlagSpec<string>[]): boolean {
  const name = word.startsWith('--') && word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
  return name === '--' || specs.some((f) => f.long === name || f.short === name || f.aliases?.includes(name));
}

function flagValue(spec: FlagSpec<string>, value: string): string | number {
  switch (spec.kind) {
    case 'prompt':
    case 'string':
    case 'optional-string':
      if (value.trim() === '') throw new UsageError(`${spec.long} needs a non-empty ${spec.value}`);
      return value;
    case 'positive-int':
      return parsePositiveInt(value, spec.long);
    case 'permission-mode':
      if (!(PERMISSION_MODES as readonly string[]).includes(value)) {
        throw new UsageError(`${spec.long} must be one of ${PERMISSION_MODES.join(', ')} (got "${value}")`);
      }
      return value;
    case 'output-format':
      if (!OUTPUT_FORMATS.includes(value as OutputFormat)) {
        throw new UsageError(`${spec.long} must be one of ${OUTPUT_FORMATS.join(', ')} (got "${value}")`);
      }
      return value;
    default:
      throw new Error(`flag ${spec.long} has no value parser`);
  }
}

export function parsePositiveInt(value: string, what: string): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${what} must be a positive whole number (got "${value}")`);
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${what} must be a positive whole number (got "${value}")`);
  return n;
}

/** Process exit codes; --help documents them. */
export const EXIT = {
  ok: 0,
  /** API or runtime error (the turn ended with an error). */
  error: 1,
  /** Bad flags or configuration (unknown option, no API key, unreadable script). */
  usage: 2,
  maxIterations: 3,
  maxTokens: 4,
  /** Interrupted (SIGINT), as shells report 128 + 2. */
  aborted: 130,
} as const;

export function helpText(version: string): string {
  const left = (f: FlagSpec) => `${f.short ? `${f.short}, ` : '    '}${f.long}${f.value ? ` ${f.value}` : ''}`;
  const width = Math.max(...FLAGS.map((f) => left(f).length)) + 2;
  const rows = FLAGS.map((f) => `  ${left(f).padEnd(width)}${f.help}`);
  return [
    `inkling ${version} — a coding agent for the terminal`,
    '',
    'Usage:',
    '  inkling [options] [prompt]        start the interactive UI in the current directory',
    '  inkling -p "<prompt>" [options]   run one turn headless and print the answer',
    '  inkling config [get|set|unset|trust] ...   show or change settings (inkling config --help)',
    '  inkling rewind --list | <n> ...   the latest session\'s prompts; files back to before prompt n (inkling rewind --help)',
    '  inkling mcp [list|add|remove] ...          MCP servers (inkling mcp --help)',
    '',
    'Options:',
    ...rows,
    '',
    'Environment (flags beat the environment; the environment beats a .env file in the workspace,',
    'which beats the settings files; see README or "inkling config"):',
    '  ANTHROPIC_API_KEY               API key; without one (and no --provider), inkling starts on the demo model',
    '  ANTHROPIC_BASE_URL              Endpoint of an Anthropic-compatible API (from .env only once the workspace is trusted)',
    '  ANTHROPIC_MODEL                 Model name for --provider anthropic (--model beats it)',
    '  INKLING_PROVIDER                Who answers, like --provider',
    '  OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL   the same for --provider openai (OPENAI_MODEL also for the local presets)',
    '  DEEPSEEK_API_KEY, DASHSCOPE_API_KEY, OPENROUTER_API_KEY   keys for --provider deepseek, qwen, openrouter',
    '  INKLING_STREAM_IDLE_TIMEOUT_MS  Give up on a response stream silent this long (default 90000)',
    '  INKLING_PROMPT_CACHING          1 or 0: prompt caching on or off (beats the promptCaching setting)',
    '  INKLING_HOME                    Where settings, trust and sessions live (default ~/.inkling)',
    '',
    'Providers (--provider; a server on this machine needs no key):',
    ...PROVIDER_NAMES.map((name) => `  ${name.padEnd(12)}${PRESETS[name].baseURL}${PRESETS[name].keyEnv ? `  (${PRESETS[name].keyEnv})` : ''}`),
    '',
    'Exit codes with -p:',
    `  ${EXIT.ok}    the turn finished`,
    `  ${EXIT.error}    API or runtime error`,
    `  ${EXIT.usage}    bad flags or configuration (for example no API key)`,
    `  ${EXIT.maxIterations}    stopped at the --max-iterations cap`,
    `  ${EXIT.maxTokens}    the response was cut at --max-tokens`,
    `  ${EXIT.aborted}  interrupted (Ctrl+C); 143 for SIGTERM, 129 for SIGHUP`,
    '',
  ].join('\n');
}
