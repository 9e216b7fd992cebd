// What ends with an agent (dispose): its background jobs, the SessionEnd hooks, the change ledger's
// helper process, and the session file (synced and closed; an unrecorded run's scratch folder goes).
import { rm } from 'node:fs/promises';
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import type { SessionEndReason, TurnHooks } from './hooks/turn-hooks.js';
import type { ConversationRecorder } from './sessions/recorder.js';

export async function endSession(parts: {
  jobs: { killAll(reason: string): Promise<unknown> };
  turnHooks: TurnHooks;
  ledger: ChangeLedger | undefined;
  recorder: ConversationRecorder | undefined;
  sessionDir: string;
  reason: SessionEndReason;
}): Promise<void> {
  await Promise.all([parts.jobs.killAll('exit'), parts.turnHooks.sessionEnd(parts.reason)]);
  // The ledger's check-ignore ends and is reaped here, not left to end after inkling exits.
  await parts.ledger?.close();
  if (!parts.recorder) {
    await rm(parts.sessionDir, { recursive: true, force: true });
    return;
  }
  await parts.recorder.sync();
  parts.recorder.close();
}
