// The bundle's lazy-emoji-table step (scripts/bundle-plugins.ts): string-width as the bundle runs it
// measures every input as string-width does, and a first frame's "·" no longer builds the emoji table.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { lazyEmojiSource } from '../../scripts/bundle-plugins.js';

const require = createRequire(import.meta.url);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-lazy-emoji-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** string-width's source through the step, its imports resolved, and a way to see whether the table was built. */
async function bundledStringWidth(): Promise<{ width: (s: string) => number; tableBuilt: () => boolean }> {
  const file = path.join(path.dirname(require.resolve('string-width')), 'index.js');
  let source = lazyEmojiSource(fs.readFileSync(file, 'utf8'), file);
  if (source === undefined) throw new Error('the step left string-width unchanged');
  for (const pkg of ['strip-ansi', 'get-east-asian-width']) {
    source = source.replace(`from '${pkg}'`, `from ${JSON.stringify(pathToFileURL(require.resolve(pkg)).href)}`);
  }
  source += '\nexport const tableBuilt = () => rgiEmojiCompiled !== undefined;\n';
  const out = path.join(dir, `string-width-${Date.now()}.mjs`);
  fs.writeFileSync(out, source);
  const mod = (await import(pathToFileURL(out).href)) as { default: (s: string) => number; tableBuilt: () => boolean };
  return { width: mod.default, tableBuilt: mod.tableBuilt };
}

describe('the lazy emoji table', () => {
  it('is never needed for a cluster of one UTF-16 unit below U+2000', () => {
    // Built from a string: TypeScript's target predates the v flag.
    const rgi = new RegExp('^\\p{RGI_Emoji}$', 'v');
    const emoji: number[] = [];
    for (let c = 0; c < 0x2000; c++) if (rgi.test(String.fromCharCode(c))) emoji.push(c);
    expect(emoji).toEqual([]);
  });

  it('is not built by the header\'s "·", and measures every input as string-width does', async () => {
    const bundled = await bundledStringWidth();
    const header = ' inkling · demo model · ~/work';
    expect(bundled.width(header)).toBe(stringWidth(header));
    expect(bundled.tableBuilt()).toBe(false);
    const samples = ['😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '#️⃣', '1️⃣', '©', '©️', '™️', '⌚', 'é', 'e\u0301', '한', '漢字', '\u200d', '｡'];
    for (let c = 0; c < 0x30000; c += c < 0x3000 ? 1 : 7) samples.push(String.fromCodePoint(c));
    const differ = samples.filter((s) => bundled.width(s) !== stringWidth(s));
    expect(differ).toEqual([]);
    expect(bundled.tableBuilt()).toBe(true);
  }, 60_000);
});
