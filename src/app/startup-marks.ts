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
  const { builtins, required, onUse } = loadedNow();
  appendFileSync(file, `startup builtins: ${builtins.join(' ')}\nstartup required: ${required.join(' ')}\nstartup on use: ${onUse.join(' ')}\n`);
}

function loadedNow(): { builtins: string[]; required: string[]; onUse: string[] } {
  // Undocumented but long-standing; nothing is listed where a node lacks it.
  const list = (process as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  const builtins = list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  return { builtins, required: Object.keys(createRequire(import.meta.url).cache), onUse: [...modulesLoadedOnUse()] };
}

const listed = new Set<string>();

/**
 * "loaded by <what>: <names>": what has loaded since the last such line (the first one: since the
 * process started), node's modules, files and the modules that load on first use alike; the
 * benchmarks and test/e2e/turn-loads.test.ts read what a turn or the idle warm-up loaded.
 */
export function traceLoadedSince(file: string | undefined, what: string): void {
  if (!file) return;
  const { builtins, required, onUse } = loadedNow();
  const fresh = [...builtins, ...required, ...onUse].filter((name) => !listed.has(name));
  for (const name of fresh) listed.add(name);
  appendFileSync(file, `loaded by ${what}: ${fresh.join(' ')}\n`);
}
