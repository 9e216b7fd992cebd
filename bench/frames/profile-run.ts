// CPU profiles of the app in the live, flood, keys and spinner scenarios (node --cpu-prof inside tmux), ranked by
// self time over the measured turns, and the project's own functions by total time. The program runs
// from its separate modules rather than the minified bundle, so functions keep their names.
import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profilesIn } from './app-session.js';
import { epochToMonotonicUs, rankingTable, rankProfile } from './cpu-profile.js';
import { flood, keysDuringFlood } from './flood-scenarios.js';
import { longTaskTable, longTasks } from './long-tasks.js';
import type { ScenarioOptions, ScenarioResult } from './figures.js';
import { liveTurn, spinnerIdleEsc, TICKER } from './live-scenarios.js';
import { RESULTS_DIR, runInfo } from './results-file.js';
import { firstTurn, profiledColdLive, profiledSettle, profiledWarmTurn, SETTLE_MS } from './first-turn.js';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** Makes the compiled modules newer than the bundles, so bin/inkling.js and run-tui load them; returns the undo. */
function preferUnbundledUi(): () => void {
  const files = ['components/App.js', 'src/cli/main.js'].map((f) => path.join(DIST, f));
  // The newest of them: the CommonJS bundle is written after the ESM one, seconds later on a busy machine.
  const newest = Math.max(...['bundle/cli.js', 'bundle/ui.js', 'bundle/cli.cjs'].map((f) => statSync(path.join(DIST, f)).mtimeMs));
  const before = files.map((f) => statSync(f));
  const later = new Date(newest + 1000);
  for (const f of files) utimesSync(f, later, later);
  return () => files.forEach((f, i) => utimesSync(f, before[i]!.atime, before[i]!.mtime));
}

const SCENARIOS: { name: string; what: string; run: (o: ScenarioOptions) => Promise<ScenarioResult> }[] = [
  { name: 'live', what: `the live turn (\`${TICKER}\`)`, run: liveTurn },
  { name: 'flood', what: 'the flood turn (`seq 1 300000`)', run: flood },
  { name: 'keys', what: 'keys typed while `seq 1 2000000` floods the pane (one run; the window is the typing)', run: keysDuringFlood },
  // Its three measured 2.5 s windows whatever --reps says.
  { name: 'spinner', what: 'one spinner (`sleep 10`), three 2.5 s windows', run: spinnerIdleEsc },
  // Issue 41: the window is the one turn (reps unused).
  { name: 'firstturn', what: 'a one-sentence answer typed as the prompt shows (one turn)', run: firstTurn },
  { name: 'settle', what: `the ${SETTLE_MS / 1000} s after the prompt shows, nothing typed`, run: profiledSettle },
  { name: 'coldlive', what: 'the live 40-line turn typed as the prompt shows (one turn)', run: profiledColdLive },
  { name: 'warmturn', what: `a one-sentence answer typed after a ${SETTLE_MS / 1000} s settle (one turn)`, run: profiledWarmTurn },
];

export async function profileScenarios(opts: { reps: number; save?: string | undefined; only?: string[] }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-profile-'));
  const info = runInfo(['profile']);
  const sections: string[] = [];
  const undo = preferUnbundledUi();
  try {
    for (const s of SCENARIOS.filter((x) => !opts.only || opts.only.includes(x.name))) {
      const out = path.join(dir, s.name);
      mkdirSync(out);
      const r = await s.run({ reps: opts.reps, cpuProfDir: out });
      const file = profilesIn(out)[0];
      if (!file) throw new Error(`no profile written in ${out}`);
      const windows = (r.turns ?? []).map((w) => ({ from: epochToMonotonicUs(w.from), to: epochToMonotonicUs(w.to) }));
      // Beside the profile, for a closer look at single turns (the first one loads code lazily).
      writeFileSync(`${file}.turns.json`, JSON.stringify(windows));
      const turns = rankProfile(file, 12, windows);
      const life = rankProfile(file, 5);
      const long = longTasks(file, windows, 12);
      const counts = Object.entries(long.counts).map(([k, v]) => `${v} ${k}`).join(', ');
      sections.push(
        `## ${s.name}: ${opts.reps} × ${s.what}\n\n` +
          `During the turns (Enter → turn end on screen): ${(turns.totalMs / 1000).toFixed(1)} s, ${turns.busyMs.toFixed(0)} ms not idle.\n\n` +
          `${rankingTable(turns.top)}\n\n` +
          `Self time by package in the same span:\n\n${rankingTable(turns.byPackage, 'self ms', 'package')}\n\n` +
          `The project's own functions by total time in the same span (they and everything they call):\n\n` +
          `${rankingTable(turns.ownTotal, 'total ms')}\n\n` +
          `The longest stretches of main-thread work in the same span (no idle sample between; ${counts}); a key ` +
          `that arrives during one waits for its end:\n\n${longTaskTable(long.tasks)}\n\n` +
          `Whole life (start-up and exit included): ${(life.totalMs / 1000).toFixed(1)} s, ${life.busyMs.toFixed(0)} ms not idle; top 5:\n\n` +
          `${rankingTable(life.top)}\n\nProfile (temporary): ${file}\n`,
      );
    }
  } finally {
    undo();
  }
  const md =
    `# CPU profile tops (self time)\n\n` +
    `${info.at}, commit ${info.commit}, load ${info.load.join(' ')} on ${info.cores} cores, Node ${info.node}.\n` +
    `\`node --cpu-prof\` on the app in tmux (\`npm run bench -- --profile\`). The UI ran from its compiled modules, ` +
    `not the minified bundle, so names are readable. The first table of each counts only the samples taken during ` +
    `the measured turns (the bench's clock mapped onto the profile's monotonic one); "% of busy" is the share of the ` +
    `non-idle samples in the same span.\n\n` +
    sections.join('\n');
  console.log(`\n${md}`);
  if (opts.save) {
    const file = path.join(RESULTS_DIR, `${opts.save}-profile.md`);
    writeFileSync(file, md);
    console.log(`saved ${file}`);
  }
}
