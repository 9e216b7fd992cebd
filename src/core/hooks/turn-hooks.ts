// UserPromptSubmit and Stop hooks around a turn, per Claude Code's documented contract. A prompt
// hook may add context for the model (plain stdout, additionalContext) or block the prompt (exit 2,
// decision "block": the reason goes to the person, the prompt never reaches the model). A Stop hook
// may keep the turn going (exit 2's stderr, decision "block"'s reason become the model's next
// instruction); stop_hook_active tells it the turn already went on once, so it can let it end.
import type { Message, UserBlock } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import type { SessionHooks } from './session-hooks.js';

/** What the prompt's hooks said: null when they blocked it, else the text blocks to send after it. */
export async function promptSubmitHooks(hooks: SessionHooks | undefined, prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<UserBlock[] | null> {
  if (!hooks?.has('UserPromptSubmit')) return [];
  const out = await hooks.run('UserPromptSubmit', { prompt }, { signal }).catch(() => undefined);
  if (!out) return [];
  for (const message of out.messages) emit({ type: 'notice', message });
  const blocked = out.stop ?? out.block;
  if (blocked !== undefined) {
    emit({ type: 'notice', message: `A UserPromptSubmit hook blocked the prompt (it was not sent): ${blocked}` });
    return null;
  }
  return out.context.map((text) => ({ type: 'text' as const, text: `[UserPromptSubmit hook] ${text}` }));
}

/** Where a turn keeps track of its Stop hooks: whether one already kept it going. */
export interface StopState {
  active: boolean;
}

/**
 * At the end of a turn: true when a Stop hook keeps it going (its reason is appended to the
 * conversation as the model's next instruction). `continue: false` lets the turn end whatever a
 * hook said, as in Claude Code.
 */
export async function stopHooksContinue(hooks: SessionHooks | undefined, state: StopState, messages: Message[], signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<boolean> {
  if (!hooks?.has('Stop') || signal.aborted) return false;
  const out = await hooks.run('Stop', { stop_hook_active: state.active }, { signal }).catch(() => undefined);
  if (!out || signal.aborted) return false;
  for (const message of out.messages) emit({ type: 'notice', message });
  if (out.stop !== undefined || out.block === undefined) return false;
  state.active = true;
  emit({ type: 'notice', message: `A Stop hook keeps the turn going: ${out.block}` });
  messages.push({ role: 'user', content: [{ type: 'text', text: `Stop hook feedback: ${out.block}` }] });
  return true;
}
