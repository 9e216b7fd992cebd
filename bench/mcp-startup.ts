// Start-up with MCP servers configured: the built app (demo model) in tmux with none and with three
// server-everything stdio servers in the user settings, time to the input prompt and the app's own
// "first frame rendered" mark (the servers must not move either); then, in process, how long one
// and three servers take to be ready (they start in parallel, after the first frame).
//   npm run build && node --import tsx bench/mcp-startup.ts [runs]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { McpServers } from '../src/core/mcp/mcp-servers.js';
import { startTmuxApp } from '../test/e2e/tmux-app.js';
import { everythingStdio } from '../test/helpers/mcp-servers.js';
import { startupMarks } from './frames/trace-file.js';

const runs = Number(process.argv[2] ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-mcp-'));

function homeWith(servers: number): string {
  const home = path.join(scratch, `home-${servers}`);
  mkdirSync(home, { recursive: true });
  const mcpServers = Object.fromEntries(Array.from({ length: servers }, (_, i) => [`everything${i + 1}`, everythingStdio().settings]));
  writeFileSync(path.join(home, 'settings.json'), JSON.stringify(servers > 0 ? { mcpServers } : {}));
  return home;
}

async function firstFrame(servers: number): Promise<{ prompt: number[]; mark: number[] }> {
  const home = homeWith(servers);
  const ws = path.join(scratch, `ws-${servers}`);
  mkdirSync(ws, { recursive: true });
  const prompt: number[] = [];
  const mark: number[] = [];
  for (let i = 0; i < runs; i++) {
    const trace = path.join(scratch, `trace-${servers}-${i}.txt`);
    const t0 = performance.now();
    const app = startTmuxApp({ cwd: ws, env: { INKLING_HOME: home, INKLING_TRACE_EVENTS: trace }, cols: 120, rows: 32 });
    try {
      while (!app.screen().includes('Ask anything')) {
        if (performance.now() - t0 > 20_000) throw new Error(`no prompt after 20 s:\n${app.screen()}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      prompt.push(performance.now() - t0);
      // Let the servers start (and be killed with the app) before the next run.
      await new Promise((r) => setTimeout(r, servers > 0 ? 1500 : 300));
    } finally {
      app.kill();
    }
    const m = startupMarks(trace)['first frame rendered'];
    if (m !== undefined) mark.push(m);
  }
  return { prompt, mark };
}

async function ready(servers: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < Math.min(runs, 5); i++) {
    const t0 = performance.now();
    const set = new McpServers({
      entries: Array.from({ length: servers }, (_, n) => everythingStdio(`everything${n + 1}`)),
      workspaceTrusted: true,
      workspaceRoot: scratch,
      logDir: path.join(scratch, 'logs'),
      env: process.env,
      secretEnvNames: [],
      clientVersion: 'bench',
    });
    set.start();
    await set.settled(30_000);
    times.push(performance.now() - t0);
    if (set.summary().ready !== servers) throw new Error(`not all ready: ${JSON.stringify(set.servers().map((s) => s.state))}`);
    await set.close();
  }
  return times;
}

try {
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`machine: ${os.cpus().length} cores, load average ${load}; ${runs} runs each`);
  for (const n of [0, 3]) {
    const r = await firstFrame(n);
    console.log(`${n} servers: tmux start → input prompt ${fmt(r.prompt)}`);
    if (r.mark.length > 0) console.log(`${n} servers: process start → first frame rendered (trace mark) ${fmt(r.mark)}`);
  }
  for (const n of [1, 3]) console.log(`${n} server${n > 1 ? 's' : ''} ready (in process, start → all ready) ${fmt(await ready(n))}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
