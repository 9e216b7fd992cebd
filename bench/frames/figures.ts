// The figures bench/frames.ts prints: what each one is, its unit, the target issue 11 sets for
// it (or none: kept for comparison with earlier runs), which scenario produces it, and the
// shape of a scenario's result.

export type Scenario = 'live' | 'spinner' | 'frame' | 'firstline' | 'keys' | 'flood' | 'reads' | 'startup' | 'firstturn';

export const SCENARIOS: Scenario[] = ['live', 'spinner', 'frame', 'firstline', 'keys', 'flood', 'reads', 'startup', 'firstturn'];

export interface FigureSpec {
  what: string;
  unit: string;
  /** As the issue states it; '—' when the figure is kept only to compare runs. */
  target: string;
  scenario: Scenario;
}

/** A measured figure: a number in its unit, or a text verdict for the checks. */
export interface Measured {
  value: number | string;
  /** The single runs behind a median, in the same unit. */
  samples?: number[];
  /** How it was measured when that is not obvious, or what a check found. */
  note?: string;
}

export const FIGURES = {
  'live.cpu': { scenario: 'live', unit: 'ms', target: '≤ 400', what: 'CPU of the live turn (40 lines, one per 0.1 s), main process, prompt sent → turn end' },
  'live.updates': { scenario: 'live', unit: 'count', target: '≥ 39 of 40', what: 'distinct pane updates the core sent in the live turn (trace)' },
  'live.shown': { scenario: 'live', unit: 'count', target: '≥ 39 of 40', what: 'distinct pane states that reached the terminal in the live turn (pipe-pane replay)' },
  'live.kbps': { scenario: 'live', unit: 'KB/s', target: '—', what: 'bytes written to the terminal during the live turn' },
  'live.clears': { scenario: 'live', unit: 'count', target: '—', what: 'full-screen clears during the live turn' },
  'spinner.cpu': { scenario: 'spinner', unit: '% core', target: '≤ 2', what: 'CPU with one spinner animating (sleep 10 running), nothing else' },
  'idle.cpu': { scenario: 'spinner', unit: '% core', target: '0', what: 'CPU idle, nothing animating (median of three 5 s windows)' },
  'idle.max': { scenario: 'spinner', unit: '% core', target: '0', what: 'CPU idle, nothing animating: the worst of those windows' },
  'esc.idle': { scenario: 'spinner', unit: 'ms', target: '—', what: 'Esc during a running command → idle on screen' },
  'esc.gone': { scenario: 'spinner', unit: 'ms', target: '—', what: 'Esc during a running command → its process gone' },
  'frame.live1000': { scenario: 'frame', unit: 'ms', target: '≤ 2', what: 'main-thread work per frame, 1,000-call transcript + one live bash pane (in-process)' },
  'frame.ink1000': { scenario: 'frame', unit: 'ms', target: '—', what: "Ink's renderTime (output only, no React/Yoga/write) of that frame, median" },
  'frame.redraw10': { scenario: 'frame', unit: 'ms', target: '—', what: 'main-thread work per redraw, 10-call transcript (in-process)' },
  'frame.redraw1000': { scenario: 'frame', unit: 'ms', target: '—', what: 'main-thread work per redraw, 1,000-call transcript (in-process)' },
  'frame.first1000': { scenario: 'frame', unit: 'ms', target: '—', what: 'first frame of a 1,000-call transcript (in-process)' },
  'frame.spinner': { scenario: 'frame', unit: '% core', target: '—', what: 'spinner ticks, one running tool, 20-call transcript (in-process)' },
  'firstline.quiet': { scenario: 'firstline', unit: 'ms', target: '≤ 100', what: 'first live line on screen after the command printed it, quiet machine' },
  'firstline.busy': { scenario: 'firstline', unit: 'ms', target: '≤ 100', what: 'first live line on screen after the command printed it, `yes > /dev/null` beside' },
  'firstline.fromCall': { scenario: 'firstline', unit: 'ms', target: '—', what: 'a command printing at once: tool call streamed → its first line on screen (the issue\'s peer comparison)' },
  'keys.p95': { scenario: 'keys', unit: 'ms', target: '≤ 50', what: 'keystroke → screen p95 while a pane floods `seq 1 2000000`' },
  'keys.median': { scenario: 'keys', unit: 'ms', target: '—', what: 'keystroke → screen median during that flood' },
  'keys.idle': { scenario: 'keys', unit: 'ms', target: '—', what: 'keystroke → screen median, app idle (the floor of this measure)' },
  'keys.cpu': { scenario: 'keys', unit: '% core', target: '—', what: 'app CPU during that flood' },
  'flood.ms': { scenario: 'flood', unit: 'ms', target: '≤ 300', what: '`seq 1 300000`: tool start → result' },
  'flood.fromCall': { scenario: 'flood', unit: 'ms', target: '—', what: '`seq 1 300000`: tool call streamed → result (the issue\'s peer comparison)' },
  'flood.cpu': { scenario: 'flood', unit: 'ms', target: '—', what: 'CPU of the app (main process) through the flood turn, prompt sent → turn end' },
  'flood.check': { scenario: 'flood', unit: 'check', target: 'all ok', what: 'model gets head + tail + total size + log path; log complete; pane live' },
  'reads.cpu': { scenario: 'reads', unit: 'ms', target: '— (pi 530)', what: 'CPU of a turn with three parallel 120 KB read_file calls' },
  'startup.ms': { scenario: 'startup', unit: 'ms', target: '≤ 250', what: 'start → input prompt on screen (median of 7)' },
  'startup.frameMark': { scenario: 'startup', unit: 'ms', target: '—', what: "process start → first frame rendered (app's own trace mark)" },
  'startup.frameCpu': { scenario: 'startup', unit: 'ms', target: '—', what: 'CPU time (user + system) of the app by its first frame' },
  'firstturn.coldOverhead': { scenario: 'firstturn', unit: 'ms', target: '≤ 100', what: 'one-sentence answer typed as the prompt shows: (Enter → answer on screen) − (stream first → last byte)' },
  'firstturn.warmOverhead': { scenario: 'firstturn', unit: 'ms', target: '≤ 50', what: 'the same after a 6 s settle' },
  'firstturn.coldFirstByte': { scenario: 'firstturn', unit: 'ms', target: '—', what: "of the cold overhead: Enter → the fake server's first byte (the request's way out)" },
  'firstturn.warmFirstByte': { scenario: 'firstturn', unit: 'ms', target: '—', what: 'the same after the settle' },
  'firstturn.coldLastWord': { scenario: 'firstturn', unit: 'ms', target: '—', what: "of the cold overhead: the server's last text delta → the answer's last word on screen" },
  'firstturn.warmLastWord': { scenario: 'firstturn', unit: 'ms', target: '—', what: 'the same after the settle' },
  'firstturn.stream': { scenario: 'firstturn', unit: 'ms', target: '—', what: "the fake server's first byte → last byte of that answer (the stated pace)" },
  'firstturn.coldCpu': { scenario: 'firstturn', unit: 'ms', target: '≤ 0.3× main before issue 41', what: 'CPU of that cold one-sentence turn, Enter → idle' },
  'firstturn.warmCpu': { scenario: 'firstturn', unit: 'ms', target: '—', what: 'CPU of the one-sentence turn after the settle' },
  'firstturn.coldLiveCpu': { scenario: 'firstturn', unit: 'ms', target: '≤ 0.5× main before issue 41', what: 'CPU of the 40-line live turn typed as the prompt shows' },
  'firstturn.warmLiveCpu': { scenario: 'firstturn', unit: 'ms', target: '—', what: 'CPU of the live turn after the settle' },
  'firstturn.coldFirstLine': { scenario: 'firstturn', unit: 'ms', target: '—', what: "the live turn typed as the prompt shows: its call streamed (server's last byte) → the command's first line on screen" },
  'firstturn.warmFirstLine': { scenario: 'firstturn', unit: 'ms', target: '—', what: 'the same for the first command after the settle and a short turn' },
  'firstturn.deferredCpu': { scenario: 'firstturn', unit: 'ms', target: '≤ 300', what: 'CPU from the prompt on screen to 6 s later, nothing typed' },
  'pss.peak': { scenario: 'live', unit: 'MB', target: '≤ 100', what: 'peak PSS of the whole tree (app + children) through the live and flood scenarios' },
} satisfies Record<string, FigureSpec>;

export type FigureKey = keyof typeof FIGURES;

export type Figures = Partial<Record<FigureKey, Measured>>;

export interface ScenarioOptions {
  /** Runs behind each median. */
  reps: number;
  /** Start the app with --cpu-prof writing here. */
  cpuProfDir?: string;
}

export interface ScenarioResult {
  figures: Figures;
  /** Peak PSS of the app's tree while the scenario ran, MB. */
  pssPeak?: number;
  /** The tree's processes at that peak, MB each. */
  pssAtPeak?: string;
  /** The measured turns of the app that ran with cpuProfDir (nowMs() times). */
  turns?: { from: number; to: number }[];
}

/** Median of a non-empty list (the upper middle one for even lengths). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const round = (x: number, digits = 0): number => Number(x.toFixed(digits));

/** A median figure that keeps its runs. */
export function medianOf(samples: number[], digits = 0, note?: string): Measured {
  return { value: round(median(samples), digits), samples: samples.map((s) => round(s, digits)), ...(note ? { note } : {}) };
}
