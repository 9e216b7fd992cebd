// Sets labelled runs of bench/frames.ts side by side: for each figure, the baseline runs' median
// and min–max spread (every single sample of every run pooled; a run's figure where it has no
// samples), the other runs' median, and whether it is worse by more than 10 % and by more than
// the baseline's spread (a figure with a "≥" target is worse when lower, every other when higher).
//   node --import tsx bench/compare-runs.ts --before a.json,b.json --after c.json,d.json
// (paths to bench/results/<label>.json files, which may be in other checkouts: alternate the
// runs, before and after, on one machine.)
import { readFileSync } from 'node:fs';
import { FIGURES, type FigureKey } from './frames/figures.js';
import type { ResultsFile } from './frames/results-file.js';

function arg(name: string): string[] {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]!.split(',') : [];
}

const read = (files: string[]) => files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ResultsFile);
const before = read(arg('--before'));
const after = read(arg('--after'));
if (before.length === 0 || after.length === 0) {
  console.error('usage: --before a.json[,b.json…] --after c.json[,d.json…]');
  process.exit(2);
}

function pooled(runs: ResultsFile[], key: FigureKey): number[] {
  return runs.flatMap((r) => {
    const m = r.figures[key];
    if (!m || typeof m.value !== 'number') return [];
    return m.samples?.length ? m.samples : [m.value];
  });
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const loads = (runs: ResultsFile[]) => runs.map((r) => r.runs.map((i) => `${i.commit} load ${i.load[0]}`).join('; ')).join(' | ');
console.log(`before: ${loads(before)}\nafter:  ${loads(after)}\n`);
console.log('| figure | unit | before median | before min–max | after median | verdict |');
console.log('| --- | --- | --- | --- | --- | --- |');
let worse = 0;
for (const key of Object.keys(FIGURES) as FigureKey[]) {
  const b = pooled(before, key);
  const a = pooled(after, key);
  if (b.length === 0 || a.length === 0) continue;
  const bm = median(b);
  const am = median(a);
  const spread = Math.max(...b) - Math.min(...b);
  const higherIsBetter = FIGURES[key].target.includes('≥');
  const over = higherIsBetter ? bm - am : am - bm;
  const bad = over > Math.abs(bm) * 0.1 && over > spread;
  if (bad) worse++;
  console.log(`| ${key} | ${FIGURES[key].unit} | ${fmt(bm)} | ${fmt(Math.min(...b))}–${fmt(Math.max(...b))} | ${fmt(am)} | ${bad ? 'WORSE' : 'ok'} |`);
}
console.log(`\n${worse} figure${worse === 1 ? '' : 's'} worse by more than 10 % and the baseline's spread`);
