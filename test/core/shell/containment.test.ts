// Nothing a command starts outlives its call: ten ways to leave a process in the background,
// with the sandbox (its PID namespace) and without it (the native supervisor, a child subreaper),
// after the call, its timeout and Esc, and after SIGINT, SIGTERM, SIGHUP and kill -9 of `inkling -p`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../../../src/core/shell/sandbox-probe.js';
import { supervisorPath } from '../../../src/core/shell/supervisor.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { BACKGROUND_TECHNIQUES, uniqueMarker } from '../../helpers/background-techniques.js';
import { killSleepers, sleepersWith, within } from '../../helpers/survivors.js';
import { makeToolContext } from '../../helpers/tool-context.js';
import { BIN, ensureBuilt } from '../../cli/run-bin.js';

let workspace: string;
let probe: CommandSandbox['probe'];
const markersUsed: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-contain-')));
  probe = await probeSandbox();
}, 120_000);

afterAll(() => {
  for (const m of markersUsed) killSleepers(m);
  fs.rmSync(workspace, { recursive: true, force: true });
});

/** One command that backgrounds a sleeper by every technique; returns it and the markers. */
function everyTechnique(): { command: string; markers: string[] } {
  const markers = BACKGROUND_TECHNIQUES.map(() => uniqueMarker());
  markersUsed.push(...markers);
  const command = BACKGROUND_TECHNIQUES.map((t, i) => t.command(markers[i]!)).join('\n');
  return { command, markers };
}

const allStarted = (markers: string[]) => markers.every((m) => sleepersWith(m).length > 0);
const survivors = (markers: string[]) =>
  BACKGROUND_TECHNIQUES.filter((_, i) => sleepersWith(markers[i]!).length > 0).map((t) => t.name);

const MODES = ['supervisor', 'sandbox'] as const;

function context(mode: (typeof MODES)[number], signal?: AbortSignal) {
  const ctx = makeToolContext({ workspaceRoot: workspace, ...(signal ? { signal } : {}) });
  if (mode === 'sandbox') ctx.session.sandbox = { mode: 'workspace', network: false, probe, allowUnsandboxed: false };
  return ctx;
}

it('has the native supervisor built and bubblewrap working (both containments are tested)', () => {
  expect(supervisorPath()).toMatch(/build\/Release\/inkling-supervisor$/);
  expect(probe.ok).toBe(true);
});

describe.each(MODES)('in-process, contained by the %s', (mode) => {
  it('leaves no process of any technique once the call returned', async () => {
    const { command, markers } = everyTechnique();
    const r = await bashTool.execute({ command: `${command}\necho started`, timeout_ms: 10_000 }, context(mode));
    expect(r.content).toMatch(/^started\n/);
    expect(survivors(markers)).toEqual([]);
  });

  it('leaves none after the timeout', async () => {
    const { command, markers } = everyTechnique();
    const r = await bashTool.execute({ command: `${command}\nsleep 30`, timeout_ms: 800 }, context(mode));
    expect(r.content).toMatch(/timed out after 800 ms/);
    expect(survivors(markers)).toEqual([]);
  });

  it('leaves none after Esc', async () => {
    const { command, markers } = everyTechnique();
    const ac = new AbortController();
    const run = bashTool.execute({ command: `${command}\nsleep 30`, timeout_ms: 10_000 }, context(mode, ac.signal));
    expect(await within(5000, () => allStarted(markers))).toBe(true);
    ac.abort();
    expect((await run).content).toMatch(/Command interrupted/);
    expect(survivors(markers)).toEqual([]);
  });
});

async function inklingP(mode: (typeof MODES)[number], command: string) {
  const script = path.join(workspace, `script-${uniqueMarker()}.json`);
  fs.writeFileSync(
    script,
    JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_bg', name: 'bash', input: { command } }] }, { content: [{ type: 'text', text: 'done' }] }]),
  );
  // --yolo: what is tested is containment, not whether the command may run (-p cannot ask).
  const child = spawn(process.execPath, [BIN, '-p', 'go', '--yolo', '--script', script, ...(mode === 'supervisor' ? ['--no-sandbox'] : [])], {
    cwd: workspace,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exit, stderr: () => stderr };
}

describe.each(MODES)('inkling -p, contained by the %s', (mode) => {
  // The signal handling is the same code in both modes: SIGTERM and SIGHUP once, with the supervisor.
  const signals = mode === 'sandbox' ? ([['SIGINT', 130]] as const) : ([['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const);
  for (const [signal, code] of signals) {
    it(`${signal} mid-command exits ${code} only once every process is gone (a SIGTERM-ignoring one too)`, async () => {
      const { command, markers } = everyTechnique();
      const run = await inklingP(mode, `${command}\nsleep 30`);
      expect(await within(20_000, () => allStarted(markers))).toBe(true);
      run.child.kill(signal);
      expect(await run.exit).toEqual({ code, signal: null });
      expect(survivors(markers)).toEqual([]);
    }, 40_000);
  }

  if (mode === 'supervisor') it('a second SIGINT during the cleanup still kills everything and exits 130', async () => {
    const { command, markers } = everyTechnique();
    const run = await inklingP(mode, `${command}\nsleep 30`);
    expect(await within(20_000, () => allStarted(markers))).toBe(true);
    run.child.kill('SIGINT');
    run.child.kill('SIGINT');
    expect(await run.exit).toEqual({ code: 130, signal: null });
    expect(survivors(markers)).toEqual([]);
  }, 40_000);

  it('kill -9 of inkling leaves no process behind', async () => {
    const { command, markers } = everyTechnique();
    const run = await inklingP(mode, `${command}\nsleep 30`);
    expect(await within(20_000, () => allStarted(markers))).toBe(true);
    run.child.kill('SIGKILL');
    await run.exit;
    // Nothing waits for a killed process: the supervisor (or bwrap) ends the tree as it notices.
    expect(await within(2000, () => survivors(markers).length === 0), `survivors: ${survivors(markers).join(', ')}`).toBe(true);
  }, 40_000);
});
