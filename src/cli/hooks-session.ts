// The session's hooks in Claude Code's format, read after the first frame: the person's own
// ~/.claude/settings.json runs as it is; the workspace's .claude/settings.json and
// .claude/settings.local.json run only in a trusted workspace (in -p too). A malformed block or
// file is reported with its file and reason.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import type { CommandHook } from '../core/hooks/hook-settings.js';
import { claudeSettingsFiles } from './claude-settings-files.js';
import type { InklingConfig } from './config.js';

export interface HookFiles {
  hooks: CommandHook[];
  notices: string[];
}

const found = new Map<string, Promise<HookFiles>>();

export function sessionHookFiles(config: InklingConfig): Promise<HookFiles> {
  const trusted = config.report?.trust.trusted ?? false;
  const key = `${config.workspaceRoot}\0${trusted}\0${config.settings.compat.claude}`;
  let loading = found.get(key);
  if (!loading) {
    loading = readHookFiles(config.workspaceRoot, process.env.HOME ?? os.homedir(), trusted, config.settings.compat.claude);
    found.set(key, loading);
  }
  return loading;
}

export async function readHookFiles(workspaceRoot: string, userHome: string, trusted: boolean, readClaude: boolean): Promise<HookFiles> {
  if (!readClaude) return { hooks: [], notices: [] };
  const { readHooksBlock } = await import('../core/hooks/hook-settings.js');
  const hooks: CommandHook[] = [];
  const notices: string[] = [];
  for (const { file, origin } of claudeSettingsFiles(workspaceRoot, userHome)) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      notices.push(`${file}: not valid JSON (${(err as Error).message}); its hooks are not run`);
      continue;
    }
    const block = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).hooks : undefined;
    const read = readHooksBlock(block, file, origin);
    notices.push(...read.problems);
    if (origin === 'workspace' && !trusted) {
      if (read.hooks.length > 0) notices.push(`${file}: ${read.hooks.length} hook${read.hooks.length === 1 ? '' : 's'} not run: this workspace is not trusted (hooks run code)`);
      continue;
    }
    hooks.push(...read.hooks);
  }
  return { hooks, notices };
}
