// -p under the permission modes, through the real bin and a scripted model: never waits, denies
// what would ask with the exact message, and the rules from flags and settings apply.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;
let workspace: string;
let home: string;

beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-permcli-')));
  home = path.join(base, 'home');
  fs.mkdirSync(home);
}, 120_000);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
beforeEach(() => {
  workspace = fs.mkdtempSync(path.join(base, 'ws-'));
});

function script(calls: { name: string; input: unknown }[]): string {
  const file = path.join(workspace, '..', `${path.basename(workspace)}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify([
      { content: calls.map((c, i) => ({ type: 'tool_use', id: `toolu_${i}`, name: c.name, input: c.input })) },
      { content: [{ type: 'text', text: 'done' }] },
    ]),
  );
  return file;
}

const run = (args: string[]) => runBin(['-p', 'go', '--output-format', 'stream-json', ...args], { cwd: workspace, env: { INKLING_HOME: home } });

function results(stdout: string): Record<string, { content: string; isError: boolean }> {
  const out: Record<string, { content: string; isError: boolean }> = {};
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const e = JSON.parse(line) as { type: string; id: string; content: string; isError: boolean };
    if (e.type === 'tool_result') out[e.id] = { content: e.content, isError: e.isError };
  }
  return out;
}

const calls = [
  { name: 'bash', input: { command: 'touch made-by-bash' } },
  { name: 'write_file', input: { path: 'notes.txt', content: 'hi\n' } },
  { name: 'bash', input: { command: 'ls' } },
];

describe('-p and permissions', () => {
  it('default: runs read-only commands, denies the rest with the exact message, and goes on', async () => {
    const r = await run(['--script', script(calls)]);
    expect(r.code).toBe(0);
    const got = results(r.stdout);
    expect(got.toolu_0).toEqual({ isError: true, content: "This command needs approval: rerun with --allowed-tools 'bash(touch:*)', --permission-mode accept-edits or --yolo." });
    expect(got.toolu_1).toEqual({ isError: true, content: "write_file notes.txt needs approval: rerun with --permission-mode accept-edits, --allowed-tools 'edit(notes.txt)' or --yolo." });
    expect(got.toolu_2?.isError).toBe(false);
    expect(fs.existsSync(path.join(workspace, 'made-by-bash'))).toBe(false);
    expect(fs.existsSync(path.join(workspace, 'notes.txt'))).toBe(false);
    expect(r.stdout).toContain('"text":"done"');
  });

  it('accept-edits writes files; --allowed-tools allows the command', async () => {
    const r = await run(['--permission-mode', 'accept-edits', '--allowed-tools', 'bash(touch made-by-bash),read', '--no-sandbox', '--script', script(calls)]);
    const got = results(r.stdout);
    expect(got.toolu_0?.isError).toBe(false);
    expect(got.toolu_1?.isError).toBe(false);
    expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('hi\n');
    expect(fs.existsSync(path.join(workspace, 'made-by-bash'))).toBe(true);
  });

  it('plan refuses writes with the plan message; --yolo runs them but --disallowed-tools still denies', async () => {
    const plan = results((await run(['--permission-mode', 'plan', '--script', script(calls)])).stdout);
    expect(plan.toolu_1?.content).toContain('plan mode');
    const yolo = results((await run(['--yolo', '--no-sandbox', '--disallowed-tools', 'bash(touch:*)', '--script', script(calls)])).stdout);
    expect(yolo.toolu_0?.content).toContain('Refused by the permission rule "bash(touch:*)" (from --disallowed-tools)');
    expect(yolo.toolu_1?.isError).toBe(false);
  });

  it('denies a protected path even in yolo unless an allow rule names it', async () => {
    const env = [{ name: 'write_file', input: { path: '.env', content: 'X=1\n' } }];
    const denied = results((await run(['--yolo', '--script', script(env)])).stdout);
    expect(denied.toolu_0?.content).toBe("write_file .env needs approval: it is a protected path, written by -p only with --allowed-tools 'edit(.env)'.");
    const allowed = results((await run(['--yolo', '--allowed-tools', 'edit(.env)', '--script', script(env)])).stdout);
    expect(allowed.toolu_0?.isError).toBe(false);
  });

  it('reads rules from the settings files, and says which file an ignored rule is in', async () => {
    fs.writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ permissions: { allow: ['bash(touch:*)', 'bash('] } }));
    try {
      const r = await run(['--no-sandbox', '--script', script(calls.slice(0, 1))]);
      expect(results(r.stdout).toolu_0?.isError).toBe(false);
      expect(r.stderr).toContain('permissions.allow[1]: "bash(" is not a rule');
    } finally {
      fs.rmSync(path.join(home, 'settings.json'));
    }
  });

  it('refuses bad flags as usage errors', async () => {
    const both = await runBin(['-p', 'x', '--yolo', '--permission-mode', 'plan'], { cwd: workspace, env: { INKLING_HOME: home } });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--yolo and --permission-mode both set the mode');
    const bad = await runBin(['-p', 'x', '--demo', '--allowed-tools', 'bash()'], { cwd: workspace, env: { INKLING_HOME: home } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--allowed-tools: "bash()": the parentheses are empty');
  });
});
