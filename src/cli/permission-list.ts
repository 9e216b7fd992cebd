// /permissions: the rules the session's gate applies, each with where it comes from, and taking
// one away — from your remembered choices, or from an inkling settings file through an atomic
// write that keeps the file's other keys, or from Claude Code's settings file it was translated
// from (only that list item goes), or for this session when it was remembered for it. Rules from
// flags or the environment are not written here: they say where to change them.
import { readFile } from 'node:fs/promises';
import type { SettingsFileReport } from '../core/config/resolve.js';
import type { PermissionGate } from '../core/permissions/gate.js';
import type { PermissionRule } from '../core/permissions/rules.js';
import type { PermissionList, PermissionListing } from '../core/setup/setup-lists.js';

const SESSION = 'this session';

/** `display` names a file as the person reads paths (Claude Code's files are kept by their absolute path). */
export function permissionList(gate: PermissionGate, files: readonly SettingsFileReport[], display: (file: string) => string = (f) => f): PermissionList {
  return {
    list: () =>
      gate.rulesInForce().map(({ kind, rule }, i): PermissionListing => ({
        number: i + 1,
        kind,
        rule: rule.written !== undefined && rule.written !== rule.text ? `${rule.text} (${rule.written})` : rule.text,
        source: rule.written !== undefined ? display(rule.source) : rule.source,
      })),
    async remove(number) {
      const entry = gate.rulesInForce()[number - 1];
      if (!entry) return `there is no rule ${number} (/permissions lists them)`;
      const { kind, rule } = entry;
      const named = `${kind} ${rule.text}`;
      if (rule.source === SESSION) {
        gate.dropRule(kind, rule);
        return `${named}: no longer allowed for this session`;
      }
      if (rule.written !== undefined) return fromClaudeFile(gate, kind, rule, named, display);
      const file = files.find((f) => f.display === rule.source || (rule.source === 'your remembered choices' && f.layer === 'remembered'));
      if (!file) return `${named} comes from ${rule.source}: change it there`;
      const problem = file.layer === 'remembered' ? await forgetRemembered(file.path, rule.text) : await removeFromSettings(file, kind, rule.text);
      if (problem) return `${named} was not removed: ${problem}`;
      gate.dropRule(kind, rule);
      return `${named}: removed from ${file.display}`;
    },
  };
}

/** A Claude Code rule: the text its file holds goes from the file's list (nothing else in the file changes). */
async function fromClaudeFile(gate: PermissionGate, kind: PermissionListing['kind'], rule: PermissionRule, named: string, display: (file: string) => string): Promise<string> {
  const { removeFromJsonList } = await import('../core/config/json-list-edit.js');
  const shown = display(rule.source);
  const problem = await removeFromJsonList(rule.source, shown, ['permissions', kind], rule.written!).catch((err: Error) => err.message);
  if (problem) return `${named} was not removed: ${problem}`;
  gate.dropRule(kind, rule);
  return `${named}: removed ${rule.written} from ${shown}`;
}

async function forgetRemembered(file: string, text: string): Promise<string | undefined> {
  const { forgetChoice } = await import('../core/permissions/remembered-choices.js');
  try {
    return (await forgetChoice(file, text)) ? undefined : 'it is no longer in the file';
  } catch (err) {
    return (err as Error).message;
  }
}

/** Writes the file's permissions.<kind> without the rule (every copy of it); the other keys stay as written. */
async function removeFromSettings(file: SettingsFileReport, kind: PermissionListing['kind'], text: string): Promise<string | undefined> {
  let list: unknown;
  try {
    list = (JSON.parse(await readFile(file.path, 'utf8')) as { permissions?: Record<string, unknown> }).permissions?.[kind];
  } catch (err) {
    return `${file.display} cannot be read (${(err as Error).message})`;
  }
  if (!Array.isArray(list) || !list.includes(text)) return `it is no longer in ${file.display}`;
  const kept = list.filter((t) => t !== text);
  const { editSettingsFile } = await import('../core/config/writer.js');
  const edited = await editSettingsFile({ file: file.path, display: file.display, path: ['permissions', kind], value: kept.length > 0 ? kept : undefined, newFileMode: 0o600, newDirMode: 0o700 });
  return edited.ok ? undefined : edited.problem;
}
