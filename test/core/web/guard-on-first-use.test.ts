// web_fetch's guard and what it connects with (node's http, tls, dns, zlib) load with the first
// fetch, not when the tool is made: every session builds the tool, few fetch a page.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const GUARD_MODULES = /^NativeModule (http|tls|zlib|dns\/promises)$/;

/** node's own modules a fresh process has loaded after `code` (an ES module body) ran. */
function builtinsAfter(code: string): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `${code}\nconsole.log(JSON.stringify(process.moduleLoadList));`], { cwd: ROOT, encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').at(-1)!) as string[]).filter((m) => GUARD_MODULES.test(m));
}

describe('web_fetch', () => {
  it('makes its tool without loading the guard; the guard brings http, tls, dns and zlib', () => {
    const tool = pathToFileURL(path.join(ROOT, 'src/core/tools/web_fetch.ts')).href;
    const guard = pathToFileURL(path.join(ROOT, 'src/core/web/guarded-get.ts')).href;
    expect(builtinsAfter(`const { createWebFetchTool } = await import(${JSON.stringify(tool)});\ncreateWebFetchTool();`)).toEqual([]);
    expect(builtinsAfter(`await import(${JSON.stringify(guard)});`).sort()).toEqual(['NativeModule dns/promises', 'NativeModule http', 'NativeModule tls', 'NativeModule zlib']);
  }, 30_000);
});
