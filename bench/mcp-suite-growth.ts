// How much issue 40 (MCP resources, prompts, OAuth, forms) adds to the test suite: runs its test
// files and its tests in older files with vitest's JSON reporter and prints the sum of their
// durations (what they add to a serial run, an upper bound for the parallel one) and the wall time.
// The built program is needed for the bin and tmux tests:
//   npm run build && node --import tsx bench/mcp-suite-growth.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NEW_FILES = [
  'test/core/mcp/resources-prompts.test.ts',
  'test/core/mcp/oauth.test.ts',
  'test/components/mcp-login-form.test.tsx',
  'test/cli/mcp-login.test.ts',
  'test/e2e/mcp-login-resources.test.ts',
];
/** New tests inside files that were there before, by file and a part of their name. */
const NEW_TESTS: [string, string][] = [
  ['test/cli/mcp.test.ts', 'MCP prompt command'],
  ['test/store/command-table.test.ts', 'MCP server'],
  ['test/store/input-actions.test.ts', 'MCP server'],
];

const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-suite-')), 'report.json');
const started = Date.now();
try {
  execFileSync('npx', ['vitest', 'run', ...NEW_FILES, ...NEW_TESTS.map(([f]) => f), '--reporter=json', `--outputFile=${out}`], { stdio: 'ignore' });
} catch {
  // A failing test still writes the report; the figures say which ran.
}
const wall = Date.now() - started;
const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number; assertionResults: { fullName: string; duration: number; status: string }[] }[] };
let total = 0;
for (const file of report.testResults) {
  const rel = path.relative(process.cwd(), file.name);
  const wanted = NEW_TESTS.filter(([f]) => f === rel).map(([, part]) => part);
  const whole = NEW_FILES.includes(rel);
  const ms = whole ? file.endTime - file.startTime : file.assertionResults.filter((a) => wanted.some((w) => a.fullName.includes(w))).reduce((s, a) => s + a.duration, 0);
  const failed = file.assertionResults.filter((a) => a.status !== 'passed').length;
  total += ms;
  console.log(`${rel}: ${(ms / 1000).toFixed(1)} s${whole ? '' : ' (its new tests)'}${failed ? `, ${failed} not passed` : ''}`);
}
console.log(`issue 40's tests: ${(total / 1000).toFixed(1)} s summed; this run took ${(wall / 1000).toFixed(1)} s of wall time (with the other tests of those older files and vitest's start)`);
