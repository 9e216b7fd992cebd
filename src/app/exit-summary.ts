// What stays in the terminal's own scrollback after the alternate screen is gone.
import type { AppState } from '../store/app-store.js';
import { sessionCost } from '../store/child-agents.js';
import { formatCost, formatTokens } from '../../components/text-layout.js';
import { toSafeText } from '../core/text/safe-text.js';

// Every count is for the whole session: /clear empties the transcript, not the session's totals.
export function exitSummary(s: Pick<AppState, 'turns' | 'sessionUsage' | 'childPriced' | 'toolCalls'>, model: string, sessionId?: string): string {
  const u = s.sessionUsage;
  const tools = s.toolCalls;
  const cost = formatCost(sessionCost(s, model));
  const parts = [
    `${s.turns} turn${s.turns === 1 ? '' : 's'}`,
    `${tools} tool call${tools === 1 ? '' : 's'}`,
    `tokens ↑${formatTokens(u.inputTokens)} ↓${formatTokens(u.outputTokens)}` +
      (u.cacheReadTokens ? ` (cache read ${formatTokens(u.cacheReadTokens)})` : ''),
  ];
  if (cost) parts.push(`~${cost}`);
  // Written to the terminal's own screen after the frame guard is gone: the model's name (from
  // settings or the environment) is outside text.
  const lines = [`inkling · ${toSafeText(model)} · ${parts.join(' · ')}`];
  // How to come back to this conversation (only a session someone typed in has a file).
  if (sessionId) lines.push(`resume with: inkling --resume ${toSafeText(sessionId)}`);
  return lines.join('\n') + '\n';
}
