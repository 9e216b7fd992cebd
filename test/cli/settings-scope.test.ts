import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { chosenScope, newFileModes } from '../../src/cli/settings-scope.js';

describe('the settings scope of config and mcp subcommands', () => {
  it('is the one flag given, or none', () => {
    expect(chosenScope({})).toBeUndefined();
    expect(chosenScope({ local: true })).toBe('local');
    expect(chosenScope({ user: false, project: true })).toBe('project');
  });

  it('refuses two scopes at once with a usage error naming the three', () => {
    expect(() => chosenScope({ user: true, local: true })).toThrow(UsageError);
    expect(() => chosenScope({ project: true, local: true })).toThrow(/give one of --user, --project, --local/);
  });

  it('keeps the user file private and the workspace files shareable', () => {
    expect(newFileModes('user')).toEqual({ newFileMode: 0o600, newDirMode: 0o700 });
    expect(newFileModes('project')).toEqual({ newFileMode: 0o644, newDirMode: 0o755 });
    expect(newFileModes('local')).toEqual({ newFileMode: 0o644, newDirMode: 0o755 });
  });
});
