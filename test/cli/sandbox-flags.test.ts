// --sandbox, --no-sandbox and the probe's notice, through the real bin and a scripted model.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;
let workspace: string;
let noBwrapPath: string;

beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sbxcli-')));
  workspace = path.join(base, 'ws');
  fs.mkdirSync(workspace);
  // PATH without bwrap: every other program the run needs is linked in.
  noBwrapPath = path.join(base, 'bin');
  fs.mkdirSync(noBwrapPath);
  for (const tool of ['bash', 'sh', 'env', 'cat', 'touch']) {
    const found = ['/usr/bin', '/bin'].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (found) fs.symlinkSync(found, path.join(noBwrapPath, tool));
  }
}, 120_000);

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function script(name: string, command: string): string {
  const file = path.join(base, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify([{ content: [{ type: 'tool_use', id: `toolu_${name}`, name: 'bash', input: { command } }] }, { content: [{ type: 'text', text: 'done' }] }]),
  );
  return file;
}

describe('the sandbox from the command line', () => {
  it('runs -p commands sandboxed by default: a write to ~/.bashrc fails and the model hears why', async () => {
    // The real home: one under /tmp would be hidden by the sandbox's private /tmp.
    const bashrc = path.join(os.homedir(), '.bashrc');
    const before = fs.existsSync(bashrc) ? fs.readFileSync(bashrc, 'utf8') : null;
    const r = await runBin(['-p', 'go', '--permission-mode', 'auto', '--script', script('bashrc', 'echo evil >> ~/.bashrc'), '--output-format', 'stream-json'], { cwd: workspace });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${bashrc}: Read-only file system`);
    expect(r.stdout).toContain(`The sandbox blocked a write to ${bashrc}`);
    expect(fs.existsSync(bashrc) ? fs.readFileSync(bashrc, 'utf8') : null).toBe(before);
  });

  it('--no-sandbox runs the command with the whole machine', async () => {
    const target = path.join(base, 'outside-write');
    const r = await runBin(['-p', 'go', '--yolo', '--no-sandbox', '--script', script('nosbx', `touch ${target}`)], { cwd: workspace });
    expect(r.code).toBe(0);
    expect(fs.existsSync(target)).toBe(true);
  });

  it('--sandbox exits 2 with the reason and the fix when bwrap is missing', async () => {
    const r = await runBin(['-p', 'go', '--sandbox', '--script', script('needed', 'true')], { cwd: workspace, env: { PATH: noBwrapPath } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sandbox: the sandbox cannot start: bubblewrap (bwrap) is not on PATH');
    expect(r.stderr).toContain('apt-get install bubblewrap');
  });

  it('without bwrap, -p says once on stderr that commands run unsandboxed, and runs them', async () => {
    const target = path.join(base, 'fallback-write');
    const r = await runBin(['-p', 'go', '--yolo', '--script', script('fallback', `touch ${target}`)], { cwd: workspace, env: { PATH: noBwrapPath } });
    expect(r.code).toBe(0);
    expect(r.stderr.match(/Commands run without the sandbox: bubblewrap \(bwrap\) is not on PATH/g)).toHaveLength(1);
    expect(fs.existsSync(target)).toBe(true);
  });

  it('refuses --sandbox with --no-sandbox', async () => {
    const r = await runBin(['-p', 'go', '--sandbox', '--no-sandbox'], { cwd: workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--sandbox and --no-sandbox contradict each other');
  });
});
