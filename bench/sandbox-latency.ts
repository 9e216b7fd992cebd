// What the sandbox adds to one command: `true` through the bash tool, sandboxed and not (the
// supervisor), and bare bwrap and supervisor launches; medians of --runs (default 50) each.
// With --tree <dir>, also the `.env*` search of that tree (its first search, then one per command).
//   node --import tsx bench/sandbox-latency.ts [--runs 50] [--tree /path/to/a/big/repo]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EnvFileIndex } from '../src/core/shell/env-files.js';
import { probeSandbox } from '../src/core/shell/sandbox-probe.js';
import { supervisorPath } from '../src/core/shell/supervisor.js';
import { bashTool } from '../src/core/tools/bash.js';
import { makeToolContext } from '../test/helpers/tool-context.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 50;
const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sbxlat-')));
const probe = await probeSandbox();
if (!probe.ok) {
  console.error(`the sandbox cannot start here: ${probe.reason}`);
  process.exit(1);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timeCalls(sandboxed: boolean): Promise<number> {
  const ctx = makeToolContext({ workspaceRoot: workspace });
  if (sandboxed) ctx.session.sandbox = { mode: 'workspace', network: false, probe, allowUnsandboxed: false };
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t = performance.now();
    const r = await bashTool.execute({ command: 'true' }, ctx);
    if (r.isError) throw new Error(r.content);
    if (i >= 3) times.push(performance.now() - t); // the first few warm the caches
  }
  fs.rmSync(ctx.session.sessionDir, { recursive: true, force: true });
  return median(times);
}

function timeSpawn(file: string, args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    execFileSync(file, args, { stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  return median(times);
}

// Alternate to spread machine noise over both.
const plain: number[] = [];
const boxed: number[] = [];
for (let round = 0; round < 3; round++) {
  plain.push(await timeCalls(false));
  boxed.push(await timeCalls(true));
}
const p = median(plain);
const b = median(boxed);
const bareTrue = timeSpawn('/bin/true', []);
const bareBwrap = timeSpawn(probe.bwrap, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--unshare-net', '--die-with-parent', '/bin/true']);
const sup = supervisorPath();
const bareSupervisor = sup ? timeSpawn(sup, ['/bin/true']) : NaN;
console.log(`bash tool, \`true\`, median of ${RUNS} (x3 rounds, median of medians), load ${os.loadavg()[0]!.toFixed(2)}:`);
console.log(`  unsandboxed (supervisor): ${p.toFixed(1)} ms`);
console.log(`  sandboxed (bwrap):        ${b.toFixed(1)} ms`);
console.log(`  added by the sandbox:     ${(b - p).toFixed(1)} ms   (target <= 15 ms)`);
console.log(`bare launches, median of ${RUNS}: /bin/true ${bareTrue.toFixed(1)} ms, bwrap … /bin/true ${bareBwrap.toFixed(1)} ms, supervisor /bin/true ${bareSupervisor.toFixed(1)} ms`);
const treeArg = process.argv.indexOf('--tree');
if (treeArg >= 0) {
  const index = new EnvFileIndex(fs.realpathSync(process.argv[treeArg + 1]!));
  let t = performance.now();
  const first = await index.search();
  const firstMs = performance.now() - t;
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await index.search();
    again.push(performance.now() - t);
  }
  console.log(`.env* search of ${first.folders} folders (${first.files.length} files): first ${firstMs.toFixed(1)} ms, then per command ${median(again).toFixed(1)} ms (median of ${RUNS})`);
}
fs.rmSync(workspace, { recursive: true, force: true });
