// The bash grammar's cost: how long loading it takes (web-tree-sitter + tree-sitter-bash.wasm, in a
// fresh process each time), the first parse, and a warm parse; plus the permission chain's check of
// a typical command. Measures the compiled modules, as the program runs them:
//   npm run build && node --import tsx bench/bash-parser.ts [--reps 5]
import { execFileSync } from 'node:child_process';

const repsAt = process.argv.indexOf('--reps');
const reps = repsAt === -1 ? 5 : Number(process.argv[repsAt + 1]);

const dist = new URL('../dist/src/core/permissions', import.meta.url).href;

// The child runs as plain node (no TypeScript loader), as the built program does.
const child = `
  const t0 = performance.now();
  const { loadBashParser } = await import('${dist}/bash-parser.js');
  const parser = await loadBashParser();
  const t1 = performance.now();
  const first = parser.parse('git status && npm test -- --watch=false | tee out.txt');
  first?.done();
  const t2 = performance.now();
  const { analyzeCommand } = await import('${dist}/command-analysis.js');
  const { catastrophicReason } = await import('${dist}/catastrophic.js');
  const n = 1000;
  const t3 = performance.now();
  for (let i = 0; i < n; i++) {
    analyzeCommand(parser, 'git status && npm test -- --watch=false | tee out.txt');
    catastrophicReason(parser, 'rm -rf build && curl -s x | grep y', { workspaceRoot: '/w', home: '/h' });
  }
  const t4 = performance.now();
  console.log(JSON.stringify({ load: t1 - t0, firstParse: t2 - t1, warm: (t4 - t3) / n }));
`;

const runs = Array.from({ length: reps }, () => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' })) as Record<string, number>);
const median = (k: string) => runs.map((r) => r[k]!).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
console.log(`bash grammar, median of ${reps} fresh processes:`);
console.log(`  load (import + WebAssembly)          ${median('load').toFixed(1)} ms`);
console.log(`  first parse                          ${median('firstParse').toFixed(2)} ms`);
console.log(`  analyse + catastrophe check, warm    ${(median('warm') * 1000).toFixed(0)} µs per command`);
