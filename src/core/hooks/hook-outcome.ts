// What a hook's exit code and output mean, per Claude Code's documented contract: exit 2 blocks with
// stderr as the reason; exit 0 may print JSON (continue, stopReason, systemMessage, decision,
// hookSpecificOutput.permissionDecision / updatedInput / additionalContext); other codes are
// errors the person sees and the call goes on. Several hooks combine: the strictest decision wins.
import type { HookEvent } from './hook-settings.js';
import type { HookProcessResult } from './run-hook.js';

export type PermissionDecision = 'allow' | 'ask' | 'deny';

export interface HookOutcome {
  /** Blocked (exit 2, decision "block", permissionDecision "deny"): the reason the model or person reads. */
  block?: string;
  permission?: PermissionDecision;
  permissionReason?: string;
  /** In Claude Code's shape, as the hook wrote it. */
  updatedInput?: Record<string, unknown>;
  /** Text for the model (additionalContext; stdout of UserPromptSubmit and SessionStart). */
  context: string[];
  /** continue: false — the turn ends; the stopReason for the person. */
  stop?: string;
  /** PermissionRequest's decision.interrupt with behavior "deny": the turn stops too. */
  interrupt?: boolean;
  /** For the person: systemMessage, and errors of hooks that failed without blocking. */
  messages: string[];
}

export const emptyOutcome = (): HookOutcome => ({ context: [], messages: [] });

const STRICTNESS: Record<PermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };

/** Reads one run. `label` names the hook in messages. */
export function outcomeOf(event: HookEvent, run: HookProcessResult, label: string): HookOutcome {
  const out = emptyOutcome();
  if (run.timedOut) {
    out.messages.push(`hook ${label} was stopped at its timeout; the call goes on`);
    return out;
  }
  if (run.exitCode === 2) {
    out.block = run.stderr.trim() || `blocked by hook ${label}`;
    if (event === 'PreToolUse' || event === 'PermissionRequest') out.permission = 'deny';
    return out;
  }
  if (run.exitCode !== 0) {
    out.messages.push(`hook ${label} failed (exit ${run.exitCode ?? 'signal'}): ${run.stderr.trim().slice(0, 500)}`);
    return out;
  }
  const text = run.stdout.trim();
  const json = text.startsWith('{') ? parseJson(text) : undefined;
  if (!json) {
    if (text && (event === 'UserPromptSubmit' || event === 'SessionStart')) out.context.push(text);
    return out;
  }
  if (json.continue === false) out.stop = typeof json.stopReason === 'string' ? json.stopReason : `hook ${label} stopped the turn`;
  if (typeof json.systemMessage === 'string') out.messages.push(json.systemMessage);
  if (json.decision === 'block') out.block = typeof json.reason === 'string' && json.reason ? json.reason : `blocked by hook ${label}`;
  const specific = typeof json.hookSpecificOutput === 'object' && json.hookSpecificOutput !== null ? (json.hookSpecificOutput as Record<string, unknown>) : {};
  const decision = specific.permissionDecision;
  if (decision === 'allow' || decision === 'ask' || decision === 'deny') {
    out.permission = decision;
    if (typeof specific.permissionDecisionReason === 'string') out.permissionReason = specific.permissionDecisionReason;
    if (decision === 'deny') out.block = out.permissionReason || `denied by hook ${label}`;
  }
  if (event === 'PermissionRequest') readPermissionDecision(specific.decision, label, out);
  if (typeof specific.updatedInput === 'object' && specific.updatedInput !== null && !Array.isArray(specific.updatedInput)) out.updatedInput = specific.updatedInput as Record<string, unknown>;
  if (typeof specific.additionalContext === 'string' && specific.additionalContext) out.context.push(specific.additionalContext);
  return out;
}

/** Several hooks' outcomes as one: any block blocks, the strictest permission wins, contexts add up. */
export function combineOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const out = emptyOutcome();
  for (const o of outcomes) {
    if (o.block !== undefined) out.block = out.block ? `${out.block}\n${o.block}` : o.block;
    if (o.permission && (!out.permission || STRICTNESS[o.permission] > STRICTNESS[out.permission])) {
      out.permission = o.permission;
      if (o.permissionReason) out.permissionReason = o.permissionReason;
    }
    if (o.updatedInput) out.updatedInput = o.updatedInput;
    if (o.stop !== undefined) out.stop ??= o.stop;
    if (o.interrupt) out.interrupt = true;
    out.context.push(...o.context);
    out.messages.push(...o.messages);
  }
  return out;
}

/**
 * PermissionRequest answers the approval question in hookSpecificOutput.decision: behavior "allow"
 * (with updatedInput) or "deny" (with message, and interrupt to stop the turn).
 */
function readPermissionDecision(decision: unknown, label: string, out: HookOutcome): void {
  if (typeof decision !== 'object' || decision === null || Array.isArray(decision)) return;
  const d = decision as Record<string, unknown>;
  if (d.behavior === 'allow') {
    out.permission = 'allow';
    if (typeof d.updatedInput === 'object' && d.updatedInput !== null && !Array.isArray(d.updatedInput)) out.updatedInput = d.updatedInput as Record<string, unknown>;
  } else if (d.behavior === 'deny') {
    out.permission = 'deny';
    out.block = typeof d.message === 'string' && d.message ? d.message : `denied by hook ${label}`;
    if (d.interrupt === true) out.interrupt = true;
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
