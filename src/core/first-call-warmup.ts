// What a tool call would load the first time, loaded ahead of it: the command check's bash
// grammar, each tool's own modules (node-pty and the emulator for bash), the change ledger's git
// probe. Nothing of it loads on a timer after start-up, where it landed in the first turn of a
// person who typed at once: a call's loads start when the call begins to stream in (they overlap
// its input), and the whole warm-up runs only while no turn runs (it waits for the turn to end).
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import type { PermissionGate } from './permissions/gate.js';
import type { AnyTool } from './tools/tool.js';

export interface FirstCallParts {
  permissions?: PermissionGate | undefined;
  tools: readonly AnyTool[];
  ledger?: ChangeLedger | undefined;
}

/**
 * One part after another, each in a macrotask of its own: a part whose modules are loaded already
 * resolves at once, and without the turn of the event loop between them the parts would run as one
 * long stretch that a key pressed meanwhile waits behind. Before each part, waits for `idle` (a
 * turn running pauses the warm-up: it never competes with one). Never rejects.
 */
export async function warmUpFirstCall(parts: FirstCallParts, idle: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  const steps: (() => Promise<void> | undefined)[] = [
    () => parts.permissions?.warmUp(),
    ...parts.tools.map((tool) => () => tool.warmUp?.().catch(() => undefined)),
    () => parts.ledger?.warmUp(),
  ];
  for (const step of steps) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await idle();
    await step();
  }
}

export interface FirstCallWarmups {
  /** The whole warm-up, for an idle moment: once (later calls share the first); paused while a turn runs. */
  warmUp(): Promise<void>;
  /**
   * A call of `name` began to stream in: what it will wait for (the check's grammar, the tool's own
   * modules) starts loading now, once per tool, while its input streams. Never throws.
   */
  callStarting(name: string): void;
  turnStarted(): void;
  turnEnded(): void;
}

export function firstCallWarmups(parts: FirstCallParts): FirstCallWarmups {
  let running = false;
  let waiting: (() => void)[] = [];
  let warming: Promise<void> | undefined;
  const started = new Set<string>();
  const idle = () => (running ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve());
  return {
    warmUp: () => (warming ??= warmUpFirstCall(parts, idle)),
    callStarting(name) {
      if (started.has(name)) return;
      // The gate checks every call (its grammar for commands): it loads with the first of any tool.
      if (started.size === 0) void parts.permissions?.warmUp();
      started.add(name);
      void parts.tools.find((t) => t.name === name)?.warmUp?.().catch(() => undefined);
    },
    turnStarted: () => void (running = true),
    turnEnded() {
      running = false;
      const resume = waiting;
      waiting = [];
      for (const go of resume) go();
    },
  };
}
