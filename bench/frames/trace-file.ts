// Reads the file the app writes when INKLING_TRACE_EVENTS is set: start-up marks, then one
// line per core event ("<epoch ms> <type>[ <last pane row>]"), and loop-delay lines (skipped).
import { existsSync, readFileSync } from 'node:fs';

export interface TraceEvent {
  t: number;
  type: string;
  /** For bash tool_output: the snapshot's last row. */
  extra: string;
}

export function traceEvents(file: string): TraceEvent[] {
  if (!existsSync(file)) return [];
  const out: TraceEvent[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\d{13}) (\w+)(?: (.*))?$/.exec(line);
    if (m) out.push({ t: Number(m[1]), type: m[2]!, extra: m[3] ?? '' });
  }
  return out;
}

/** "startup <what> at <ms> ms (cpu <ms> ms)" lines: ms since the process started, and its CPU time by then. */
export function startupMarks(file: string): Record<string, number> {
  return startupMarksWithCpu(file).wall;
}

export function startupMarksWithCpu(file: string): { wall: Record<string, number>; cpu: Record<string, number> } {
  const wall: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  if (!existsSync(file)) return { wall, cpu };
  for (const m of readFileSync(file, 'utf8').matchAll(/^startup (.+) at (\d+) ms(?: \(cpu (\d+) ms\))?$/gm)) {
    wall[m[1]!] = Number(m[2]);
    if (m[3] !== undefined) cpu[m[1]!] = Number(m[3]);
  }
  return { wall, cpu };
}
