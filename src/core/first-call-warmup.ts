// What the first tool call of a session would load, loaded ahead of it: the command check's bash
// grammar, each tool's own modules (node-pty and the emulator for bash), and the change ledger's
// git probe. The TUI starts this once it is idle after the first frame, while the person types.
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
 * long stretch that a key pressed meanwhile waits behind. Never rejects.
 */
export async function warmUpFirstCall(parts: FirstCallParts): Promise<void> {
  const steps: (() => Promise<void> | undefined)[] = [
    () => parts.permissions?.warmUp(),
    ...parts.tools.map((tool) => () => tool.warmUp?.().catch(() => undefined)),
    () => parts.ledger?.warmUp(),
  ];
  for (const step of steps) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await step();
  }
}
