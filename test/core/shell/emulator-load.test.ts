// The emulator (@xterm/headless, one 180 KB CommonJS file) is required, not imported: an ESM
// import first scans the whole file for its export names. Seen from a fresh process of the built
// program, with an ESM resolve hook that notes every package it is asked for.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PTY_COMMAND = path.join(ROOT, 'dist/src/core/shell/pty-command.js');

// Runs in the hooks thread: the specifiers that reach ESM resolution, one line each on stderr.
const HOOKS = `export async function resolve(specifier, context, next) { if (!specifier.startsWith('.') && !specifier.startsWith('node:') && !specifier.startsWith('file:')) process.stderr.write('esm ' + specifier + '\\n'); return next(specifier, context); }`;
const REGISTER = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));`;

describe('loading the emulator', () => {
  it('takes @xterm/headless through require, and node-pty and the rest as before', () => {
    if (!existsSync(PTY_COMMAND)) throw new Error('build first: npm run build');
    const main = `const m = await import(${JSON.stringify(PTY_COMMAND)}); const { createRequire } = await import('node:module'); const cache = createRequire(${JSON.stringify(PTY_COMMAND)}).cache; console.log(typeof m.runPtyCommand, Object.keys(cache).some((f) => f.includes('/@xterm/headless/')));`;
    const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', main], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('function true');
    const imported = run.stderr.split('\n').flatMap((l) => (l.startsWith('esm ') ? [l.slice(4)] : []));
    expect(imported).toContain('node-pty');
    expect(imported).not.toContain('@xterm/headless');
  });
});
