// README's settings table is the one the schema generates, so the two cannot drift.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { END, START, settingsTable, withSettingsTable } from '../../scripts/print-settings.js';
import { settingRows } from '../../src/core/config/schema-paths.js';

describe('README settings table', () => {
  it('README.md carries the table the schema generates (regenerate: node --import tsx scripts/print-settings.ts --write)', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(START);
    expect(withSettingsTable(readme)).toBe(readme);
  });

  it('has a row for every setting of the brief, nested ones opened', () => {
    const keys = settingRows().map((r) => r.key);
    for (const key of ['model', 'provider', 'baseUrl', 'maxTokens', 'thinking', 'maxIterations', 'permissions.mode', 'permissions.allow', 'permissions.ask',
      'permissions.deny', 'permissions.protectedPaths', 'sandbox.mode', 'sandbox.network', 'mcpServers', 'mcpToolTimeoutMs', 'theme', 'notifications.bell',
      'env', 'bashTimeoutMs', 'promptCaching', 'contextWindow', 'autoCompact']) {
      expect(keys).toContain(key);
    }
    expect(settingsTable()).toContain('| `maxIterations` | integer | `50` | `--max-iterations` |');
    expect(settingsTable().split('\n')).toHaveLength(keys.length + 2);
    expect(END).toMatch(/settings:end/);
  });
});
