// Resolves what a run needs from flags and settings (src/core/config: flags, environment, .env,
// settings files, defaults). -p checks everything before it starts; the TUI draws its first
// frame from a cheap preview and checks the settings afterwards.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL, SETTING_DEFAULTS, type ResolvedSettings } from '../core/config/defaults.js';
import { PROVIDER_SECRET_ENV_NAMES } from '../core/config/env-settings.js';
import { inklingHome } from '../core/config/paths.js';
import {
  checkSettings,
  peekSettings,
  type Credentials,
  type Diagnostic,
  type SettingsRequest,
  type SettingsResolution,
} from '../core/config/resolve.js';
import { MIN_THINKING_BUDGET } from '../core/config/setting-values.js';
import { BUILTIN_SECRET_ENV_NAMES } from '../core/shell/env.js';
import { UsageError } from './args.js';
import { parseRule } from '../core/permissions/rules.js';
import type { CliFlags, OutputFormat } from './args.js';
import { settingsFromFlags } from './flag-settings.js';
import { PRESETS, type ProviderName } from '../core/providers/presets.js';
import { resolveProvider, type ProviderChoice, type ResolvedProvider } from './provider-config.js';

export { DEFAULT_MAX_TOKENS, DEFAULT_MODEL, MIN_THINKING_BUDGET };
export { parseDotEnv } from '../core/config/dotenv.js';
export const DEFAULT_MAX_ITERATIONS = SETTING_DEFAULTS.maxIterations;
/** Env names whose values must never reach a tool or any output: the one list, shell's and the providers'. */
export const SECRET_ENV_NAMES: string[] = [...new Set([...BUILTIN_SECRET_ENV_NAMES, ...PROVIDER_SECRET_ENV_NAMES])];

export type { ProviderChoice } from './provider-config.js';

/** Which session the run records into: a new one, the workspace's latest, or one by id (none: the picker). */
export type SessionChoice = { kind: 'new' } | { kind: 'continue' } | { kind: 'resume'; id?: string };

export interface InklingConfig {
  mode: 'print' | 'interactive';
  session: SessionChoice;
  /** The -p prompt. */
  prompt?: string;
  /** --image files, absolute: sent with the -p prompt. */
  imageFiles?: string[];
  /** Positional words: the TUI starts by sending them. */
  initialPrompt?: string;
  outputFormat: OutputFormat;
  /** Absolute path of an existing directory. */
  workspaceRoot: string;
  /** $INKLING_HOME (default ~/.inkling). */
  home: string;
  provider: ProviderChoice;
  /** Empty until withDiscoveredModel asks the server (GET /models) when `discoverModel` is set. */
  model: string;
  /** The model is the first one the server lists (openai with another base URL, local presets). */
  discoverModel: boolean;
  maxTokens: number;
  thinkingBudget?: number;
  maxIterations: number;
  /** Stream idle watchdog override (INKLING_STREAM_IDLE_TIMEOUT_MS); undefined = provider default. */
  idleTimeoutMs?: number;
  yolo: boolean;
  /** Values that must be scrubbed from everything printed (the API key). */
  secrets: string[];
  /** Every resolved setting, for the features that read their part. */
  settings: ResolvedSettings;
  /** --system-prompt (replaces the default) and --append-system-prompt, files already read. */
  systemPrompt: { replace?: string; append?: string };
  /** Where each value came from and what was wrong; absent on the TUI's first-frame preview. */
  report?: SettingsReport;
}

export type SettingsReport = Pick<SettingsResolution, 'sources' | 'diagnostics' | 'trust' | 'files' | 'credentials' | 'paths'>;

/** What is known from the flags alone: checked before anything else, so bad flags exit at once. */
export interface RunRequest {
  flags: CliFlags;
  mode: 'print' | 'interactive';
  settings: SettingsRequest;
  systemPrompt: { replace?: string; append?: string };
  cwd: string;
}

export async function prepareRun(flags: CliFlags, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Promise<RunRequest> {
  const workspaceRoot = await workspaceDir(flags.cwd, cwd);
  const mode = flags.print !== undefined ? 'print' : 'interactive';
  if (flags.outputFormat && mode !== 'print') throw new UsageError('--output-format only applies with -p');
  if (flags.demo && flags.script) throw new UsageError('--demo and --script both choose the model; give one of them');
  if (flags.sandbox && flags.noSandbox) throw new UsageError('--sandbox and --no-sandbox contradict each other; give one of them');
  if (mode === 'print' && flags.resume === true) {
    throw new UsageError('-p --resume needs a session id (-p never shows the list); use --continue for the latest session');
  }
  if (flags.thinking !== undefined && flags.thinking < MIN_THINKING_BUDGET) {
    throw new UsageError(`--thinking must be at least ${MIN_THINKING_BUDGET} tokens (got ${flags.thinking})`);
  }
  const [replace, append] = await Promise.all([
    promptText(flags.systemPrompt, '--system-prompt', cwd),
    promptText(flags.appendSystemPrompt, '--append-system-prompt', cwd),
  ]);
  return {
    flags,
    mode,
    cwd,
    systemPrompt: { ...(replace !== undefined ? { replace } : {}), ...(append !== undefined ? { append } : {}) },
    settings: {
      home: inklingHome(env),
      workspaceRoot,
      env,
      flags: settingsFromFlags(flags),
      trustWorkspace: flags.trustWorkspace === true,
    },
  };
}

/** Flags, then every settings layer checked; bad values in the environment are usage errors. */
export async function resolveConfig(
  flags: CliFlags,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<InklingConfig> {
  return checkedConfig(await prepareRun(flags, env, cwd));
}

export async function checkedConfig(request: RunRequest): Promise<InklingConfig> {
  const resolution = await checkSettings(request.settings);
  const problem = resolution.environmentProblems[0];
  if (problem) throw new UsageError(problem.message);
  const diagnostics = [...resolution.diagnostics];
  const config = buildConfig(request, resolution.settings, resolution.credentials, resolution.secrets, (d) => diagnostics.push(d), resolution.sources);
  checkRules(resolution, (d) => diagnostics.push(d));
  config.report = { ...resolution, diagnostics };
  return config;
}

/** The TUI's first frame: model, provider and mode read without the schema. Never throws on settings. */
export async function previewConfig(request: RunRequest): Promise<InklingConfig> {
  const peek = await peekSettings(request.settings);
  const settings: ResolvedSettings = {
    ...SETTING_DEFAULTS,
    provider: peek.provider,
    theme: peek.theme,
    permissions: { ...SETTING_DEFAULTS.permissions, mode: peek.permissionMode },
    ...(peek.model ? { model: peek.model } : {}),
    ...(peek.baseUrl ? { baseUrl: peek.baseUrl } : {}),
    ...numericFlags(request.flags),
  };
  return buildConfig({ ...request, mode: 'interactive' }, settings, peek.credentials, peek.secrets, () => {}, new Map());
}

function numericFlags(flags: CliFlags): Partial<ResolvedSettings> {
  return {
    ...(flags.maxTokens !== undefined ? { maxTokens: flags.maxTokens } : {}),
    ...(flags.thinking !== undefined ? { thinking: flags.thinking } : {}),
    ...(flags.maxIterations !== undefined ? { maxIterations: flags.maxIterations } : {}),
  };
}

function buildConfig(
  request: RunRequest,
  settings: ResolvedSettings,
  credentials: Credentials,
  secrets: string[],
  report: (d: Diagnostic) => void,
  sources: SettingsResolution['sources'],
): InklingConfig {
  const { flags, mode } = request;
  if ((flags.demo || flags.script) && (flags.provider || flags.baseUrl)) {
    throw new UsageError(`${flags.demo ? '--demo' : '--script'} replaces the model; --provider and --base-url do not apply to it`);
  }
  let resolved: ResolvedProvider;
  if (flags.script) resolved = { choice: { kind: 'script', path: resolve(request.cwd, flags.script) }, model: 'scripted', discoverModel: false };
  else if (flags.demo) resolved = { choice: { kind: 'demo', reason: 'flag' }, model: 'demo', discoverModel: false };
  else {
    resolved = resolveProvider({
      provider: settings.provider,
      // Named by someone (flag, INKLING_PROVIDER, a settings file), not the default.
      chosenBy: chosenBy(sources, 'provider') ?? (flags.provider !== undefined ? '--provider' : undefined),
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl, baseUrlFrom: chosenBy(sources, 'baseUrl') ?? (flags.baseUrl !== undefined ? '--base-url' : 'baseUrl') } : {}),
      ...(settings.model ? { model: settings.model } : {}),
      ...(credentials.value ? { apiKey: credentials.value } : {}),
      mode,
    });
  }
  const provider = resolved.choice;

  let thinkingBudget = typeof settings.thinking === 'number' ? settings.thinking : undefined;
  // The API counts thinking inside max_tokens, so the default leaves room for an answer too.
  const maxTokens = settings.maxTokens ?? (thinkingBudget ? thinkingBudget + DEFAULT_MAX_TOKENS : DEFAULT_MAX_TOKENS);
  if (thinkingBudget !== undefined && thinkingBudget >= maxTokens) {
    const thinkingFrom = sources.get('thinking')?.label ?? (flags.thinking !== undefined ? '--thinking' : 'settings');
    const tokensFrom = sources.get('maxTokens')?.label ?? (flags.maxTokens !== undefined ? '--max-tokens' : 'settings');
    if (thinkingFrom.startsWith('--') && tokensFrom.startsWith('--')) {
      throw new UsageError(`--thinking (${thinkingBudget}) must be less than --max-tokens (${maxTokens})`);
    }
    report({
      severity: 'error',
      file: thinkingFrom,
      message: `thinking (${thinkingBudget}, from ${thinkingFrom}) must be less than maxTokens (${maxTokens}, from ${tokensFrom}); thinking is off`,
    });
    thinkingBudget = undefined;
  }
  if (thinkingBudget !== undefined && provider.kind === 'openai') {
    const refused = thinkingRefusal(provider.preset);
    if (refused) {
      const thinkingFrom = sources.get('thinking')?.label ?? (flags.thinking !== undefined ? '--thinking' : 'settings');
      if (thinkingFrom.startsWith('--')) throw new UsageError(`--thinking ${refused}`);
      report({ severity: 'error', file: thinkingFrom, message: `thinking (from ${thinkingFrom}) ${refused}; thinking is off` });
      thinkingBudget = undefined;
    }
  }

  return {
    mode,
    session: flags.continue ? { kind: 'continue' } : flags.resume === true ? { kind: 'resume' } : flags.resume ? { kind: 'resume', id: flags.resume } : { kind: 'new' },
    prompt: flags.print,
    ...(flags.images ? { imageFiles: flags.images.map((f) => resolve(request.cwd, f)) } : {}),
    ...(flags.prompt !== undefined ? { initialPrompt: flags.prompt } : {}),
    outputFormat: flags.outputFormat ?? 'text',
    workspaceRoot: request.settings.workspaceRoot,
    home: request.settings.home,
    provider,
    model: provider.kind === 'demo' || provider.kind === 'script' ? (settings.model ?? resolved.model) : resolved.model,
    discoverModel: resolved.discoverModel,
    maxTokens,
    thinkingBudget,
    maxIterations: settings.maxIterations,
    idleTimeoutMs: settings.streamIdleTimeoutMs,
    yolo: settings.permissions.mode === 'yolo',
    secrets,
    settings,
    systemPrompt: request.systemPrompt,
  };
}

/** Rules that do not parse: a usage error from a flag, an ignored rule (with the reason) from a file. */
function checkRules(resolution: SettingsResolution, report: (d: Diagnostic) => void): void {
  for (const key of ['allow', 'ask', 'deny'] as const) {
    resolution.settings.permissions[key].forEach((text, i) => {
      const source = resolution.sources.get(`permissions.${key}[${i}]`)?.label ?? 'settings';
      const parsed = parseRule(text, source);
      if (parsed.ok) return;
      if (source.startsWith('--')) throw new UsageError(`${source}: ${parsed.problem}`);
      report({ severity: 'error', file: source, message: `${source}: permissions.${key}[${i}]: ${parsed.problem}; the rule is ignored` });
    });
  }
}

async function workspaceDir(flag: string | undefined, cwd: string): Promise<string> {
  const dir = resolve(cwd, flag ?? '.');
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`workspace ${dir} is not a directory${flag ? ' (from --cwd)' : ''}`);
  return dir;
}

/** `@file` reads a file (relative to the current directory); anything else is the text itself. */
async function promptText(value: string | undefined, flag: string, cwd: string): Promise<string | undefined> {
  if (value === undefined || !value.startsWith('@')) return value;
  const file = resolve(cwd, value.slice(1));
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} ${value}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** Why a preset cannot take a thinking budget; undefined when it can. */
export function thinkingRefusal(name: ProviderName): string | undefined {
  const preset = PRESETS[name];
  if (preset.api !== 'openai' || preset.quirks.thinking !== 'none') return undefined;
  const why = name === 'deepseek' ? 'DeepSeek thinks with --model deepseek-reasoner' : 'models that think stream their reasoning without it';
  return `is not available with provider ${name}: ${why}`;
}

/** Which layer set a setting, unless it is the default. */
function chosenBy(sources: SettingsResolution['sources'], key: string): string | undefined {
  const source = sources.get(key);
  return source && source.layer !== 'default' ? source.label : undefined;
}
