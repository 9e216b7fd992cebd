// A streaming answer's turn: CPU of the app's main process while a 600-word markdown answer streams
// one word per delta, 15 ms apart (bench/frames/model-script.ts), in the built app in tmux at 120×40
// against the fake server. The live engineer's "600-word answer turn" (reports of issue 11).
//   npm run build && node --import tsx bench/answer-turn.ts [--reps 3] [--words 600] [--profile]
// --profile: the app runs under node --cpu-prof and the turns' samples are ranked (bench/frames/cpu-profile.ts).
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import { benchTempDir, profilesIn, removeTempDirs, startBenchApp } from './frames/app-session.js';
import { epochToMonotonicUs, rankingTable, rankProfile, type Window } from './frames/cpu-profile.js';
import { say } from './frames/model-script.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const reps = arg('--reps', 3);
const words = arg('--words', 600);

/** `n` words of markdown: a paragraph break every 60 words, a list now and then, as answers have. */
function answer(n: number, end: string): string {
  const vocab = 'The **store** keeps each `item` as it was, and the layout draws only what changed since the last frame. '.split(/(?<= )/);
  let out = '# What changed\n\n';
  for (let w = 0; w < n; w++) {
    out += vocab[w % vocab.length];
    if (w % 60 === 59) out += `\n\n${w % 180 === 179 ? '- one item\n- another item\n\n' : ''}`;
  }
  return `${out}${end}`;
}

const script = Array.from({ length: reps }, (_, i) => say(answer(words, `answer done ${i}`)));
const KEPT = `${os.tmpdir()}/answer-turn.cpuprofile`;
const profileDir = process.argv.includes('--profile') ? benchTempDir() : null;
const b = await startBenchApp({ server: script, ...(profileDir ? { cpuProfDir: profileDir } : {}) });
const cpu: number[] = [];
const windows: Window[] = [];
try {
  for (let i = 0; i < reps; i++) {
    const load = os.loadavg()[0]!.toFixed(1);
    const r = await b.turn(`answer ${i}`, `answer done ${i}`, 120_000);
    cpu.push(Math.round(r.cpuMs));
    windows.push({ from: epochToMonotonicUs(r.sentAt), to: epochToMonotonicUs(r.endAt) });
    console.log(`turn ${i + 1}: ${Math.round(r.cpuMs)} ms CPU, ${Math.round(r.endAt - r.sentAt)} ms wall (load ${load})`);
  }
  await b.close();
  if (profileDir) {
    // The main process's profile: the largest file.
    const files = profilesIn(profileDir);
    const ranked = files.map((f) => ({ f, ...rankProfile(f, 15, windows) })).sort((x, y) => y.busyMs - x.busyMs)[0]!;
    copyFileSync(ranked.f, KEPT);
    console.log(`profile kept as ${KEPT}`);
    console.log(`profile: ${ranked.busyMs.toFixed(0)} ms busy in the turns\n`);
    console.log(rankingTable(ranked.top), '\n');
    console.log(rankingTable(ranked.ownTotal, 'total ms'), '\n');
    console.log(rankingTable(ranked.byPackage, 'self ms', 'package'));
  }
} finally {
  removeTempDirs();
}
const sorted = cpu.slice().sort((x, y) => x - y);
console.log(`${words}-word answer turn CPU, median of ${reps}: ${sorted[Math.floor(reps / 2)]} ms (runs ${cpu.join(', ')})`);
