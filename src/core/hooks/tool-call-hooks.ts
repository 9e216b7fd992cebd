// PreToolUse, PermissionRequest and PostToolUse around the scheduler's calls. PreToolUse may block
// a call, make it ask or rewrite its input; it never loosens what the permission chain says (the
// strictest answer wins, so a hook's "allow" cannot lift a deny rule or a hard denial).
// PermissionRequest runs only where the chain would ask the person, and may answer for them. After
// a call, what hooks say for the model (exit 2's stderr, decision "block"'s reason,
// additionalContext) is added to its result.
import type { CompletedToolUse } from '../providers/provider.js';
import type { Verdict } from '../permissions/decide.js';
import type { ToolRegistry } from '../tool-registry.js';
import type { ToolResult } from '../tools/tool.js';
import type { AgentEvent } from '../events.js';
import type { CommandHook } from './hook-settings.js';
import type { HookRun, SessionHooks } from './session-hooks.js';

export interface ToolCallHooks {
  /** Before the permission check: a denial, a demand to ask, or a rewritten input. Must not throw. */
  before(use: CompletedToolUse, signal: AbortSignal): Promise<{ deny?: string; ask?: string; input?: unknown }>;
  /**
   * The call is about to ask the person (PermissionRequest): a hook may answer for them — allow
   * (maybe with a rewritten input) or deny (maybe stopping the turn). {} leaves the question to the
   * person. Must not throw.
   */
  permissionRequest(use: CompletedToolUse, signal: AbortSignal): Promise<{ allow?: { input?: unknown }; deny?: string; interrupt?: boolean }>;
  /** After the call: text for the model to read with the result. Must not throw. */
  after(use: CompletedToolUse, result: ToolResult, signal: AbortSignal): Promise<string | undefined>;
}

/** What a hook_run event carries of a hook's output: the start of it (/hooks has the whole). */
const ROW_OUTPUT_CHARS = 400;

export function toolCallHooks(hooks: SessionHooks, registry: ToolRegistry, emit?: (e: AgentEvent) => void): ToolCallHooks {
  // A row under the card while the hook runs ("running…"); its hook_run replaces it.
  const started = (id: string) => (hook: CommandHook) => emit?.({ type: 'hook_start', id, event: hook.event, command: hook.command });
  const rows = (id: string, runs: readonly HookRun[]) => {
    for (const run of runs) {
      const output = [run.stderr.trim(), run.stdout.trim()].filter(Boolean).join('\n').slice(0, ROW_OUTPUT_CHARS);
      emit?.({ type: 'hook_run', id, event: run.hook.event, command: run.hook.command, exitCode: run.exitCode, timedOut: run.timedOut, durationMs: run.durationMs, output });
    }
  };
  const call = (use: CompletedToolUse) => ({
    id: use.id,
    name: use.name,
    input: (use.input ?? {}) as Record<string, unknown>,
    knownFields: Object.keys(registry.get(use.name)?.inputSchema.properties ?? {}),
  });
  return {
    async before(use, signal) {
      if (!hooks.has('PreToolUse')) return {};
      const out = await hooks.tool('PreToolUse', call(use), {}, signal, started(use.id)).catch(() => undefined);
      if (!out) return {};
      rows(use.id, out.runs);
      if (out.permission === 'deny' || out.block !== undefined) return { deny: `Blocked by a PreToolUse hook: ${out.block ?? out.permissionReason ?? 'no reason given'}` };
      return { ...(out.permission === 'ask' ? { ask: out.permissionReason ?? 'a PreToolUse hook asks' } : {}), ...(out.input ? { input: out.input } : {}) };
    },
    async permissionRequest(use, signal) {
      if (!hooks.has('PermissionRequest')) return {};
      const out = await hooks.tool('PermissionRequest', call(use), {}, signal, started(use.id)).catch(() => undefined);
      if (!out) return {};
      rows(use.id, out.runs);
      const interrupt = out.interrupt === true || out.stop !== undefined;
      if (out.permission === 'deny' || out.block !== undefined || out.stop !== undefined) {
        return { deny: `Denied by a PermissionRequest hook: ${out.block ?? out.stop ?? 'no reason given'}`, ...(interrupt ? { interrupt } : {}) };
      }
      // An updatedInput that was refused leaves the question to the person rather than run something else.
      if (out.permission !== 'allow' || (out.updatedInput && !out.input)) return {};
      return { allow: out.input ? { input: out.input } : {} };
    },
    async after(use, result, signal) {
      const event = result.isError ? 'PostToolUseFailure' : 'PostToolUse';
      if (!hooks.has(event)) return undefined;
      const extra = result.isError ? { error: result.content } : { tool_response: { content: result.content } };
      const out = await hooks.tool(event, call(use), extra, signal, started(use.id)).catch(() => undefined);
      if (!out) return undefined;
      rows(use.id, out.runs);
      const said = [...(out.block !== undefined ? [out.block] : []), ...out.context];
      return said.length > 0 ? `[${event} hook] ${said.join('\n')}` : undefined;
    },
  };
}

/** The gate's verdict after a hook's word: only ever as strict or stricter. */
export function withHookVerdict(verdict: Verdict, hook: { deny?: string; ask?: string }): Verdict {
  if (verdict.kind === 'deny') return verdict;
  if (hook.deny !== undefined) return { kind: 'deny', why: 'a PreToolUse hook', message: hook.deny };
  if (hook.ask !== undefined && verdict.kind === 'allow') {
    return { kind: 'ask', why: hook.ask, headless: `Not run: ${hook.ask}, and -p cannot ask.` };
  }
  return verdict;
}
