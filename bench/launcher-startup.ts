// What bin/inkling (the sh launcher that moves the API key onto a pipe) adds to start-up:
// `--version` through the launcher vs `node bin/inkling.js`, with a key set; medians of --runs.
//   npm run build && node --import tsx bench/launcher-startup.ts [--runs 30]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 30;
const env = { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-bench-not-a-real-key-0123456789' };

function median(file: string, args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    execFileSync(file, args, { env, stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const direct: number[] = [];
const launched: number[] = [];
for (let round = 0; round < 3; round++) {
  direct.push(median(process.execPath, [path.join(REPO, 'bin', 'inkling.js'), '--version']));
  launched.push(median(path.join(REPO, 'bin', 'inkling'), ['--version']));
}
const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
console.log(`inkling --version, median of ${RUNS} (x3 rounds):`);
console.log(`  node bin/inkling.js: ${mid(direct).toFixed(1)} ms`);
console.log(`  bin/inkling (sh):    ${mid(launched).toFixed(1)} ms   (+${(mid(launched) - mid(direct)).toFixed(1)} ms)`);
