// One resolved set of settings from every layer, highest first: flags; the environment; the
// workspace .env; the person's remembered choices for the workspace (never subject to trust);
// .inkling/settings.local.json; .inkling/settings.json; .mcp.json (its
// mcpServers); $INKLING_HOME/settings.json; defaults. Two ways through the same steps:
// `checkSettings` validates every layer (loads zod), `peekSettings` only reads what the first
// frame shows (model, provider, theme, mode) and stays cheap.
import type { CheckedLayer, Diagnostic } from './check-layer.js';
import { SETTING_DEFAULTS, type ResolvedSettings } from './defaults.js';
import { ENV_SETTINGS, PROVIDER_KEY_ENV, PROVIDER_SECRET_ENV_NAMES, nonEmpty, settingsFromEnv } from './env-settings.js';
import { isPlainObject } from './key-paths.js';
import { mergeLayers, type Layer, type LayerId, type Source } from './merge.js';
import type { SettingsPaths } from './paths.js';
import { fileSettings, readSettingsSources, type SettingsFile, type SettingsSources } from './read-sources.js';
import { PERMISSION_MODES, PROVIDERS, THEMES, isOneOf, type PermissionMode, type ProviderName, type ThemeName } from './setting-values.js';
import { tightenDotenv, tightenOnly, type IgnoredSetting } from './tighten.js';

export type { Diagnostic } from './check-layer.js';
export type { IgnoredSetting } from './tighten.js';

export interface SettingsRequest {
  home: string;
  workspaceRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Settings the flags set (already checked by the flag parser) and which flag set each key. */
  flags?: { value: Record<string, unknown>; setBy: Record<string, string> };
  /** --trust-workspace: apply the workspace's files fully for this run without recording it. */
  trustWorkspace?: boolean;
}

export interface TrustReport {
  workspaceRoot: string;
  trusted: boolean;
  /** recorded: in trust.json (`by` is the trusted folder); flag: --trust-workspace. */
  reason: 'recorded' | 'flag' | 'untrusted' | 'broken';
  by?: string;
  /** What the workspace's files would set but may not until trusted (empty when trusted). */
  ignored: IgnoredSetting[];
  /** trust.json could not be read. */
  problem?: string;
}

export type FileStatus = 'missing' | 'loaded' | 'invalid' | 'unreadable';

export interface SettingsFileReport {
  layer: SettingsFile['layer'];
  path: string;
  display: string;
  status: FileStatus;
}

export interface Credentials {
  /** The variable that holds the chosen provider's key; null for local servers. */
  name: string | null;
  value?: string;
  /** "env" or the .env file's name. */
  from?: string;
}

export interface SettingsResolution {
  settings: ResolvedSettings;
  /** Dotted path → where the value came from (array items as "permissions.allow[0]"). */
  sources: Map<string, Source>;
  /** Problems in settings files and .env, each said once. The app goes on without the bad file. */
  diagnostics: Diagnostic[];
  /** Bad values in the environment: -p treats them as usage errors. */
  environmentProblems: Diagnostic[];
  trust: TrustReport;
  files: SettingsFileReport[];
  credentials: Credentials;
  /** Every key value found (environment and .env), for scrubbing output. */
  secrets: string[];
  paths: SettingsPaths;
}

type Validate = (value: unknown, file: string, name?: (key: string) => string) => CheckedLayer;
type SyntaxError = (text: string) => string | undefined;

/** Reads and checks every layer. Loads the schema (zod) on first use. */
export async function checkSettings(request: SettingsRequest): Promise<SettingsResolution> {
  const [{ checkLayer }, sources] = await Promise.all([import('./check-layer.js'), readSettingsSources(request.home, request.workspaceRoot, { remembered: true })]);
  const broken = sources.files.some((f) => f.read.state === 'broken');
  const syntax: SyntaxError = broken ? (await import('./json-location.js')).jsonSyntaxError : () => undefined;
  return resolveFrom(sources, request, checkLayer, syntax);
}

/** What the first frame shows, read without the schema: wrong types are skipped, not reported. */
export interface FirstFrameSettings {
  model?: string;
  provider: ProviderName;
  baseUrl?: string;
  theme: ThemeName;
  permissionMode: PermissionMode;
  credentials: Credentials;
  secrets: string[];
}

export async function peekSettings(request: SettingsRequest): Promise<FirstFrameSettings> {
  const sources = await readSettingsSources(request.home, request.workspaceRoot);
  const unchecked: Validate = (value) => (isPlainObject(value) ? { value, diagnostics: [] } : { diagnostics: [] });
  const { settings, credentials, secrets } = resolveFrom(sources, request, unchecked, () => undefined);
  const raw = settings as unknown as Record<string, unknown>;
  const permissions = isPlainObject(raw.permissions) ? raw.permissions : {};
  return {
    model: typeof raw.model === 'string' && raw.model !== '' ? raw.model : undefined,
    provider: isOneOf(PROVIDERS, raw.provider) ? raw.provider : SETTING_DEFAULTS.provider,
    baseUrl: typeof raw.baseUrl === 'string' && raw.baseUrl !== '' ? raw.baseUrl : undefined,
    theme: isOneOf(THEMES, raw.theme) ? raw.theme : SETTING_DEFAULTS.theme,
    permissionMode: isOneOf(PERMISSION_MODES, permissions.mode) ? permissions.mode : SETTING_DEFAULTS.permissions.mode,
    credentials,
    secrets,
  };
}

const WORKSPACE_LAYERS = new Set<LayerId>(['mcpJson', 'project', 'local', 'dotenv']);

function resolveFrom(sources: SettingsSources, request: SettingsRequest, validate: Validate, syntax: SyntaxError): SettingsResolution {
  const diagnostics: Diagnostic[] = [];
  const environmentProblems: Diagnostic[] = [];
  const ignored: IgnoredSetting[] = [];
  const trust = trustOf(sources, request);
  const files: SettingsFileReport[] = [];
  const fileLayers: Layer[] = [];

  for (const file of sources.files) {
    const report: SettingsFileReport = { layer: file.layer, path: file.path, display: file.display, status: 'missing' };
    files.push(report);
    const read = file.read;
    if (read.state === 'missing') continue;
    if (read.state === 'unreadable') {
      report.status = 'unreadable';
      diagnostics.push({ severity: 'error', file: file.display, message: `${file.display}: cannot be read (${read.problem}); it is ignored` });
      continue;
    }
    if (read.state === 'broken') {
      report.status = 'invalid';
      const where = syntax(read.text) ?? 'not valid JSON';
      diagnostics.push({ severity: 'error', file: file.display, message: `${file.display}: invalid JSON at ${where}; the file is ignored` });
      continue;
    }
    const checked = validate(fileSettings(file), file.display);
    diagnostics.push(...checked.diagnostics);
    if (!checked.value) {
      report.status = 'invalid';
      diagnostics.push({ severity: 'error', file: file.display, message: `${file.display}: the file is ignored until this is fixed` });
      continue;
    }
    report.status = 'loaded';
    let value = checked.value as Record<string, unknown>;
    if (WORKSPACE_LAYERS.has(file.layer) && !trust.trusted) {
      const tightened = tightenOnly(value, file.display);
      value = tightened.kept;
      ignored.push(...tightened.ignored);
    }
    fileLayers.push({ id: file.layer, label: file.display, value });
  }

  let dotenvVars: Record<string, string> = {};
  if (sources.dotenv) {
    dotenvVars = sources.dotenv.vars;
    if (!trust.trusted) {
      const tightened = tightenDotenv(dotenvVars, sources.dotenv.display);
      dotenvVars = tightened.kept;
      ignored.push(...tightened.ignored);
    }
  }

  const flagLayer: Layer = { id: 'flag', label: 'flag', keyLabels: request.flags?.setBy ?? {}, value: request.flags?.value ?? {} };
  const envLayers = (provider: ProviderName | undefined): Layer[] => {
    const layers: Layer[] = [];
    if (sources.dotenv) {
      const problems: Diagnostic[] = [];
      layers.push(envLayer('dotenv', sources.dotenv.display, dotenvVars, provider, validate, problems));
      if (provider !== undefined) diagnostics.push(...problems);
    }
    const problems: Diagnostic[] = [];
    layers.push(envLayer('env', 'env', request.env, provider, validate, problems));
    if (provider !== undefined) environmentProblems.push(...problems);
    return layers;
  };
  const defaults: Layer = { id: 'default', label: 'default', value: structuredClone(SETTING_DEFAULTS) as unknown as Record<string, unknown> };

  // The provider decides which variables apply (ANTHROPIC_MODEL only for anthropic), so find it first.
  const first = mergeLayers([defaults, ...fileLayers, ...envLayers(undefined), flagLayer]).value;
  const provider = isOneOf(PROVIDERS, first.provider) ? first.provider : SETTING_DEFAULTS.provider;
  const merged = mergeLayers([defaults, ...fileLayers, ...envLayers(provider), flagLayer]);

  const keyName = PROVIDER_KEY_ENV[provider];
  const credentials: Credentials = { name: keyName };
  if (keyName) {
    const fromEnv = nonEmpty(request.env[keyName]);
    const fromDotenv = nonEmpty(dotenvVars[keyName]);
    if (fromEnv) Object.assign(credentials, { value: fromEnv, from: 'env' });
    else if (fromDotenv && sources.dotenv) Object.assign(credentials, { value: fromDotenv, from: sources.dotenv.display });
  }
  const secrets = PROVIDER_SECRET_ENV_NAMES.flatMap((name) => [nonEmpty(request.env[name]), nonEmpty(sources.dotenv?.vars[name])]).filter(
    (v): v is string => v !== undefined,
  );

  return {
    settings: merged.value as unknown as ResolvedSettings,
    sources: merged.sources,
    diagnostics,
    environmentProblems,
    trust: { ...trust, ignored: trust.trusted ? [] : ignored },
    files,
    credentials,
    secrets: [...new Set(secrets)],
    paths: sources.paths,
  };
}

function trustOf(sources: SettingsSources, request: SettingsRequest): Omit<TrustReport, 'ignored'> {
  const workspaceRoot = request.workspaceRoot;
  if (sources.trust.state === 'trusted') return { workspaceRoot, trusted: true, reason: 'recorded', by: sources.trust.by };
  if (request.trustWorkspace) return { workspaceRoot, trusted: true, reason: 'flag' };
  if (sources.trust.state === 'broken') return { workspaceRoot, trusted: false, reason: 'broken', problem: sources.trust.problem };
  return { workspaceRoot, trusted: false, reason: 'untrusted' };
}

/** One variable at a time, so a bad value drops only itself. */
function envLayer(
  id: 'env' | 'dotenv',
  label: string,
  vars: Readonly<Record<string, string | undefined>>,
  provider: ProviderName | undefined,
  validate: Validate,
  problems: Diagnostic[],
): Layer {
  const value: Record<string, unknown> = {};
  const keyLabels: Record<string, string> = {};
  const where = id === 'env' ? 'environment' : label;
  for (const spec of ENV_SETTINGS) {
    const one = settingsFromEnv({ [spec.name]: vars[spec.name] }, provider);
    if (!one.setBy[spec.key] || keyLabels[spec.key]) continue;
    const checked = validate(one.value, where, () => spec.name);
    // The message names the variable, not the file: "ANTHROPIC_BASE_URL: expected …".
    problems.push(...checked.diagnostics.map((d) => ({ ...d, message: d.message.replace(`${where}: `, id === 'env' ? '' : `${where}: `) })));
    if (!checked.value) continue;
    mergeInto(value, checked.value as Record<string, unknown>);
    keyLabels[spec.key] = `${id === 'env' ? 'env' : label} ${spec.name}`;
  }
  return { id, label, keyLabels, value };
}

function mergeInto(target: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(from)) {
    if (isPlainObject(v) && isPlainObject(target[k])) mergeInto(target[k] as Record<string, unknown>, v);
    else target[k] = v;
  }
}
