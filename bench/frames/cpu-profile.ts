// Reads a V8 .cpuprofile (node --cpu-prof) and ranks functions by self time (and the project's
// own functions by total time), so the top of the profile can be quoted next to the figures.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  fn: string;
  where: string;
  ms: number;
  /** Share of the time the process was not idle. */
  percent: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A short place for a script URL: node_modules/<pkg>/…, or the path inside the project. */
function place(url: string, line: number): string {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const nm = file.lastIndexOf('node_modules/');
  const short = nm >= 0 ? file.slice(nm + 'node_modules/'.length) : path.relative(ROOT, file);
  return `${short}:${line + 1}`;
}

/** A stretch of CLOCK_MONOTONIC time in µs, the clock V8 stamps profile samples with. */
export interface Window {
  from: number;
  to: number;
}

/** CLOCK_MONOTONIC µs for an epoch ms taken in this process (nowMs()). */
export function epochToMonotonicUs(epochMs: number): number {
  const monoUs = Number(process.hrtime.bigint() / 1000n);
  const epochNowMs = performance.timeOrigin + performance.now();
  return monoUs - (epochNowMs - epochMs) * 1000;
}

export interface ProfileRanking {
  /** Functions by self time. */
  top: SelfTime[];
  /** The project's own functions (src/, components/) by total time: themselves and what they call. */
  ownTotal: SelfTime[];
  /** Self time summed per package (fn is the package; "inkling" for the project's own code). */
  byPackage: SelfTime[];
  busyMs: number;
  totalMs: number;
}

const isOwn = (where: string) => /^(?:dist\/)?(?:src|components)\//.test(where);

/** The package a place belongs to: an npm package, inkling, node's own code, or V8's (GC, program). */
function packageOf(fn: string, where: string): string {
  if (isOwn(where)) return 'inkling';
  if (where.startsWith('node:')) return 'node (internals)';
  if (where.startsWith('wasm:')) return 'wasm (yoga-layout)';
  if (!where) return fn.startsWith('(') ? fn : 'native / V8 builtins';
  const m = /^(@[^/]+\/[^/]+|[^/]+)\//.exec(where);
  return m ? m[1]! : where;
}

/** Rankings over the samples inside `windows` (all samples when none are given). */
export function rankProfile(file: string, n = 10, windows: Window[] = []): ProfileRanking {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const inside = (t: number) => windows.length === 0 || windows.some((w) => t >= w.from && t <= w.to);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const keyOf = (frame: ProfileNode['callFrame']) => {
    const where = place(frame.url, frame.lineNumber);
    return { key: `${frame.functionName}@${where}`, fn: frame.functionName || '(anonymous)', where };
  };
  const self = new Map<string, { fn: string; where: string; us: number }>();
  const packages = new Map<string, { fn: string; where: string; us: number }>();
  const total = new Map<string, { fn: string; where: string; us: number }>();
  const add = (m: typeof self, k: ReturnType<typeof keyOf>, us: number) => {
    const entry = m.get(k.key) ?? { fn: k.fn, where: k.where, us: 0 };
    entry.us += us;
    m.set(k.key, entry);
  };
  let idleUs = 0;
  let totalUs = 0;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (!inside(t)) return;
    totalUs += dt;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    if (frame.functionName === '(idle)') {
      idleUs += dt;
      return;
    }
    const k = keyOf(frame);
    add(self, k, dt);
    const pkg = packageOf(k.fn, k.where);
    add(packages, { key: pkg, fn: pkg, where: '' }, dt);
    // Each own function on the stack once (recursion would count it twice).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = keyOf(byId.get(at)!.callFrame);
      if (isOwn(k.where) && !seen.has(k.key)) {
        seen.add(k.key);
        add(total, k, dt);
      }
    }
  });
  const busyUs = totalUs - idleUs;
  const rank = (m: typeof self) =>
    [...m.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, n)
      .map((e) => ({ fn: e.fn, where: e.where, ms: e.us / 1000, percent: (e.us / Math.max(1, busyUs)) * 100 }));
  return { top: rank(self), ownTotal: rank(total), byPackage: rank(packages), busyMs: busyUs / 1000, totalMs: totalUs / 1000 };
}

/** A ranking as a markdown table. */
export function rankingTable(rows: SelfTime[], column = 'self ms', what = 'function'): string {
  const withWhere = rows.some((r) => r.where);
  const lines = [`| # | ${column} | % of busy | ${what} |${withWhere ? ' where |' : ''}`, `|---|---|---|---|${withWhere ? '---|' : ''}`];
  rows.forEach((r, i) =>
    lines.push(`| ${i + 1} | ${r.ms.toFixed(0)} | ${r.percent.toFixed(1)} | \`${r.fn}\` |${withWhere ? ` ${r.where} |` : ''}`),
  );
  return lines.join('\n');
}
