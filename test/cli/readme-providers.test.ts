// README documents every flag of the FLAGS table and every provider preset, with its key variable.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FLAGS } from '../../src/cli/args.js';
import { PRESETS, PROVIDER_NAMES } from '../../src/core/providers/presets.js';

const readme = () => readFile(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('lists every flag in its flag table', async () => {
    const text = await readme();
    for (const flag of FLAGS) expect(text, flag.long).toMatch(new RegExp(`^\\| (?:\`-\\w\`, )?\`${flag.long}[ \`]`, 'm'));
  });

  it('has a row per provider preset with its address, key variable and example', async () => {
    const text = await readme();
    for (const name of PROVIDER_NAMES) {
      const preset = PRESETS[name];
      const row = text.split('\n').find((l) => l.startsWith(`| \`${name}\``));
      expect(row, name).toBeDefined();
      expect(row).toContain(`\`${preset.baseURL}\``);
      expect(row).toContain(preset.keyEnv ? `\`${preset.keyEnv}\`` : '| none |');
      expect(row).toContain(`\`${preset.example}\``);
    }
  });
});
