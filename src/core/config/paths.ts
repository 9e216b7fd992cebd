// Where settings live: $INKLING_HOME (default ~/.inkling) for the person, <workspace>/.inkling
// for the project, and how each file is named in messages.
import os from 'node:os';
import path from 'node:path';

/** remembered: the person's "Yes, always" rules for the workspace, kept under $INKLING_HOME/permissions/. */
export type FileLayer = 'user' | 'mcpJson' | 'project' | 'local' | 'remembered';

export function inklingHome(env: NodeJS.ProcessEnv): string {
  const value = env.INKLING_HOME?.trim();
  return value ? path.resolve(value) : path.join(os.homedir(), '.inkling');
}

export interface SettingsPaths {
  home: string;
  workspaceRoot: string;
  user: string;
  project: string;
  local: string;
  /** Claude Code's project MCP file, read for its mcpServers. */
  mcpJson: string;
  dotenv: string;
  trust: string;
}

export function settingsPaths(home: string, workspaceRoot: string): SettingsPaths {
  return {
    home,
    workspaceRoot,
    user: path.join(home, 'settings.json'),
    project: path.join(workspaceRoot, '.inkling', 'settings.json'),
    local: path.join(workspaceRoot, '.inkling', 'settings.local.json'),
    mcpJson: path.join(workspaceRoot, '.mcp.json'),
    dotenv: path.join(workspaceRoot, '.env'),
    trust: path.join(home, 'trust.json'),
  };
}

/** A file as messages name it: relative inside the workspace, with ~ in the home directory. */
export function displayPath(file: string, workspaceRoot: string): string {
  const rel = path.relative(workspaceRoot, file);
  if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
  const home = os.homedir();
  const fromHome = path.relative(home, file);
  if (fromHome !== '' && !fromHome.startsWith('..') && !path.isAbsolute(fromHome)) return `~/${fromHome.split(path.sep).join('/')}`;
  return file;
}
