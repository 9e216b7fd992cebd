// What a workspace's Claude Code settings files would do once the person trusts it, named in the
// trust question beside inkling's own settings: each hook (it runs a command) and the
// permissions.allow rules (calls that would run without asking), and the project skills'
// allowed-tools (calls that would run without asking while the skill is active). Until then none applies.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IgnoredSetting } from '../core/config/tighten.js';
import type { Skill } from '../core/skills/discover-skills.js';
import { claudeSettingsFiles } from './claude-settings-files.js';

const SHOWN = 120;
const shown = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN - 3)}...` : text);

export async function claudeWouldSet(workspaceRoot: string, userHome: string, readClaude: boolean): Promise<IgnoredSetting[]> {
  if (!readClaude) return [];
  const { readHooksBlock } = await import('../core/hooks/hook-settings.js');
  const out: IgnoredSetting[] = [];
  for (const { file, origin } of claudeSettingsFiles(workspaceRoot, userHome)) {
    if (origin !== 'workspace') continue;
    const value = await readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown, () => undefined);
    if (typeof value !== 'object' || value === null) continue;
    const named = path.relative(workspaceRoot, file);
    const settings = value as { hooks?: unknown; permissions?: { allow?: unknown } };
    for (const hook of readHooksBlock(settings.hooks, named, 'workspace').hooks) {
      out.push({ file: named, key: `hooks.${hook.event}${hook.matcher ? `[${hook.matcher}]` : ''}`, value: shown(hook.command), why: 'runs this command' });
    }
    const allow = settings.permissions?.allow;
    if (Array.isArray(allow) && allow.length > 0) out.push({ file: named, key: 'permissions.allow', value: shown(JSON.stringify(allow)), why: 'lets calls run without asking' });
  }
  return out;
}

/** The workspace's skills whose allowed-tools would apply once it is trusted. */
export function skillsWouldAllow(skills: readonly Skill[], workspaceRoot: string): IgnoredSetting[] {
  return skills
    .filter((s) => s.origin === 'project' && s.allowedTools.length > 0)
    .map((s) => ({ file: path.relative(workspaceRoot, s.file), key: 'allowed-tools', value: shown(s.allowedTools.join(' ')), why: 'lets calls run without asking while the skill is active' }));
}
