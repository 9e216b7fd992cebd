// `inkling -p` from start to exit on a trivial task (one text reply from the fake Anthropic server;
// then with one `bash: true` call first),
// beside `node -e 0` and `inkling --version` on the same machine at the same moment; medians of
// --runs, alternating so machine noise spreads over all three. With --prof <dir>, one more run
// writes a CPU profile there (node --cpu-prof) to see where the start goes.
//   npm run build && node --import tsx bench/print-startup.ts [--runs 15] [--prof /tmp/prof] [--repo <built checkout>]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reply, startFakeAnthropic } from '../test/helpers/fake-anthropic.js';

const run = promisify(execFile);
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
// --repo: another built checkout (e.g. a worktree of an older commit) to measure the same way.
const REPO = arg('--repo') ?? fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin', 'inkling.js');
const RUNS = Number(arg('--runs') ?? 15);
// As long as a real Anthropic key (108 characters): redaction's cost grows with it.
const KEY = 'sk-ant-api03-' + 'bench-print-startup-'.repeat(5).slice(0, 95);

const fake = await startFakeAnthropic({ apiKey: KEY });
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-pstart-')));
const workspace = path.join(base, 'ws');
fs.mkdirSync(workspace);
const env: NodeJS.ProcessEnv = { ...process.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_HOME: path.join(base, 'home'), FORCE_COLOR: '0' };

/** `bash: true` first when `withBash`, then the answer: the first command's cost shows on its own. */
async function timed(args: string[], withBash = false): Promise<number> {
  if (args.includes('-p')) {
    if (withBash) fake.enqueue(reply({ toolUses: [{ id: 'toolu_true', name: 'bash', input: { command: 'true' } }] }));
    fake.enqueue(reply({ text: 'done' }));
  }
  const t = performance.now();
  const r = await run(process.execPath, args, { cwd: workspace, env });
  if (args.includes('-p') && r.stdout.trim() !== 'done') throw new Error(`unexpected output: ${r.stdout} ${r.stderr}`);
  return performance.now() - t;
}

const times = { node: [] as number[], version: [] as number[], print: [] as number[], bash: [] as number[] };
await timed([BIN, '-p', 'say done']); // warms the disk cache
for (let i = 0; i < RUNS; i++) {
  times.node.push(await timed(['-e', '0']));
  times.version.push(await timed([BIN, '--version']));
  times.print.push(await timed([BIN, '-p', 'say done']));
  times.bash.push(await timed([BIN, '-p', 'run true', '--yolo'], true));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${REPO}: start → exit, median of ${RUNS}, load ${os.loadavg()[0]!.toFixed(2)}:`);
console.log(`  node -e 0:             ${median(times.node).toFixed(0)} ms`);
console.log(`  inkling --version:     ${median(times.version).toFixed(0)} ms`);
console.log(`  inkling -p (one reply): ${median(times.print).toFixed(0)} ms   (target for a test's whole run: <= 1000 ms)`);
console.log(`  inkling -p, bash true then the reply: ${median(times.bash).toFixed(0)} ms`);
const profDir = arg('--prof');
if (profDir) {
  fake.enqueue(reply({ text: 'done' }));
  await run(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, BIN, '-p', 'say done'], { cwd: workspace, env });
  console.log(`  CPU profile written to ${profDir}`);
}
await fake.close();
fs.rmSync(base, { recursive: true, force: true });
