// The figures of one labelled run on disk (bench/results/<label>.json), and the table that sets
// them beside the targets and a baseline run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIGURES, type FigureKey, type Figures, type Measured } from './figures.js';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

export interface RunInfo {
  at: string;
  commit: string;
  /** Load average (1, 5, 15 min) before the run. */
  load: number[];
  /** Whole machine, % of all cores, over 2 s before the run. */
  busyPercent?: number;
  cores: number;
  node: string;
  scenarios: string[];
}

export interface ResultsFile {
  label: string;
  runs: RunInfo[];
  /** Each figure as last measured under this label (a later --only run replaces just its own). */
  figures: Figures;
}

export function runInfo(scenarios: string[], busyPercent?: number): RunInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a checkout
  }
  return {
    at: new Date().toISOString(),
    commit,
    load: os.loadavg().map((x) => Number(x.toFixed(2))),
    ...(busyPercent !== undefined ? { busyPercent: Number(busyPercent.toFixed(1)) } : {}),
    cores: os.cpus().length,
    node: process.version,
    scenarios,
  };
}

export function loadResults(label: string): ResultsFile | null {
  const file = path.join(RESULTS_DIR, `${label}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ResultsFile) : null;
}

/** Merges this run's figures into the label's file and writes it; returns the path. */
export function saveResults(label: string, info: RunInfo, figures: Figures): string {
  const previous = loadResults(label);
  const merged: ResultsFile = {
    label,
    runs: [...(previous?.runs ?? []), info],
    figures: { ...(previous?.figures ?? {}), ...figures },
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${label}.json`);
  writeFileSync(file, JSON.stringify(merged, null, 2) + '\n');
  return file;
}

const show = (m: Measured | undefined, unit: string): string => {
  if (!m) return '';
  if (typeof m.value === 'string') return m.value;
  return unit === 'check' || unit === 'count' ? String(m.value) : `${m.value.toLocaleString('en-US')} ${unit}`;
};

/** what | target | baseline | now, one row per figure measured now or in the baseline. */
export function figureTable(now: Figures, baseline: Figures | null, baselineLabel: string): string {
  const keys = (Object.keys(FIGURES) as FigureKey[]).filter((k) => now[k] !== undefined || baseline?.[k] !== undefined);
  const rows = keys.map((k) => {
    const spec = FIGURES[k];
    const unit = spec.unit === 'check' || spec.unit === 'count' ? '' : ` (${spec.unit})`;
    return [`${spec.what}${unit}`, spec.target, show(baseline?.[k], spec.unit), show(now[k], spec.unit)];
  });
  const head = ['what', 'target', baselineLabel, 'now'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The runs behind each median and how each figure was taken. */
export function figureNotes(now: Figures): string {
  return (Object.keys(FIGURES) as FigureKey[])
    .filter((k) => now[k]?.samples || now[k]?.note)
    .map((k) => {
      const m = now[k]!;
      const samples = m.samples && m.samples.length > 1 ? `runs ${m.samples.join(', ')}` : '';
      return `  ${k}: ${[samples, m.note ?? ''].filter(Boolean).join('; ')}`;
    })
    .join('\n');
}
