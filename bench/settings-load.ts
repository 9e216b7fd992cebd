// What reading the settings costs at start-up, each in a fresh process (module loading is the
// cost): the first-frame preview (no schema), the checked resolution (zod), and zod's import alone.
//   node --import tsx bench/settings-load.ts [runs]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 7);
const root = fileURLToPath(new URL('..', import.meta.url));
const home = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-home-'));
const ws = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-ws-'));
mkdirSync(path.join(ws, '.inkling'));
writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ model: 'claude-opus-4-7', permissions: { allow: ['bash(npm test)'] }, theme: 'dark' }));
writeFileSync(path.join(ws, '.inkling', 'settings.json'), JSON.stringify({ permissions: { deny: ['bash(rm:*)'] }, mcpServers: { a: { command: 'x' } } }));
writeFileSync(path.join(ws, '.env'), 'ANTHROPIC_MODEL=m\n');

const dist = (rel: string) => JSON.stringify(path.join(root, 'dist', 'src', 'core', 'config', rel));
const request = JSON.stringify({ home, workspaceRoot: ws, env: {} });
const cases: Record<string, string> = {
  'zod import': `const t=performance.now(); await import('zod'); console.log(performance.now()-t)`,
  'preview (peekSettings)': `const t=performance.now(); const m=await import(${dist('resolve.js')}); await m.peekSettings(${request}); console.log(performance.now()-t)`,
  'checked (checkSettings)': `const t=performance.now(); const m=await import(${dist('resolve.js')}); await m.checkSettings(${request}); console.log(performance.now()-t)`,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, code] of Object.entries(cases)) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
    times.push(Number(out.trim()));
  }
  console.log(`${name.padEnd(24)} median ${median(times).toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`);
}
