// Reads everything settings come from, without checking it: the settings files (parsed with
// JSON.parse only), the workspace .env and the trust record. Cheap enough for the first frame;
// checking happens in check-layers.ts.
import { readFile } from 'node:fs/promises';
import { parseDotEnv } from './dotenv.js';
import { isPlainObject } from './key-paths.js';
import { displayPath, settingsPaths, type FileLayer, type SettingsPaths } from './paths.js';
import { lookupTrust, type TrustLookup } from './trust.js';

export type FileRead =
  | { state: 'missing' }
  | { state: 'parsed'; value: unknown; text: string }
  /** Not JSON: the text is kept so the checker can say where. */
  | { state: 'broken'; text: string }
  | { state: 'unreadable'; problem: string };

export interface SettingsFile {
  layer: FileLayer;
  path: string;
  /** The name messages use (".inkling/settings.json", "~/.inkling/settings.json"). */
  display: string;
  read: FileRead;
}

export interface SettingsSources {
  paths: SettingsPaths;
  /** Lowest first: user, .mcp.json, project, local, remembered (when asked for). */
  files: SettingsFile[];
  dotenv: { display: string; vars: Record<string, string> } | null;
  trust: TrustLookup;
}

const FILE_LAYERS = ['user', 'mcpJson', 'project', 'local'] as const satisfies readonly FileLayer[];

/**
 * `remembered`: also read the person's remembered choices for the workspace (a layer above
 * .inkling/settings.local.json). The cheap first-frame read leaves them out: they only add allow rules.
 */
export async function readSettingsSources(home: string, workspaceRoot: string, opts: { remembered?: boolean } = {}): Promise<SettingsSources> {
  const paths = settingsPaths(home, workspaceRoot);
  const [files, remembered, dotenv, trust] = await Promise.all([
    Promise.all(FILE_LAYERS.map(async (layer): Promise<SettingsFile> => {
      const path = paths[layer];
      return { layer, path, display: displayPath(path, workspaceRoot), read: await readJsonFile(path) };
    })),
    opts.remembered ? readRemembered(home, workspaceRoot) : undefined,
    readFile(paths.dotenv, 'utf8').then(
      (text) => ({ display: displayPath(paths.dotenv, workspaceRoot), vars: parseDotEnv(text) }),
      () => null,
    ),
    lookupTrust(paths.trust, workspaceRoot),
  ]);
  return { paths, files: remembered ? [...files, remembered] : files, dotenv, trust };
}

/** The remembered choices as a settings file: its allow rules under permissions.allow. */
async function readRemembered(home: string, workspaceRoot: string): Promise<SettingsFile> {
  const { rememberedChoicesFile, rememberedAsSettings } = await import('../permissions/remembered-choices.js');
  const path = rememberedChoicesFile(home, workspaceRoot);
  const read = await readJsonFile(path);
  return { layer: 'remembered', path, display: displayPath(path, workspaceRoot), read: read.state === 'parsed' ? { ...read, value: rememberedAsSettings(read.value) } : read };
}

async function readJsonFile(path: string): Promise<FileRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    return { state: 'unreadable', problem: (err as Error).message };
  }
  // An empty file is an empty set of settings (a person who just created it).
  if (text.trim() === '') return { state: 'parsed', value: {}, text };
  try {
    return { state: 'parsed', value: JSON.parse(stripBom(text)), text };
  } catch {
    return { state: 'broken', text };
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The settings a parsed file contributes: .mcp.json only for its mcpServers. */
export function fileSettings(file: SettingsFile): unknown {
  if (file.read.state !== 'parsed') return undefined;
  const value = file.read.value;
  if (file.layer !== 'mcpJson') return value;
  return isPlainObject(value) && 'mcpServers' in value ? { mcpServers: value.mcpServers } : {};
}
