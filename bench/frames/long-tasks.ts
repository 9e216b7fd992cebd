// The longest stretches of main-thread work in a V8 .cpuprofile: runs of samples with no idle one
// between them, each named by the callback it ran under and the project's function it spent most
// samples in. Where a key waits during a flood, it waits behind one of these.
import { readFileSync } from 'node:fs';
import type { Window } from './cpu-profile.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface LongTask {
  ms: number;
  /** Seconds since the profile started. */
  at: number;
  /** The outermost function of the stretch and the one under it (a timer, a stream read, a microtask). */
  under: string;
  /** The project's functions most often on the stack in the stretch. */
  own: string;
}

const short = (n: Node) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  const where = nm >= 0 ? url.slice(nm + 13).split('/')[0] : url.split('/').slice(-2).join('/');
  return `${n.callFrame.functionName || '(anonymous)'}${where ? ` (${where}:${n.callFrame.lineNumber + 1})` : ''}`;
};
const isOwn = (url: string) => !url.includes('node_modules') && /\/(?:src|components)\//.test(url);

/** Stretches inside `windows` (all when none), longest first, and how many there were per length. */
export function longTasks(file: string, windows: Window[] = [], n = 10): { tasks: LongTask[]; counts: Record<string, number> } {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const parent = new Map<number, number>();
  for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
  const inside = (t: number) => windows.length === 0 || windows.some((w) => t >= w.from && t <= w.to);
  const runs: { start: number; end: number; ids: number[] }[] = [];
  let cur: { start: number; end: number; ids: number[] } | null = null;
  let t = p.startTime;
  let prev = t;
  p.samples.forEach((id, i) => {
    prev = t;
    t += p.timeDeltas[i] ?? 0;
    const idle = byId.get(id)?.callFrame.functionName === '(idle)';
    if (idle || !inside(t)) {
      if (cur) runs.push({ ...cur, end: prev });
      cur = null;
      return;
    }
    if (!cur) cur = { start: prev, end: t, ids: [] };
    cur.ids.push(id);
  });
  const counts: Record<string, number> = { '< 5 ms': 0, '5–10 ms': 0, '10–20 ms': 0, '20–50 ms': 0, '≥ 50 ms': 0 };
  for (const r of runs) {
    const ms = (r.end - r.start) / 1000;
    counts[ms < 5 ? '< 5 ms' : ms < 10 ? '5–10 ms' : ms < 20 ? '10–20 ms' : ms < 50 ? '20–50 ms' : '≥ 50 ms']!++;
  }
  const top = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, c]) => `${k} ×${c}`).join('; ');
  const tasks = runs
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, n)
    .map((r) => {
      const under = new Map<string, number>();
      const own = new Map<string, number>();
      for (const id of r.ids) {
        const chain: Node[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.unshift(byId.get(at)!);
        const k = chain.slice(1, 3).map(short).join(' › ');
        under.set(k, (under.get(k) ?? 0) + 1);
        const seen = new Set<string>();
        for (const x of chain) {
          const s = short(x);
          if (isOwn(x.callFrame.url) && !seen.has(s)) {
            seen.add(s);
            own.set(s, (own.get(s) ?? 0) + 1);
          }
        }
      }
      return { ms: (r.end - r.start) / 1000, at: (r.start - p.startTime) / 1e6, under: top(under), own: top(own) };
    });
  return { tasks, counts };
}

/** Long tasks as a markdown table. */
export function longTaskTable(tasks: LongTask[]): string {
  const lines = ['| # | ms | at s | under | the project\'s functions on the stack (samples) |', '|---|---|---|---|---|'];
  tasks.forEach((x, i) => lines.push(`| ${i + 1} | ${x.ms.toFixed(1)} | ${x.at.toFixed(2)} | ${x.under} | ${x.own} |`));
  return lines.join('\n');
}
