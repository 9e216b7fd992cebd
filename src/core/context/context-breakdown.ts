// /context: where the window goes — system prompt, tools, memory files, each turn, and the ten
// largest tool results (as the next request would send them, edits applied).
import type { Message } from '../conversation.js';
import type { ContextEdit } from '../events.js';
import type { ToolDefinition } from '../providers/provider.js';
import { inputLabel, toolUsesById, type ContextEdits } from './context-edits.js';
import { SUMMARY_HEADER } from './compaction.js';
import { estimateMessageTokens, estimateResultTokens, estimateTokens, estimateToolTokens } from './token-estimate.js';

export interface ContextPart { label: string; text: string }

export interface ContextBreakdown {
  /** Tokens the next request would send: the last usage's exact figure plus estimates since. */
  total: number;
  /** The model's window; null when the catalog does not know it. */
  window: number | null;
  system: number;
  tools: number;
  /** Memory files (inside the system prompt, counted in `system` too). */
  memory: { label: string; tokens: number }[];
  turns: { prompt: string; tokens: number; summary: boolean }[];
  /** The ten largest tool results, largest first. */
  largest: { id: string; name: string; label: string; tokens: number; edit?: ContextEdit }[];
}

export function contextBreakdown(opts: {
  system: string;
  memory: readonly ContextPart[];
  tools: readonly ToolDefinition[];
  messages: readonly Message[];
  edits: ContextEdits;
  scale: (estimate: number) => number;
  total: number;
  window: number | null;
}): ContextBreakdown {
  const sent = opts.edits.apply(opts.messages);
  const turns: ContextBreakdown['turns'] = [];
  for (const m of sent) {
    const text = m.role === 'user' ? m.content.find((b) => b.type === 'text') : undefined;
    if (text?.type === 'text' || turns.length === 0) {
      const summary = text?.type === 'text' && text.text.startsWith(SUMMARY_HEADER);
      turns.push({ prompt: summary ? 'summary of the compacted conversation' : text?.type === 'text' ? firstLine(text.text) : '', tokens: 0, summary });
    }
    turns.at(-1)!.tokens += opts.scale(estimateMessageTokens(m));
  }
  const uses = toolUsesById(sent);
  const results = sent.flatMap((m) => (m.role === 'user' ? m.content.flatMap((b) => (b.type === 'tool_result' ? [b] : [])) : []));
  const largest = results
    .map((b) => {
      const use = uses.get(b.tool_use_id);
      const edit = opts.edits.get(b.tool_use_id);
      return { id: b.tool_use_id, name: use?.name ?? 'tool', label: inputLabel(use?.input), tokens: opts.scale(estimateResultTokens(b)), ...(edit ? { edit } : {}) };
    })
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, 10);
  return {
    total: opts.total,
    window: opts.window,
    system: opts.scale(estimateTokens(opts.system)),
    tools: opts.scale(estimateToolTokens(opts.tools)),
    memory: opts.memory.map((p) => ({ label: p.label, tokens: opts.scale(estimateTokens(p.text)) })),
    turns,
    largest,
  };
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
}
