// INKLING_TRACE_EVENTS=<file>: the start-up marks the benchmarks read ("startup <what> at <ms> ms
// (cpu <ms> ms)": wall time since the process started and the CPU it had used), and, with the
// first frame, what the process had loaded by then: node's own modules and the files required
// from disk (the CLI bundle requires the packages it keeps outside, SDKs, zod, node-pty...).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { modulesLoadedOnUse } from '../store/loaded-on-use.js';

export function startupMark(file: string | undefined, what: string): void {
  if (!file) return;
  const cpu = process.cpuUsage();
  appendFileSync(file, `startup ${what} at ${performance.now().toFixed(0)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)\n`);
}

/**
 * Three lines: "startup builtins: <names>", "startup required: <files>" and "startup on use:
 * <modules>" (those that load on first use and had loaded all the same: store/loaded-on-use.ts).
 */
export function traceLoadedModules(file: string | undefined): void {
  if (!file) return;
  // Undocumented but long-standing; nothing is listed where a node lacks it.
  const list = (process as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  const builtins = list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  const required = Object.keys(createRequire(import.meta.url).cache);
  appendFileSync(file, `startup builtins: ${builtins.join(' ')}\nstartup required: ${required.join(' ')}\nstartup on use: ${modulesLoadedOnUse().join(' ')}\n`);
}
