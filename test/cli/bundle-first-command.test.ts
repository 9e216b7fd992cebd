// A first command from the bundle (bin/inkling.js, scripts/bundle-cli.ts): the emulator and the bash
// grammar's runtime load from their own files beside cli.cjs, each through a code cache of its own
// (else compiled afresh from node_modules in every process), and the command runs the same whether
// the caches are missing or accepted: the grammar proves it read-only, the emulator renders it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';
import { REPO, ensureBundled, runBin } from './run-bin.js';

const base = mkdtempSync(join(tmpdir(), 'inkling-bundle-command-'));

beforeAll(() => ensureBundled(), 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The names of the code caches in `dir`, without their hashes. */
const cachesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8cache')).map((f) => f.replace(/-[0-9a-f]{16}\.v8cache$/, '')) : []);

describe('a first command from the bundle', () => {
  it('loads the emulator and the grammar from their files beside it, through code caches of their own', async () => {
    const fake = await startFakeAnthropic();
    try {
      const home = mkdtempSync(join(base, 'xdg-'));
      const ws = join(base, 'ws');
      mkdirSync(ws);
      for (const cache of ['missing', 'accepted']) {
        fake.enqueue(reply({ toolUses: [{ name: 'bash', input: { command: `echo first-command-${cache}` } }] }), reply({ text: `done ${cache}` }));
        const trace = join(base, `trace-${cache}.txt`);
        const asked = fake.requests.length;
        const r = await runBin(['-p', 'run it'], { cwd: ws, env: { ANTHROPIC_API_KEY: 'sk-test-fake', ANTHROPIC_BASE_URL: fake.url, XDG_CACHE_HOME: home, INKLING_TRACE_EVENTS: trace } });
        expect(r).toMatchObject({ code: 0, stdout: `done ${cache}\n` });
        expect(readFileSync(trace, 'utf8')).toContain(`startup bundle loaded (code cache ${cache})`);
        // -p asks nobody: only a command the grammar proves read-only runs, and the model got its output.
        const result = JSON.stringify(fake.requests[asked + 1]?.body);
        expect(result).toContain(`first-command-${cache}`);
        expect(result).toContain('Exit code: 0');
        expect(cachesIn(join(home, 'inkling'))).toEqual(expect.arrayContaining(['xterm-headless', 'web-tree-sitter']));
      }
      for (const file of ['xterm-headless.cjs', 'web-tree-sitter.cjs']) expect(existsSync(join(REPO, 'dist/bundle', file))).toBe(true);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
