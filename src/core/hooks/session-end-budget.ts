// How long SessionEnd hooks may run as a session ends (exit, a signal, /clear), as Claude Code's
// hooks reference sets it: 1.5 s, raised to the highest SessionEnd hook's own `timeout` up to 60 s,
// or exactly what CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS says. Leaving never waits longer for them,
// and a hook still running at the budget is killed with everything it started.
import type { CommandHook } from './hook-settings.js';

export const SESSION_END_DEFAULT_MS = 1500;
/** The most a hook's own `timeout` raises the budget to. */
export const SESSION_END_RAISED_MAX_MS = 60_000;
export const SESSION_END_ENV = 'CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS';

/** The budget the environment sets, when it sets a valid one (a positive number of milliseconds). */
function fromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[SESSION_END_ENV]?.trim();
  const ms = raw ? Number(raw) : NaN;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** The budget for these SessionEnd hooks. */
export function sessionEndBudgetMs(hooks: readonly CommandHook[], env: NodeJS.ProcessEnv = process.env): number {
  const set = fromEnv(env);
  if (set !== undefined) return set;
  const highest = Math.max(0, ...hooks.filter((h) => h.event === 'SessionEnd').map((h) => (h.timeoutSec ?? 0) * 1000));
  return Math.max(SESSION_END_DEFAULT_MS, Math.min(highest, SESSION_END_RAISED_MAX_MS));
}

/** The longest any SessionEnd budget can be (what a way out that must end waits for them at most). */
export function sessionEndLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  return fromEnv(env) ?? SESSION_END_RAISED_MAX_MS;
}
