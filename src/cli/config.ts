// Resolves what a run needs from flags, the environment and a .env file in the workspace:
// flags beat the environment, the environment beats .env. Values read from .env are used here
// only and never copied into process.env, so tools (a shell) never inherit the key from it.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from './args.js';
import type { CliFlags, OutputFormat } from './args.js';

// Not claude-sonnet-4-5: the SDK lists it as deprecated (end of life 2026-11-30) and warns on every request.
export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_MAX_TOKENS = 8192;
export const DEFAULT_MAX_ITERATIONS = 50;
/** The API refuses smaller thinking budgets. */
export const MIN_THINKING_BUDGET = 1024;
/** Env names whose values must never reach a tool or any output. */
export const SECRET_ENV_NAMES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'OPENAI_API_KEY'];

export type ProviderChoice =
  | { kind: 'anthropic'; apiKey: string; baseURL?: string }
  /** `reason` says why: asked for with --demo, or no API key was found. */
  | { kind: 'demo'; reason: 'flag' | 'no-key' }
  | { kind: 'script'; path: string };

export interface InklingConfig {
  mode: 'print' | 'interactive';
  /** The -p prompt. */
  prompt?: string;
  outputFormat: OutputFormat;
  /** Absolute path of an existing directory. */
  workspaceRoot: string;
  provider: ProviderChoice;
  model: string;
  maxTokens: number;
  thinkingBudget?: number;
  maxIterations: number;
  /** Stream idle watchdog override (INKLING_STREAM_IDLE_TIMEOUT_MS); undefined = provider default. */
  idleTimeoutMs?: number;
  yolo: boolean;
  /** Values that must be scrubbed from everything printed (the API key). */
  secrets: string[];
}

export async function resolveConfig(
  flags: CliFlags,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<InklingConfig> {
  const workspaceRoot = await workspaceDir(flags.cwd, cwd);
  const dotenv = await readDotEnv(workspaceRoot);
  const setting = (name: string): string | undefined => nonEmpty(env[name]) ?? nonEmpty(dotenv[name]);

  const mode = flags.print !== undefined ? 'print' : 'interactive';
  if (flags.outputFormat && mode !== 'print') throw new UsageError('--output-format only applies with -p');
  if (flags.demo && flags.script) throw new UsageError('--demo and --script both choose the model; give one of them');

  const apiKey = setting('ANTHROPIC_API_KEY');
  const secrets = SECRET_ENV_NAMES.map(setting).filter((v): v is string => v !== undefined);
  let provider: ProviderChoice;
  if (flags.script) provider = { kind: 'script', path: resolve(cwd, flags.script) };
  else if (flags.demo) provider = { kind: 'demo', reason: 'flag' };
  else if (apiKey) provider = { kind: 'anthropic', apiKey, baseURL: baseUrl(setting('ANTHROPIC_BASE_URL')) };
  else if (mode === 'print') {
    throw new UsageError(
      'no API key: set ANTHROPIC_API_KEY (in the environment or a .env file in the workspace), ' +
        'or pass --demo to try the built-in demo model',
    );
  } else provider = { kind: 'demo', reason: 'no-key' };

  const thinkingBudget = flags.thinking;
  if (thinkingBudget !== undefined && thinkingBudget < MIN_THINKING_BUDGET) {
    throw new UsageError(`--thinking must be at least ${MIN_THINKING_BUDGET} tokens (got ${thinkingBudget})`);
  }
  // The API counts thinking inside max_tokens, so the default leaves room for an answer too.
  const maxTokens = flags.maxTokens ?? (thinkingBudget ? thinkingBudget + DEFAULT_MAX_TOKENS : DEFAULT_MAX_TOKENS);
  if (thinkingBudget !== undefined && thinkingBudget >= maxTokens) {
    throw new UsageError(`--thinking (${thinkingBudget}) must be less than --max-tokens (${maxTokens})`);
  }

  const fallbackModel = provider.kind === 'anthropic' ? DEFAULT_MODEL : provider.kind === 'demo' ? 'demo' : 'scripted';
  const model = flags.model ?? setting('ANTHROPIC_MODEL') ?? fallbackModel;
  return {
    mode,
    prompt: flags.print,
    outputFormat: flags.outputFormat ?? 'text',
    workspaceRoot,
    provider,
    model,
    maxTokens,
    thinkingBudget,
    maxIterations: flags.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    idleTimeoutMs: idleTimeout(setting('INKLING_STREAM_IDLE_TIMEOUT_MS')),
    yolo: flags.yolo,
    secrets,
  };
}

async function workspaceDir(flag: string | undefined, cwd: string): Promise<string> {
  const dir = resolve(cwd, flag ?? '.');
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`workspace ${dir} is not a directory${flag ? ' (from --cwd)' : ''}`);
  return dir;
}

async function readDotEnv(dir: string): Promise<Record<string, string>> {
  try {
    return parseDotEnv(await readFile(join(dir, '.env'), 'utf8'));
  } catch {
    return {};
  }
}

/** KEY=value lines; `export ` prefixes, quotes and # comments as shells and dotenv tools write them. */
export function parseDotEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.indexOf(quote, 1) > 0) {
      value = value.slice(1, value.indexOf(quote, 1));
      if (quote === '"') value = value.replace(/\\n/g, '\n');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]] = value;
  }
  return out;
}

function baseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`ANTHROPIC_BASE_URL is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`ANTHROPIC_BASE_URL must be an http(s) URL: "${value}"`);
  return value.replace(/\/+$/, '');
}

function idleTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new UsageError(`INKLING_STREAM_IDLE_TIMEOUT_MS must be a positive number of milliseconds (got "${value}")`);
  }
  return n;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
