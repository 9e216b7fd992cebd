// Which settings file a subcommand edits: --user (the default), --project or --local. Shared by
// `inkling config set/unset` and `inkling mcp add/remove`, so both spell, check and create the
// three files the same way.
import { UsageError, type FlagSpec } from './args.js';

export type SettingsScope = 'user' | 'project' | 'local';

export const SCOPES: readonly SettingsScope[] = ['user', 'project', 'local'];

export const SCOPE_FLAGS: readonly FlagSpec<SettingsScope>[] = [
  { key: 'user', long: '--user', kind: 'switch', help: 'edit $INKLING_HOME/settings.json (the default)' },
  { key: 'project', long: '--project', kind: 'switch', help: "edit the workspace's .inkling/settings.json (committed)" },
  { key: 'local', long: '--local', kind: 'switch', help: "edit the workspace's .inkling/settings.local.json (not committed)" },
];

/** The one scope the flags name, or undefined when none is given; two or more is a usage error. */
export function chosenScope(own: Partial<Record<SettingsScope, unknown>>): SettingsScope | undefined {
  const named = SCOPES.filter((s) => own[s]);
  if (named.length > 1) throw new UsageError('give one of --user, --project, --local');
  return named[0];
}

/** The user's file holds secrets and stays private; the workspace's files are shared like any source file. */
export function newFileModes(scope: SettingsScope): { newFileMode: number; newDirMode: number } {
  return scope === 'user' ? { newFileMode: 0o600, newDirMode: 0o700 } : { newFileMode: 0o644, newDirMode: 0o755 };
}
