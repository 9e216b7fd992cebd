// "Yes, always": the choice becomes an allow rule in <workspace>/.inkling/settings.local.json (the
// file for choices not to be committed), edited in place so the rest of the file stays as written.
import { readFile } from 'node:fs/promises';
import { parse } from 'jsonc-parser';
import { settingsPaths } from '../config/paths.js';
import { editSettingsFile } from '../config/writer.js';

export const LOCAL_SETTINGS_DISPLAY = '.inkling/settings.local.json';

export async function saveAllowRule(workspaceRoot: string, rule: string): Promise<{ savedTo: string } | { error: string }> {
  const file = settingsPaths('', workspaceRoot).local;
  let current: unknown;
  try {
    current = parse(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return { error: `${LOCAL_SETTINGS_DISPLAY} cannot be read: ${(err as Error).message}` };
  }
  const permissions = (current as { permissions?: { allow?: unknown } } | undefined)?.permissions;
  const allow = Array.isArray(permissions?.allow) ? permissions.allow.filter((r): r is string => typeof r === 'string') : [];
  if (allow.includes(rule)) return { savedTo: LOCAL_SETTINGS_DISPLAY };
  const result = await editSettingsFile({
    file,
    display: LOCAL_SETTINGS_DISPLAY,
    path: ['permissions', 'allow'],
    value: [...allow, rule],
    newFileMode: 0o600,
    newDirMode: 0o700,
  });
  return result.ok ? { savedTo: LOCAL_SETTINGS_DISPLAY } : { error: result.problem };
}
