// `!command`: a shell command the person typed, run at once as the bash tool runs the model's (in
// the sandbox, in a pty, its card drawn live). Hard denials and deny rules still apply; nothing
// asks (the person typed it). The change ledger records it as "! <command> (you)", undoable like
// any call. Its output is not sent now: it goes with the next prompt as <shell command="…">.
import { randomBytes } from 'node:crypto';
import type { AgentEvent } from './events.js';
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import type { PermissionGate } from './permissions/gate.js';
import { ToolCallBatch, type SchedulerDeps } from './scheduler.js';

export interface PersonShellDeps extends Pick<SchedulerDeps, 'registry' | 'makeContext' | 'redact' | 'workspaceRoot'> {
  signal: AbortSignal;
  emit(event: AgentEvent): void;
  ledger?: ChangeLedger | undefined;
  permissions?: PermissionGate | undefined;
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Runs `command`; what the next prompt carries goes onto `notes` (nothing when it was refused or stopped). */
export async function runPersonCommand(command: string, notes: string[], deps: PersonShellDeps): Promise<void> {
  const input = { command };
  deps.emit({ type: 'notice', message: `! ${command}` });
  const verdict = deps.permissions ? await deps.permissions.check({ name: 'bash', input, readOnly: false }) : null;
  // Hard denials and deny rules, not the mode: plan mode refuses the model's commands, not the person's.
  if (verdict?.kind === 'deny' && (verdict.hard || verdict.why.startsWith('deny rule'))) {
    deps.emit({ type: 'notice', message: `not run: ${verdict.message}` });
    return;
  }
  const ledger = deps.ledger;
  const batch = new ToolCallBatch({
    registry: deps.registry,
    emit: deps.emit,
    signal: deps.signal,
    makeContext: deps.makeContext,
    redact: deps.redact,
    ...(deps.workspaceRoot ? { workspaceRoot: deps.workspaceRoot } : {}),
    // The ledger names entries from the call's name and input: "! <command> (you)".
    ...(ledger ? { recordChanges: (use, run) => ledger.recordCall({ ...use, name: '!', input: { command: `${command} (you)` } }, run, deps.emit) } : {}),
  });
  batch.add({ id: `you-${randomBytes(6).toString('hex')}`, name: 'bash', input });
  const [result] = await batch.results();
  if (deps.signal.aborted || !result) return;
  notes.push(`<shell command="${attr(command)}">\n${result.content}\n</shell>`);
}
