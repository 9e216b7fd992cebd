// The UI's actions on the context window: /compact, /context (where the window goes, and a jump
// to one of the largest results), /cost, and history mode's d / s / p on the selected call.
import type { ContextBreakdown } from '../core/context/context-breakdown.js';
import { formatTokenCount } from '../core/context/token-estimate.js';
import type { ContextEdit } from '../core/events.js';
import { modelInfo } from '../core/providers/models.js';
import { sessionCost } from './child-agents.js';
import type { AppState, AppStore } from './app-store.js';
import { emptyHistory, selectedItem } from './history-mode.js';
import { addNotice, flash } from './view-actions.js';
import { sessionOf } from './agent-session.js';



const EDIT_DONE: Record<ContextEdit, string> = {
  drop: 'dropped from the context',
  shrink: 'shrunk to its head and tail',
  pin: 'pinned: compaction keeps it verbatim',
};

/** d / s / p in history mode: that edit on the selected call, or the same key again to revert it. */
export function toggleContextEdit(store: AppStore, edit: ContextEdit): void {
  const s = store.getState();
  const item = selectedItem(s);
  if (item?.kind !== 'tool') return flash(store, 'select a tool call to change what the model sees of it');
  if (!item.result) return flash(store, 'that call has no result yet');
  const next = item.contextEdit === edit ? null : edit;
  const before = s.contextTokens;
  if (!sessionOf(store).editContext(item.id, next)) return flash(store, 'that call is no longer in the context (compacted)');
  const after = store.getState().contextTokens;
  const change = after === before ? '' : ` (context ${formatTokenCount(before)} → ${formatTokenCount(after)})`;
  flash(store, next ? `${EDIT_DONE[next]}${change}` : `restored as it came${change}`);
}

/** /compact [instructions]. */
export function compactConversation(store: AppStore, instructions: string): void {
  if (!sessionOf(store).compact(instructions.trim() || undefined)) flash(store, 'cannot compact while a turn runs');
}

/** /context shows the breakdown; /context <n> jumps to the n-th largest result in history mode. */
export function showContext(store: AppStore, arg: string): void {
  const b = store.door.send({ type: 'contextBreakdown' });
  if (!b) return flash(store, 'the agent is not ready yet');
  const n = Number(arg.trim());
  if (arg.trim() !== '') {
    const target = Number.isInteger(n) ? b.largest[n - 1] : undefined;
    if (!target || store.getState().index[target.id] === undefined) return flash(store, `no result ${arg.trim()} in the list (1–${b.largest.length})`);
    store.setState({ mode: 'history', history: { ...emptyHistory(), selectedId: target.id }, completion: null });
    return;
  }
  addNotice(store, breakdownText(b));
}

export function breakdownText(b: ContextBreakdown): string {
  const of = b.window ? ` of ${formatTokenCount(b.window)} (${((b.total / b.window) * 100).toFixed(0)} %)` : ' (unknown window)';
  const lines = [`context: ${formatTokenCount(b.total)} tokens${of}`, `  system prompt  ${formatTokenCount(b.system)}`];
  for (const m of b.memory) lines.push(`    memory ${m.label}  ${formatTokenCount(m.tokens)}`);
  lines.push(`  tools          ${formatTokenCount(b.tools)}`);
  b.turns.forEach((t, i) => lines.push(`  ${t.summary ? 'summary' : `turn ${i + 1}`}  ${formatTokenCount(t.tokens)}  ${t.prompt}`));
  if (b.largest.length > 0) {
    lines.push('largest tool results (/context <n> selects one in history mode; d drop · s shrink · p pin):');
    b.largest.forEach((r, i) => lines.push(`  ${String(i + 1).padStart(2)}. ${formatTokenCount(r.tokens).padStart(6)}  ${r.name} ${r.label}${r.edit ? `  [${r.edit}]` : ''}`));
  }
  return lines.join('\n');
}

/** /cost: the session's tokens by kind, its cost, and what the prompt cache saved. */
export function showCost(store: AppStore): void {
  const s = store.getState();
  addNotice(store, costText(s, store.door.send({ type: 'modelName' })));
}

export function costText(s: Pick<AppState, 'sessionUsage' | 'childPriced'>, model: string): string {
  const u = s.sessionUsage;
  // Child agents' requests at their own models.
  const cost = sessionCost(s, model);
  const p = modelInfo(model)?.prices;
  const lines = [
    `session tokens: ${formatTokenCount(u.inputTokens)} input · ${formatTokenCount(u.outputTokens)} output · ${formatTokenCount(u.cacheReadTokens)} cache read · ${formatTokenCount(u.cacheWriteTokens)} cache write`,
    cost === null ? `cost: unknown (no price for ${model})` : `cost: $${cost.toFixed(4)} at list prices`,
  ];
  if (u.webSearches) lines.splice(1, 0, `web searches: ${u.webSearches}${p?.webSearch ? ` ($${(u.webSearches * p.webSearch).toFixed(2)} at $${p.webSearch} each, in the cost)` : ''}`);
  // Cache reads instead of full-price input, less the premium paid for writing the cache.
  if (p) lines.push(`cache savings: $${((u.cacheReadTokens * (p.input - p.cacheRead) - u.cacheWriteTokens * (p.cacheWrite - p.input)) / 1e6).toFixed(4)}`);
  return lines.join('\n');
}
