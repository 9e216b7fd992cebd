// Test-only tools whose executions wait on promises the test releases, so ordering and
// concurrency are proven by what is running at each moment, not by sleeps.
import type { Tool, ToolContext } from '../../src/core/tools/tool.js';
import { deferred } from './test-provider.js';

export interface GateLog {
  events: string[];
  running: Set<string>;
  maxRunning: number;
  /** Resolves when the call with this key has started. */
  started(key: string): Promise<void>;
  release(key: string, output?: string): void;
}

export function gateLog(): GateLog {
  const starts = new Map<string, ReturnType<typeof deferred<void>>>();
  const gates = new Map<string, ReturnType<typeof deferred<string>>>();
  const get = <T>(m: Map<string, T>, k: string, make: () => T) => m.get(k) ?? (m.set(k, make()), m.get(k)!);
  const log: GateLog & { _gate(k: string): Promise<string>; _start(k: string): void } = {
    events: [],
    running: new Set(),
    maxRunning: 0,
    started: (k) => get(starts, k, () => deferred<void>()).promise,
    release: (k, output = `out:${k}`) => get(gates, k, () => deferred<string>()).resolve(output),
    _gate: (k) => get(gates, k, () => deferred<string>()).promise,
    _start: (k) => get(starts, k, () => deferred<void>()).resolve(),
  };
  return log;
}

export function gateTool(name: string, readOnly: boolean, log: GateLog): Tool<{ key: string }> {
  const internal = log as GateLog & { _gate(k: string): Promise<string>; _start(k: string): void };
  return {
    name,
    description: `test tool ${name}`,
    readOnly,
    inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
    async execute(input, ctx: ToolContext) {
      log.events.push(`start ${input.key}`);
      log.running.add(input.key);
      log.maxRunning = Math.max(log.maxRunning, log.running.size);
      internal._start(input.key);
      const aborted = new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
      const output = await Promise.race([internal._gate(input.key), aborted]);
      log.running.delete(input.key);
      log.events.push(`end ${input.key}`);
      return { content: output, isError: output === 'aborted' };
    },
  };
}
