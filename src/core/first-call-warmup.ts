// What a session's first request and first tool call would load the first time, loaded ahead of
// them: the provider's (node:http or https for Anthropic, node's fetch for the others), the command check's bash grammar, each tool's own modules
// (node-pty and the emulator for bash), the change ledger's git probe. Nothing of it loads on a timer after start-up, where it landed in the first turn of a
// person who typed at once: a call's loads start when the call begins to stream in (they overlap
// its input), and the whole warm-up runs only while no turn runs, or while a turn's request has
// waited a while for the model's first byte (time the turn spends idle anyway).
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import type { PermissionGate } from './permissions/gate.js';
import type { Provider } from './providers/provider.js';
import type { AnyTool } from './tools/tool.js';

export interface FirstCallParts {
  /** The provider answering now: the first request comes before the first call, so its part is first. */
  provider?: () => Provider;
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
    () => parts.provider?.().warmUp?.().catch(() => undefined),
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
  /** A request of the turn went out: once it has waited `firstByteGraceMs` for its response, the warm-up goes on. */
  requestSent(): void;
  /** The response's first event arrived (or the request failed): the warm-up waits again after its part in progress. */
  responseStarted(): void;
}

/**
 * How long a request waits for its first byte before the warm-up uses the wait. A part started just
 * as the first byte lands holds the answer's first words for its length (up to ~100 ms: the grammar,
 * the pty): a model answering as fast as a local server gets none; a real one (0.5–3 s) gets most.
 */
export const FIRST_BYTE_GRACE_MS = 250;

/**
 * How long after a turn ends the warm-up waits before its next part: the turn's last frame (the
 * answer's end, idle) is drawn first, and a part (the grammar, ~100 ms) does not hold it.
 */
export const AFTER_TURN_MS = 300;

export function firstCallWarmups(parts: FirstCallParts, firstByteGraceMs = FIRST_BYTE_GRACE_MS, afterTurnMs = AFTER_TURN_MS): FirstCallWarmups {
  let running = false;
  // A request of the running turn has waited past the grace for its first byte.
  let awaitingModel = false;
  let grace: NodeJS.Timeout | undefined;
  let settling: NodeJS.Timeout | undefined;
  let waiting: (() => void)[] = [];
  let warming: Promise<void> | undefined;
  const started = new Set<string>();
  const idle = () => (running && !awaitingModel ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve());
  const release = () => {
    const resume = waiting;
    waiting = [];
    for (const go of resume) go();
  };
  const stopWaiting = () => {
    clearTimeout(grace);
    grace = undefined;
    awaitingModel = false;
  };
  return {
    warmUp: () => (warming ??= warmUpFirstCall(parts, idle)),
    callStarting(name) {
      if (started.has(name)) return;
      // The gate checks every call (its grammar for commands): it loads with the first of any tool.
      if (started.size === 0) void parts.permissions?.warmUp();
      started.add(name);
      void parts.tools.find((t) => t.name === name)?.warmUp?.('call').catch(() => undefined);
    },
    turnStarted() {
      running = true;
      clearTimeout(settling);
    },
    turnEnded() {
      stopWaiting();
      // Still "running" for the warm-up until the turn's end is drawn; a turn started meanwhile keeps it so.
      clearTimeout(settling);
      settling = setTimeout(() => {
        running = false;
        release();
      }, afterTurnMs);
      settling.unref();
    },
    requestSent() {
      stopWaiting();
      grace = setTimeout(() => {
        awaitingModel = true;
        release();
      }, firstByteGraceMs);
      grace.unref();
    },
    responseStarted: stopWaiting,
  };
}
