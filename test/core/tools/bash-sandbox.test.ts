// The bash tool in real bubblewrap, in a real pty: the escapes the sandbox must stop, and what
// must keep working inside it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../../../src/core/shell/sandbox-probe.js';
import { readProcess } from '../../../src/core/shell/process-tree.js';
import { bashTool, type BashInput } from '../../../src/core/tools/bash.js';
import type { ToolDetails } from '../../../src/core/tools/details.js';
import { makeToolContext, type TestToolContext } from '../../helpers/tool-context.js';

type BashDetails = Extract<ToolDetails, { kind: 'bash' }>;

let base: string;
let workspace: string;
let outside: string;
let probe: CommandSandbox['probe'];
const sessions: string[] = [];

beforeAll(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sbx-')));
  workspace = path.join(base, 'workspace');
  outside = path.join(base, 'outside');
  fs.mkdirSync(workspace);
  fs.mkdirSync(outside);
  execFileSync('git', ['init', '-q', workspace]);
  fs.writeFileSync(path.join(workspace, '.env'), 'API_KEY=sk-from-dotenv-file\n');
  fs.writeFileSync(path.join(workspace, '.env.local'), 'OTHER=sk-from-dotenv-local\n');
  probe = await probeSandbox();
});

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
  for (const dir of sessions) fs.rmSync(dir, { recursive: true, force: true });
});

function context(opts: { signal?: AbortSignal; network?: boolean; allowUnsandboxed?: boolean } = {}): TestToolContext {
  const ctx = makeToolContext({ workspaceRoot: workspace, ...(opts.signal ? { signal: opts.signal } : {}) });
  ctx.session.sandbox = { mode: 'workspace', network: opts.network ?? false, probe, allowUnsandboxed: opts.allowUnsandboxed ?? false };
  sessions.push(ctx.session.sessionDir);
  return ctx;
}

async function run(command: string | BashInput, ctx = context()) {
  const input = typeof command === 'string' ? { command, timeout_ms: 10_000 } : command;
  const result = await bashTool.execute(input, ctx);
  return { ...result, ctx, details: result.details as BashDetails };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Host pids whose command line contains `marker` (pids inside the sandbox are its own). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const state = readProcess(Number(name))?.state;
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('the sandbox probe', () => {
  it('finds bubblewrap able to create its namespaces on this machine', () => {
    expect(probe).toMatchObject({ ok: true });
  });

  it('says what is missing and how to fix it when bwrap is not on PATH', async () => {
    const r = await probeSandbox({ PATH: outside });
    expect(r).toMatchObject({ ok: false, reason: 'bubblewrap (bwrap) is not on PATH' });
    expect(r.ok === false && r.fix).toContain('apt-get install bubblewrap');
  });

  it('names the failure when bwrap cannot start its sandbox, with the user-namespace note', async () => {
    const fake = path.join(outside, 'fakebin');
    fs.mkdirSync(fake, { recursive: true });
    fs.writeFileSync(path.join(fake, 'bwrap'), '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', { mode: 0o755 });
    const r = await probeSandbox({ PATH: fake });
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.reason).toContain('No permissions to create new namespace');
    expect(r.ok === false && r.fix).toContain('AppArmor');
  });

  it('says the sandbox is not available on another platform', async () => {
    const r = await probeSandbox(process.env, 'darwin');
    expect(r.ok === false && r.reason).toContain('not available on this platform');
  });

  it('runs commands unsandboxed, and says so, when the probe failed', async () => {
    const ctx = context();
    ctx.session.sandbox!.probe = { ok: false, reason: 'bubblewrap (bwrap) is not on PATH', fix: 'install it' };
    const r = await run(`echo x > ${outside}/unsandboxed-write; echo done`, ctx);
    expect(r.content).toBe('done\n\nExit code: 0 (supervised)');
    expect(r.details.sandboxed).toBe(false);
    expect(fs.existsSync(path.join(outside, 'unsandboxed-write'))).toBe(true);
  });
});

describe('escapes a sandboxed command cannot make', () => {
  it('cannot write to ~/.bashrc, and the model is told the sandbox blocked it', async () => {
    const bashrc = path.join(os.homedir(), '.bashrc');
    const before = fs.existsSync(bashrc) ? fs.readFileSync(bashrc, 'utf8') : null;
    const r = await run('echo "alias ls=evil" >> ~/.bashrc');
    expect(r.isError).toBe(true);
    expect(r.content).toContain(`${bashrc}: Read-only file system`);
    expect(r.content).toContain(`The sandbox blocked a write to ${bashrc}`);
    expect(r.content).toContain('Rerun with sandbox: false');
    expect(fs.existsSync(bashrc) ? fs.readFileSync(bashrc, 'utf8') : null).toBe(before);
  });

  it('cannot write to /etc', async () => {
    const r = await run('touch /etc/inkling-sandbox-escape');
    expect(r.content).toMatch(/Read-only file system/);
    expect(fs.existsSync('/etc/inkling-sandbox-escape')).toBe(false);
  });

  it('cannot write outside through a symlink in the workspace', async () => {
    fs.symlinkSync(outside, path.join(workspace, 'link-out'));
    fs.symlinkSync('/etc', path.join(workspace, 'link-etc'));
    const r = await run('echo x > link-out/escaped; echo y > link-etc/escaped; ls link-out/ 2>&1');
    expect(r.isError).toBe(true);
    expect(fs.existsSync(path.join(outside, 'escaped'))).toBe(false);
    expect(fs.existsSync('/etc/escaped')).toBe(false);
  });

  it('cannot write a git hook or change .git/config, but git status works', async () => {
    const r = await run('echo "#!/bin/sh" > .git/hooks/pre-commit; git config core.hooksPath /tmp/hooks; git status --short | head -3; echo end');
    expect(r.content).toMatch(/\.git\/hooks\/pre-commit: Read-only file system/);
    expect(r.content).toContain('end');
    expect(fs.existsSync(path.join(workspace, '.git/hooks/pre-commit'))).toBe(false);
    expect(fs.readFileSync(path.join(workspace, '.git/config'), 'utf8')).not.toContain('hooksPath');
    const status = await run('git status --porcelain=v1 --branch');
    expect(status.content).toMatch(/^## No commits yet on \w+/);
    expect(status.isError).toBe(false);
  });

  it('cannot write into .inkling/ of the workspace', async () => {
    fs.mkdirSync(path.join(workspace, '.inkling'), { recursive: true });
    const r = await run('echo "{}" > .inkling/settings.json');
    expect(r.content).toMatch(/Read-only file system/);
    expect(fs.existsSync(path.join(workspace, '.inkling/settings.json'))).toBe(false);
  });

  it('reads .env files as empty, in subfolders too', async () => {
    fs.mkdirSync(path.join(workspace, 'packages/api'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'packages/api/.env.production'), 'DB_PASSWORD=sk-from-dotenv-nested\n');
    const r = await run('cat .env .env.local packages/api/.env.production | base64; wc -c .env; ls -a | grep -c "^.env"');
    expect(r.content).not.toMatch(/c2st|sk-from/);
    // Every file read as empty: base64 printed nothing, so wc's line comes first.
    expect(r.content).toMatch(/^0 \.env\n/);
    expect(fs.readFileSync(path.join(workspace, '.env'), 'utf8')).toContain('sk-from-dotenv-file');
  });

  it('masks every .env file however deep, in dependencies too, and one made between two commands', async () => {
    const deep = 'a/b/c/d/e/f/g/h';
    for (const dir of [deep, 'node_modules/pkg/config']) fs.mkdirSync(path.join(workspace, dir), { recursive: true });
    fs.writeFileSync(path.join(workspace, deep, '.env'), 'DEEP=sk-from-dotenv-deep\n');
    fs.writeFileSync(path.join(workspace, 'node_modules/pkg/config/.env.test'), 'DEP=sk-from-dotenv-dep\n');
    const first = await run(`cat ${deep}/.env node_modules/pkg/config/.env.test; echo read`);
    expect(first.content).toMatch(/^read\n/);
    fs.writeFileSync(path.join(workspace, deep, '.env.later'), 'LATER=sk-from-dotenv-later\n');
    const second = await run(`cat ${deep}/.env.later; echo read`);
    expect(second.content).toMatch(/^read\n/);
  });

  it("cannot see inkling's process or read its environment", async () => {
    const r = await run(`cat /proc/${process.pid}/environ; ls /proc | grep -c '^[0-9]'; tr '\\0' '\\n' < /proc/$PPID/environ | grep -c INKLING_HOME`);
    expect(r.content).toContain(`/proc/${process.pid}/environ: No such file or directory`);
    // Only the sandbox's own few processes exist in its /proc.
    const count = Number(r.content.split('\n')[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(8);
  });

  it('cannot connect to a server on 127.0.0.1 (no network), but can with sandbox.network on', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const blocked = await run(`echo hi > /dev/tcp/127.0.0.1/${port} && echo connected`);
      expect(blocked.content).not.toContain('connected');
      expect(connections).toBe(0);
      const open = await run(`echo hi > /dev/tcp/127.0.0.1/${port} && echo connected`, context({ network: true }));
      expect(open.content).toContain('connected\n\nExit code: 0 (sandboxed, network on)');
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('tells the model when the network is missing', async () => {
    const r = await run("getent hosts example.com || echo 'curl: (6) Could not resolve host: example.com'; exit 6");
    expect(r.content).toContain('The sandbox has no network.');
  });

  it('cannot kill a process outside the sandbox', async () => {
    const victim = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const r = await run(`kill -9 ${victim.pid}`);
      expect(r.content).toMatch(/No such process/);
      expect(readProcess(victim.pid!)?.state).not.toBe('Z');
      expect(victim.exitCode).toBeNull();
    } finally {
      victim.kill('SIGKILL');
    }
  });

  it('can read the log of an earlier command but not change it', async () => {
    const ctx = context();
    const first = await run('seq 1 5', ctx);
    const r = await run(`sed -n 3p ${first.details.logPath}; echo x >> ${first.details.logPath}`, ctx);
    expect(r.content).toMatch(/^3\n.*Read-only file system/);
    expect(fs.readFileSync(first.details.logPath, 'utf8')).toBe('1\n2\n3\n4\n5\n');
  });
});

describe('what still works in the sandbox', () => {
  it('writes in the workspace, says it ran sandboxed, and keeps /tmp across calls of the session', async () => {
    const ctx = context();
    const r = await run('echo made > made.txt; echo kept > "$TMPDIR/carry"; echo "$TMPDIR"; cat made.txt', ctx);
    expect(r.content).toBe('/tmp\nmade\n\nExit code: 0 (sandboxed)');
    expect(r.details.sandboxed).toBe(true);
    expect(fs.readFileSync(path.join(workspace, 'made.txt'), 'utf8')).toBe('made\n');
    expect((await run('cat /tmp/carry', ctx)).content).toBe('kept\n\nExit code: 0 (sandboxed)');
  });

  it('keeps colours in the snapshot', async () => {
    const r = await run("printf '\\033[31mred\\033[0m\\n'");
    expect(r.content).toBe('red\n\nExit code: 0 (sandboxed)');
    expect(r.details.snapshot.lines[0]).toContain('\x1b[0;31mred');
  });

  it('lets the person type into read -p (Ctrl+T)', async () => {
    const ctx = context();
    const done = bashTool.execute({ command: 'read -r -p "name? " n; echo "got:$n"', timeout_ms: 10_000 }, ctx);
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.some((l) => l.includes('name?'))), 'prompt');
    for (const ch of ctx.inputs) ch.write('bob\r');
    const r = await done;
    expect(r.content).toMatch(/got:bob\n\nExit code: 0 \(sandboxed\)$/);
  });

  it('Esc (the interrupt) ends a sandboxed sleep 300 and its children, daemons included', async () => {
    const ac = new AbortController();
    const ctx = context({ signal: ac.signal });
    const marker = `esc-marker-${process.pid}`;
    const done = bashTool.execute(
      { command: `sh -c 'sleep 300; : ${marker}' & (setsid sh -c 'sleep 300; : ${marker}' &); echo started; sleep 300`, timeout_ms: 60_000 },
      ctx,
    );
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.includes('started')), 'started');
    // The two shells, and the sandbox's own bwrap and bash (the marker is in their arguments too).
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(4);
    ac.abort();
    const r = await done;
    expect(r.content).toMatch(/^started\n\nCommand interrupted/);
    expect(processesWith(marker)).toEqual([]);
  });

  it('ends at the timeout, children included, and says it was waiting for input', async () => {
    const marker = `timeout-marker-${process.pid}`;
    const r = await run({ command: `sh -c 'sleep 300; : ${marker}' & read -r -p "Continue? " x`, timeout_ms: 1500 });
    expect(r.details.timedOut).toBe(true);
    expect(r.content).toMatch(/Command timed out after 1500 ms while waiting for input/);
    expect(processesWith(marker)).toEqual([]);
  });

  it('leaves nothing behind when a finished command backgrounded a daemon', async () => {
    const marker = `left-marker-${process.pid}`;
    const r = await run(`(setsid env -i sh -c 'sleep 300; : ${marker}' &); echo ok`);
    expect(r.content).toBe('ok\n\nExit code: 0 (sandboxed)');
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('running outside the sandbox on request', () => {
  it('refuses sandbox: false when the session cannot ask (no --yolo)', async () => {
    const r = await run({ command: `touch ${outside}/requested`, sandbox: false, reason: 'writes outside' });
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^Command not run: running outside the sandbox needs the person's consent/);
    expect(fs.existsSync(path.join(outside, 'requested'))).toBe(false);
  });

  it('runs sandbox: false unsandboxed when the session allows it', async () => {
    const r = await run({ command: `touch ${outside}/requested; echo done`, sandbox: false, reason: 'writes outside' }, context({ allowUnsandboxed: true }));
    expect(r.content).toBe('done\n\nExit code: 0 (supervised)');
    expect(r.details.sandboxed).toBe(false);
    expect(fs.existsSync(path.join(outside, 'requested'))).toBe(true);
  });
});
