// Issue 15's survivor table: for each of ten ways to background a process, how many are still
// running after the call returns, after its timeout, after Esc, after SIGINT to `inkling -p`, and
// after kill -9 of `inkling -p` — with the sandbox off and on; `job`: started as a background job
// (bash background: true), after the job table kills it (what /clear and exit do). The in-process
// columns drive the bash tool itself; the signal columns drive the built bin with a scripted model.
//   npm run build && node --import tsx bench/containment.ts [--mode off|sandbox|both] [--columns call,timeout,esc,job,sigint,kill9]
//   --legacy: for a tree from before --no-sandbox existed (the "before" column: nothing was sandboxed)
// A cell is the number of survivors, or "-" when the technique's process never started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandSandbox } from '../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../src/core/shell/sandbox-probe.js';
import { bashTool } from '../src/core/tools/bash.js';
import { JobTable } from '../src/core/jobs/job-table.js';
import { BACKGROUND_TECHNIQUES, uniqueMarker, type BackgroundTechnique } from '../test/helpers/background-techniques.js';
import { killSleepers, sleepersWith, within } from '../test/helpers/survivors.js';
import { makeToolContext } from '../test/helpers/tool-context.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin', fs.existsSync(path.join(REPO, 'bin', 'inkling')) ? 'inkling' : 'inkling.js');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const modeArg = arg('--mode') ?? 'both';
const modes = modeArg === 'both' ? (['off', 'sandbox'] as const) : ([modeArg] as ('off' | 'sandbox')[]);
const COLUMNS = ['call', 'timeout', 'esc', 'job', 'sigint', 'kill9'] as const;
type Column = (typeof COLUMNS)[number];
const columns = (arg('--columns')?.split(',') ?? COLUMNS) as Column[];

const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-contain-')));
const probe = await probeSandbox();
/** How long after the event a survivor must still be there to count (processes need a moment to die). */
const SETTLE_MS = 2000;

function context(mode: 'off' | 'sandbox', signal?: AbortSignal) {
  const ctx = makeToolContext({ workspaceRoot: workspace, ...(signal ? { signal } : {}) });
  if (mode === 'sandbox') ctx.session.sandbox = { mode: 'workspace', network: false, probe, allowUnsandboxed: false } satisfies CommandSandbox;
  return ctx;
}

async function survivors(marker: string): Promise<number> {
  // A dying process is not a survivor: one still there after the settle time is.
  await within(SETTLE_MS, () => sleepersWith(marker).length === 0);
  const n = sleepersWith(marker).length;
  killSleepers(marker);
  return n;
}

async function inProcess(column: 'call' | 'timeout' | 'esc' | 'job', mode: 'off' | 'sandbox', t: BackgroundTechnique): Promise<number> {
  const marker = uniqueMarker();
  const started = `${t.command(marker)}\necho started`;
  if (column === 'job') {
    const ctx = context(mode);
    const jobs = new JobTable();
    ctx.session.jobs = jobs;
    await bashTool.execute({ command: `${started}\nsleep 30`, background: true }, ctx);
    if (!(await within(5000, () => sleepersWith(marker).length > 0))) {
      await jobs.killAll('exit');
      return NaN;
    }
    await jobs.killAll('exit');
  } else if (column === 'call') {
    await bashTool.execute({ command: started, timeout_ms: 20_000 }, context(mode));
  } else if (column === 'timeout') {
    await bashTool.execute({ command: `${started}\nsleep 30`, timeout_ms: 1500 }, context(mode));
  } else {
    const ac = new AbortController();
    const run = bashTool.execute({ command: `${started}\nsleep 30`, timeout_ms: 20_000 }, context(mode, ac.signal));
    if (!(await within(5000, () => sleepersWith(marker).length > 0))) {
      ac.abort();
      await run;
      return NaN;
    }
    ac.abort();
    await run;
  }
  return survivors(marker);
}

async function throughBin(column: 'sigint' | 'kill9', mode: 'off' | 'sandbox', t: BackgroundTechnique): Promise<number> {
  const marker = uniqueMarker();
  const script = path.join(workspace, `script-${marker}.json`);
  fs.writeFileSync(
    script,
    JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_bg', name: 'bash', input: { command: `${t.command(marker)}\necho started; sleep 30` } }] }, { content: [{ type: 'text', text: 'done' }] }]),
  );
  // --yolo: the question here is containment, not whether the command may run.
  const child = spawn(BIN, ['-p', 'go', '--yolo', '--script', script, ...(mode === 'off' && !process.argv.includes('--legacy') ? ['--no-sandbox'] : [])], {
    cwd: workspace,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, INKLING_HOME: path.join(workspace, 'home') },
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  if (!(await within(20_000, () => sleepersWith(marker).length > 0))) {
    child.kill('SIGKILL');
    await exited;
    return NaN;
  }
  child.kill(column === 'sigint' ? 'SIGINT' : 'SIGKILL');
  await exited;
  return survivors(marker);
}

const table: string[] = [];
const header = `| technique | ${modes.flatMap((m) => columns.map((c) => `${c} (${m})`)).join(' | ')} |`;
table.push(header, `| --- |${' --- |'.repeat(modes.length * columns.length)}`);
const totals = new Map<string, number>();
for (const t of BACKGROUND_TECHNIQUES) {
  const cells: string[] = [];
  for (const mode of modes) {
    if (mode === 'sandbox' && !probe.ok) {
      cells.push(...columns.map(() => 'n/a'));
      continue;
    }
    for (const column of columns) {
      const n = column === 'sigint' || column === 'kill9' ? await throughBin(column, mode, t) : await inProcess(column, mode, t);
      cells.push(Number.isNaN(n) ? '-' : String(n));
      if (!Number.isNaN(n)) totals.set(`${column}-${mode}`, (totals.get(`${column}-${mode}`) ?? 0) + n);
    }
  }
  table.push(`| ${t.name} | ${cells.join(' | ')} |`);
  process.stderr.write('.');
}
table.push(`| **survivors** | ${modes.flatMap((m) => columns.map((c) => `**${totals.get(`${c}-${m}`) ?? 'n/a'}**`)).join(' | ')} |`);
process.stderr.write('\n');
console.log(table.join('\n'));
fs.rmSync(workspace, { recursive: true, force: true });
process.exit(0);
