// CPU and memory of a running process, read from /proc: CPU time of one process (utime +
// stime, so the app's main process only, not its children), and PSS of a whole process tree.
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100;

/** CPU time (user + system) the process has used so far, in ms (10 ms resolution). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLK_TCK) * 1000;
}

/** CPU use of `pid` over `ms` of wall time, in % of one core. */
export async function cpuPercentOver(pid: number, ms: number): Promise<number> {
  const c0 = cpuMs(pid);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  return ((cpuMs(pid) - c0) / (performance.now() - t0)) * 100;
}

/**
 * Waits until `pid` has used no CPU for `quietMs` (its start-up work is over), at most `maxMs`;
 * returns how long it waited.
 */
export async function untilIdle(pid: number, quietMs = 300, maxMs = 5000): Promise<number> {
  const t0 = performance.now();
  let last = cpuMs(pid);
  let quietSince = t0;
  while (performance.now() - t0 < maxMs) {
    await new Promise((r) => setTimeout(r, 50));
    const now = cpuMs(pid);
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= quietMs) break;
  }
  return performance.now() - t0;
}

/** The process and all its descendants (children of every thread). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    for (const child of childrenOf(out[i]!)) if (!out.includes(child)) out.push(child);
  }
  return out;
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return []; // ended meanwhile
  }
}

function pssKb(pid: number): number {
  try {
    const m = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0; // ended between listing and reading
  }
}

/** PSS of the whole tree under `pid`, in MB. */
export function treePssMb(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + pssKb(p), 0) / 1024;
}

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/**
 * Samples the tree's PSS every `everyMs` until stopped; `peak` is the highest seen, `atPeak` the
 * processes then, largest first ("node 98, bash 3, …" in MB).
 */
export function pssSampler(pid: number, everyMs = 200): { peak(): number; stop(): number; atPeak(): string } {
  let peak = 0;
  let atPeak = '';
  const sample = () => {
    const parts = processTree(pid).map((p) => ({ name: commOf(p), kb: pssKb(p) }));
    const total = parts.reduce((sum, p) => sum + p.kb, 0) / 1024;
    if (total <= peak) return;
    peak = total;
    atPeak = parts
      .filter((p) => p.kb > 0)
      .sort((a, b) => b.kb - a.kb)
      .map((p) => `${p.name} ${(p.kb / 1024).toFixed(1)}`)
      .join(', ');
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => peak,
    atPeak: () => atPeak,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** How busy the whole machine is over `ms`, in % of all cores (the load average lags by minutes). */
export async function machineBusyPercent(ms = 1000): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTimes();
  return ((b.busy - a.busy) / Math.max(1, b.total - a.total)) * 100;
}
