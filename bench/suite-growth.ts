// What an issue's tests add to the suite: runs its test files (and its tests inside older files)
// with vitest's JSON reporter and prints the sum of their durations (what they add to a serial
// run, an upper bound for the parallel one) and the wall time. Each issue's bench names its files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface IssueTests {
  /** How the last line names them ("issue 40's tests"). */
  label: string;
  /** Files that are the issue's whole. */
  files: string[];
  /** The issue's tests inside files that were there before, by file and a part of their name. */
  tests?: [string, string][];
}

export function measureSuiteGrowth({ label, files, tests = [] }: IssueTests): void {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-suite-')), 'report.json');
  const started = Date.now();
  try {
    execFileSync('npx', ['vitest', 'run', ...files, ...tests.map(([f]) => f), '--reporter=json', `--outputFile=${out}`], { stdio: 'ignore' });
  } catch {
    // A failing test still writes the report; the figures say which ran.
  }
  const wall = Date.now() - started;
  const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number; assertionResults: { fullName: string; duration: number; status: string }[] }[] };
  let total = 0;
  for (const file of report.testResults) {
    const rel = path.relative(process.cwd(), file.name);
    const wanted = tests.filter(([f]) => f === rel).map(([, part]) => part);
    const whole = files.includes(rel);
    const ms = whole ? file.endTime - file.startTime : file.assertionResults.filter((a) => wanted.some((w) => a.fullName.includes(w))).reduce((s, a) => s + a.duration, 0);
    const failed = file.assertionResults.filter((a) => a.status !== 'passed').length;
    total += ms;
    console.log(`${rel}: ${(ms / 1000).toFixed(1)} s${whole ? '' : ' (its new tests)'}${failed ? `, ${failed} not passed` : ''}`);
  }
  console.log(`${label}: ${(total / 1000).toFixed(1)} s summed; this run took ${(wall / 1000).toFixed(1)} s of wall time (with the other tests of those older files and vitest's start)`);
  // Durations grow with the machine's load (a shared machine): the figure carries its conditions.
  console.log(`load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
}
