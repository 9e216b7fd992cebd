// One compaction, manual or automatic: the summary request, then the conversation that replaces
// the old one. Publishes compaction_start and then compaction or (on failure) an error; a failure
// leaves the conversation exactly as it was.
import type { Message, Usage } from '../conversation.js';
import type { AgentEvent, CompactionReason } from '../events.js';
import { repairHistory } from '../history-repair.js';
import type { Provider, ToolDefinition } from '../providers/provider.js';
import { DEFAULT_KEPT_TURNS, keptFrom, requestSummary, summaryMessage, summaryRequest } from './compaction.js';
import type { ConversationContext } from './conversation-context.js';

export type CompactionOutcome =
  | { kind: 'compacted'; messages: Message[]; usage: Usage }
  | { kind: 'nothing' }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

export interface CompactionRun {
  reason: CompactionReason;
  instructions?: string;
  messages: Message[];
  context: ConversationContext;
  tools: readonly ToolDefinition[];
  provider: Provider;
  model: string;
  maxTokens: number;
  signal: AbortSignal;
  emit: (e: AgentEvent) => void;
  keepTurns?: number;
  /** The plan in force (core/plan), restated by the summary request and after the summary. */
  plan?: string | undefined;
}

export async function compactConversation(run: CompactionRun): Promise<CompactionOutcome> {
  const from = keptFrom(run.messages, run.keepTurns ?? DEFAULT_KEPT_TURNS);
  if (from === 0) return { kind: 'nothing' };
  const tokensBefore = run.context.tokens(run.tools, run.messages);
  run.emit({ type: 'compaction_start', reason: run.reason, tokens: tokensBefore });
  const earlier = run.messages.slice(0, from);
  const kept = run.messages.slice(from);
  let summary: { text: string; usage: Usage };
  try {
    const request = summaryRequest({ model: run.model, maxTokens: run.maxTokens, earlier, edits: run.context.edits, ...(run.instructions ? { instructions: run.instructions } : {}), ...(run.plan ? { plan: run.plan } : {}) });
    summary = await requestSummary(run.provider, request, run.signal);
  } catch (err) {
    if (run.signal.aborted) return { kind: 'aborted' };
    const why = err instanceof Error ? err.message : String(err);
    const message = `Compaction failed: the summary request did not succeed (${why}). Nothing was removed from the conversation.`;
    run.emit({ type: 'error', message, retryable: true });
    return { kind: 'failed', message };
  }
  const message = summaryMessage(summary.text, earlier, run.context.edits, run.plan);
  const messages = repairHistory([message, ...kept]);
  run.emit({
    type: 'compaction',
    reason: run.reason,
    message,
    keptMessages: kept.length,
    tokensBefore,
    tokensAfter: run.context.tokens(run.tools, messages),
    usage: summary.usage,
  });
  return { kind: 'compacted', messages, usage: summary.usage };
}
