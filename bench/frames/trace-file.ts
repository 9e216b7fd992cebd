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

/** "startup <what> at <ms> ms" lines: ms since the process started. */
export function startupMarks(file: string): Record<string, number> {
  const marks: Record<string, number> = {};
  if (!existsSync(file)) return marks;
  for (const m of readFileSync(file, 'utf8').matchAll(/^startup (.+) at (\d+) ms$/gm)) marks[m[1]!] = Number(m[2]);
  return marks;
}
