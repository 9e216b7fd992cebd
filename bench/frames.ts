// Every figure of issue 11 (cheap frames) in one table: what | target | baseline | now.
// Drives the built app in tmux against the fake Anthropic server, plus one in-process frame
// measurement; medians of --reps runs where a figure is noisy. About 3 minutes on 2 cores.
//   npm run bench                                   build, then every scenario
//   npm run bench -- --only live,flood              a subset (names below)
//   npm run bench -- --save after                   also write bench/results/after.json
//   npm run bench -- --baseline baseline            the file the baseline column comes from
//   npm run bench -- --only startup --with-setup    start-up with 50 skills and 20 hooks in the workspace (issue 33)
//   npm run bench -- --profile --save baseline      CPU profiles of the live, flood, keys and spinner scenarios,
//                                                   top self time → bench/results/baseline-profile.md
//   npm run bench -- --only firstturn --reps 5 --save firstturn-<side>-1
//                                                   issue 41's first turn, cold and warm (bench/frames/first-turn.ts)
// Scenarios: startup frame live spinner firstline reads keys flood firstturn
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { SCENARIOS, round, type Figures, type Scenario, type ScenarioResult } from './frames/figures.js';
import { firstLine, liveTurn, parallelReads, spinnerIdleEsc } from './frames/live-scenarios.js';
import { flood, keysDuringFlood } from './frames/flood-scenarios.js';
import { startup } from './frames/startup.js';
import { firstTurn } from './frames/first-turn.js';
import { figureNotes, figureTable, loadResults, runInfo, saveResults } from './frames/results-file.js';
import { profileScenarios } from './frames/profile-run.js';
import { machineBusyPercent } from './frames/proc-stats.js';
import { removeTempDirs } from './frames/app-session.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const only = arg('--only')?.split(',').map((s) => s.trim()) ?? SCENARIOS;
const unknown = only.filter((s) => !SCENARIOS.includes(s as Scenario));
if (unknown.length) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.join(' ')}`);
  process.exit(2);
}
const save = arg('--save');
const baselineLabel = arg('--baseline') ?? 'baseline';
const reps = Number(arg('--reps') ?? 3);

const load = os.loadavg();
const busy = await machineBusyPercent(2000);
console.log(
  `load average ${load.map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores; machine ${busy.toFixed(0)}% busy over the last 2 s` +
    (busy > 10 ? ' — NOT QUIET: figures will be high' : ''),
);
const info = runInfo(only, busy);

if (process.argv.includes('--profile')) {
  // Of the profiled scenarios (live, flood, keys, spinner; firstturn adds settle, coldlive and warmturn), those --only names; all when it names none.
  const profiled = only.flatMap((s) => (s === 'firstturn' ? ['firstturn', 'settle', 'coldlive', 'warmturn'] : ['live', 'flood', 'keys', 'spinner'].includes(s) ? [s] : []));
  await profileScenarios({ reps, save, ...(profiled.length ? { only: profiled } : {}) });
  removeTempDirs();
  process.exit(0);
}

const frameFigures = (): ScenarioResult => {
  // A process of its own with React's production build, as the app runs it.
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'frames/frame-time.tsx')], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const json = out.split('\n').find((l) => l.startsWith('{'));
  if (!json) throw new Error(`frame-time printed no figures:\n${out}`);
  return { figures: JSON.parse(json) as Figures };
};

const runs: Record<Scenario, () => Promise<ScenarioResult>> = {
  startup: () => startup(undefined, process.argv.includes('--with-setup')),
  frame: async () => frameFigures(),
  live: () => liveTurn({ reps }),
  spinner: () => spinnerIdleEsc(),
  firstline: () => firstLine({ reps }),
  reads: () => parallelReads({ reps }),
  keys: () => keysDuringFlood(),
  flood: () => flood({ reps }),
  firstturn: () => firstTurn({ reps }),
};

const figures: Figures = {};
const pss: string[] = [];
let pssPeak = 0;
const t0 = performance.now();
for (const name of SCENARIOS.filter((s) => only.includes(s))) {
  const s0 = performance.now();
  process.stdout.write(`${name}… `);
  const r = await runs[name]();
  Object.assign(figures, r.figures);
  if (r.pssPeak !== undefined) {
    pss.push(`${name} ${r.pssPeak.toFixed(0)} MB${r.pssAtPeak ? ` (${r.pssAtPeak})` : ''}`);
    pssPeak = Math.max(pssPeak, r.pssPeak);
  }
  removeTempDirs();
  console.log(`${((performance.now() - s0) / 1000).toFixed(0)} s`);
  await new Promise((r) => setTimeout(r, 1000)); // the last scenario's processes are gone
}
if (pss.length) figures['pss.peak'] = { value: round(pssPeak), note: `sampled every 200 ms: ${pss.join(', ')}` };
console.log(`all scenarios: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);

const baseline = loadResults(baselineLabel);
console.log(figureTable(figures, baseline?.figures ?? null, baselineLabel));
console.log(`\nhow, and the single runs:\n${figureNotes(figures)}`);
if (save) console.log(`\nsaved ${saveResults(save, info, figures)}`);
process.exit(0);
