// The sandbox and the permission modes together, through the real bin with real bubblewrap: a
// sandboxed command runs unasked in auto and asks in accept-edits and default; a `sandbox: false`
// call asks in accept-edits, runs in yolo and is refused in plan (-p never waits: an ask is a denial).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;
let workspace: string;
let outside: string;
let n = 0;

beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sbxperm-')));
  workspace = path.join(base, 'ws');
  // Outside the workspace and outside /tmp, which the sandbox replaces: the person's home.
  outside = fs.mkdtempSync(path.join(os.homedir(), '.inkling-sbxperm-'));
  fs.mkdirSync(workspace);
}, 120_000);

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

async function call(mode: string, input: Record<string, unknown>) {
  const script = path.join(base, `script-${++n}.json`);
  fs.writeFileSync(script, JSON.stringify([{ content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'bash', input }] }, { content: [{ type: 'text', text: 'done' }] }]));
  const modeArgs = mode === 'yolo' ? ['--yolo'] : ['--permission-mode', mode];
  const r = await runBin(['-p', 'go', '--script', script, '--sandbox', '--output-format', 'stream-json', ...modeArgs], { cwd: workspace });
  const result = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; content?: string; isError?: boolean })
    .find((e) => e.type === 'tool_result');
  return { code: r.code, result };
}

describe('sandboxed commands under the permission modes', () => {
  it('auto runs a sandboxed command unasked', async () => {
    const r = await call('auto', { command: "sh -c 'touch made-in-auto'" });
    expect(r.result?.content).toMatch(/Exit code: 0 \(sandboxed\)/);
    expect(fs.existsSync(path.join(workspace, 'made-in-auto'))).toBe(true);
  });

  it('accept-edits asks for it, and -p names auto as the way to run it', async () => {
    const r = await call('accept-edits', { command: "sh -c 'touch made-in-accept-edits'" });
    expect(r.result).toMatchObject({ isError: true, content: "This command needs approval: rerun with --allowed-tools 'bash(sh:*)', --permission-mode auto (sandboxed commands run) or --yolo." });
    expect(fs.existsSync(path.join(workspace, 'made-in-accept-edits'))).toBe(false);
  });

  it('accept-edits runs mkdir and touch inside the workspace, sandboxed', async () => {
    const r = await call('accept-edits', { command: 'mkdir -p made/deep && touch made/deep/file' });
    expect(r.result?.content).toMatch(/Exit code: 0 \(sandboxed\)/);
    expect(fs.existsSync(path.join(workspace, 'made/deep/file'))).toBe(true);
  });

  it('default asks for it (and -p, which cannot ask, does not run it)', async () => {
    const r = await call('default', { command: 'touch made-in-default' });
    expect(r.result?.isError).toBe(true);
    expect(r.result?.content).toMatch(/needs approval/);
    expect(fs.existsSync(path.join(workspace, 'made-in-default'))).toBe(false);
  });

  it('a sandbox: false call asks in accept-edits, saying why', async () => {
    const target = path.join(outside, 'from-accept-edits');
    const r = await call('accept-edits', { command: `touch ${target}`, sandbox: false, reason: 'writes outside the workspace' });
    expect(r.result?.content).toMatch(/asks to run outside the sandbox/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('a sandbox: false call runs unsandboxed in yolo', async () => {
    const target = path.join(outside, 'from-yolo');
    const r = await call('yolo', { command: `touch ${target}; echo done`, sandbox: false, reason: 'writes outside the workspace' });
    expect(r.result?.content).toBe('done\n\nExit code: 0 (supervised)');
    expect(fs.existsSync(target)).toBe(true);
  });

  it('a sandbox: false call is refused in plan', async () => {
    const target = path.join(outside, 'from-plan');
    const r = await call('plan', { command: `touch ${target}`, sandbox: false, reason: 'writes outside the workspace' });
    expect(r.result?.isError).toBe(true);
    expect(fs.existsSync(target)).toBe(false);
  });
});
