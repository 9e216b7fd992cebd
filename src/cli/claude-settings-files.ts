// Claude Code's settings files, shared by what reads hooks from them and what reads permission rules.
import path from 'node:path';
import type { CommandHook } from '../core/hooks/hook-settings.js';

/** Claude Code's settings files that may hold hooks, and whose they are. */
export function claudeSettingsFiles(workspaceRoot: string, userHome: string): { file: string; origin: CommandHook['origin'] }[] {
  return [
    { file: path.join(userHome, '.claude', 'settings.json'), origin: 'user' },
    { file: path.join(workspaceRoot, '.claude', 'settings.json'), origin: 'workspace' },
    { file: path.join(workspaceRoot, '.claude', 'settings.local.json'), origin: 'workspace' },
  ];
}
