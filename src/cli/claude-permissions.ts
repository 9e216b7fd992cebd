// Permission rules from Claude Code's settings files, translated through the name map: deny and ask
// only tighten, so they apply in any workspace; allow loosens, so a workspace's applies only when
// the workspace is trusted (the person's own ~/.claude/settings.json always). Read after the first frame.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { translateClaudeRules } from '../core/compat/claude-rules.js';
import { parseRules } from '../core/permissions/gate.js';
import type { PermissionRule } from '../core/permissions/rules.js';
import { claudeSettingsFiles } from './claude-settings-files.js';

export interface ClaudeRules {
  allow: PermissionRule[];
  ask: PermissionRule[];
  deny: PermissionRule[];
  /** Rules that do not map (once each), files that are not JSON, allow rules an untrusted workspace may not set. */
  problems: string[];
}

export function claudePermissionRules(workspaceRoot: string, trusted: boolean, readClaude: boolean, userHome = process.env.HOME ?? os.homedir()): ClaudeRules {
  const out: ClaudeRules = { allow: [], ask: [], deny: [], problems: [] };
  if (!readClaude) return out;
  for (const { file, origin } of claudeSettingsFiles(workspaceRoot, userHome)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    let permissions: unknown;
    try {
      permissions = (JSON.parse(text) as { permissions?: unknown } | null)?.permissions;
    } catch (err) {
      out.problems.push(`${file}: not valid JSON (${(err as Error).message}); its permissions are not read`);
      continue;
    }
    if (typeof permissions !== 'object' || permissions === null) continue;
    for (const key of ['deny', 'ask', 'allow'] as const) {
      const texts = (permissions as Record<string, unknown>)[key];
      if (!Array.isArray(texts)) continue;
      const strings = texts.filter((t): t is string => typeof t === 'string');
      if (key === 'allow' && origin === 'workspace' && !trusted) {
        if (strings.length > 0) out.problems.push(`${file}: permissions.allow not applied: this workspace is not trusted`);
        continue;
      }
      const translated = translateClaudeRules(strings, file);
      translated.rules.forEach((text, i) => {
        const parsed = parseRules([text], file);
        // The file's own text goes with the rule, so /permissions remove can take it out of the file.
        out[key].push(...parsed.rules.map((rule) => ({ ...rule, written: translated.written[i]! })));
        out.problems.push(...parsed.problems);
      });
      out.problems.push(...translated.problems);
    }
  }
  return out;
}
