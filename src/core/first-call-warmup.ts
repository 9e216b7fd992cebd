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

/** One part after another: each is a short stretch of main-thread work, and keys are read between them. Never rejects. */
export async function warmUpFirstCall(parts: FirstCallParts): Promise<void> {
  await parts.permissions?.warmUp();
  for (const tool of parts.tools) await tool.warmUp?.().catch(() => undefined);
  await parts.ledger?.warmUp();
}
