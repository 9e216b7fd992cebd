// `inkling --acp` as an editor starts it: spawn → initialize answered, spawn → the first chunk of a
// prompt (initialize, session/new, session/prompt against the fake Anthropic server), and the
// process's resident memory with one session open after that prompt; beside `inkling --version` at
// the same moment (the machine's own start cost); medians of --runs, alternating.
//   npm run build && node --import tsx bench/acp.ts [--runs 7] [--repo <built checkout>]
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { client, ndJsonStream } from '@agentclientprotocol/sdk';
import { reply, startFakeAnthropic } from '../test/helpers/fake-anthropic.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const REPO = arg('--repo') ?? fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin', 'inkling.js');
const RUNS = Number(arg('--runs') ?? 7);
const KEY = 'sk-ant-api03-' + 'bench-acp-'.repeat(10).slice(0, 95);

const fake = await startFakeAnthropic({ apiKey: KEY });
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-acp-')));
const workspace = path.join(base, 'ws');
fs.mkdirSync(workspace);
const env: NodeJS.ProcessEnv = { ...process.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_HOME: path.join(base, 'home'), FORCE_COLOR: '0' };

function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function once(): Promise<{ initialize: number; firstChunk: number; rss: number }> {
  fake.enqueue(reply({ text: ['first chunk', ' and the rest'] }));
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, '--acp'], { cwd: workspace, env, stdio: ['pipe', 'pipe', 'ignore'] });
  let firstChunk = 0;
  const app = client({ name: 'bench' }).onNotification('session/update', ({ params }) => {
    if (!firstChunk && params.update.sessionUpdate === 'agent_message_chunk') firstChunk = performance.now() - started;
  });
  const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>));
  await connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  const initialize = performance.now() - started;
  const { sessionId } = await connection.agent.request('session/new', { cwd: workspace, mcpServers: [] });
  await connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'say something' }] });
  const rss = rssMiB(child.pid!);
  const exited = new Promise((resolve) => child.on('close', resolve));
  child.stdin.end();
  await exited;
  return { initialize, firstChunk, rss };
}

async function version(): Promise<number> {
  const t = performance.now();
  await promisify(execFile)(process.execPath, [BIN, '--version'], { cwd: workspace, env });
  return performance.now() - t;
}

await once(); // warms the disk cache
const runs: Array<Awaited<ReturnType<typeof once>>> = [];
const versions: number[] = [];
for (let i = 0; i < RUNS; i++) {
  versions.push(await version());
  runs.push(await once());
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${REPO}: inkling --acp, median of ${RUNS}, load ${os.loadavg()[0]!.toFixed(2)}:`);
console.log(`  inkling --version (start → exit):      ${median(versions).toFixed(0)} ms`);
console.log(`  spawn → initialize answered:           ${median(runs.map((r) => r.initialize)).toFixed(0)} ms`);
console.log(`  spawn → first chunk of a prompt:       ${median(runs.map((r) => r.firstChunk)).toFixed(0)} ms   (initialize, session/new, session/prompt)`);
console.log(`  resident memory, one session, after it: ${median(runs.map((r) => r.rss)).toFixed(1)} MiB`);
await fake.close();
fs.rmSync(base, { recursive: true, force: true });
