// What the real bin does before any turn: --help, --version, bad flags, and the start without -p.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS } from '../../src/cli/args.js';
import { REPO, ensureBuilt, runBin } from './run-bin.js';

let workspace: string;
beforeAll(async () => {
  ensureBuilt();
  workspace = await mkdtemp(join(tmpdir(), 'inkling-start-'));
}, 120_000);
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('inkling (the bin)', () => {
  it('--help lists every flag and exits 0', async () => {
    const r = await runBin(['--help'], { cwd: workspace });
    expect(r.code).toBe(0);
    for (const flag of FLAGS) expect(r.stdout).toContain(flag.long);
    expect(r.stdout).toMatch(/Exit codes/);
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const r = await runBin(['--version'], { cwd: workspace });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${pkg.version}\n`);
  });

  it('rejects an unknown flag with a hint (exit 2)', async () => {
    const r = await runBin(['--frobnicate'], { cwd: workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown option --frobnicate/);
    expect(r.stderr).toMatch(/--help/);
  });

  // Piped stdin: no terminal to run the TUI in, so it says what it would run on and points to -p.
  it('without a key and without -p picks the demo model and says how to connect one', async () => {
    const r = await runBin([], { cwd: workspace });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/demo model/);
    expect(r.stdout).toMatch(/ANTHROPIC_API_KEY/);
    expect(r.stdout).toContain(workspace);
    expect(r.stderr).toMatch(/needs a terminal.*-p "<prompt>" --demo/);
  });

  it('with a key names the model instead, and never prints the key', async () => {
    const key = 'sk-test-fake-start-0123456789';
    const r = await runBin(['--model', 'some-model'], { cwd: workspace, env: { ANTHROPIC_API_KEY: key } });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/some-model/);
    expect(r.stdout).not.toMatch(/demo model/);
    expect(r.stdout + r.stderr).not.toContain(key);
  });
});
