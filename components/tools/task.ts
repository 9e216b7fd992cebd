// task: a child agent's live row — which agent and what it was asked, the call it runs now and its
// key argument, its calls, tokens and cost, and "no progress for 30 s" when no token or tool event
// came for that long (the complaint: running subagents look hung). A finished child folds to one line.
import { toSafeText } from '../../src/core/text/safe-text.js';
import { NO_PROGRESS_MS } from '../../src/core/agents/task-details.js';
import type { ToolItem } from '../../src/store/transcript.js';
import { countOf, fitLine, formatCost, formatElapsed, formatTokens, paint } from '../text-layout.js';
import { defineRenderer, headerCard, indented, inputField, INDENT, resultRows } from './card-parts.js';


function task(item: ToolItem) {
  return item.details?.kind === 'task' ? item.details : undefined;
}

function tokensOf(u: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number }): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

/** "3 calls · 12.4k tokens · $0.031" */
function counts(d: NonNullable<ReturnType<typeof task>>): string {
  const cost = d.cost !== null && d.cost > 0 ? ` · ${formatCost(d.cost)}` : '';
  return `${countOf(d.toolCalls, 'call')} · ${formatTokens(tokensOf(d.usage))} tokens${cost}`;
}

const CALL_MARKS = { running: paint.dim('○'), done: paint.ok('✓'), error: paint.error('✗'), cancelled: paint.warn('⊘') } as const;

const STATUS_WORDS: Record<string, string> = { completed: 'done', failed: 'failed', interrupted: 'interrupted', turn_limit: 'stopped at its turn limit' };

export const taskRenderer = defineRenderer({
  kind: 'task',
  tools: ['task'],
  summary: (item) => {
    const agent = task(item)?.agent ?? inputField(item, 'agent') ?? 'general';
    const description = task(item)?.description ?? inputField(item, 'description') ?? '';
    return toSafeText(`${agent} · ${description}`);
  },
  result(item) {
    const d = task(item);
    if (!d) return item.status === 'error' ? 'error' : '';
    return `${STATUS_WORDS[d.status] ?? d.status} · ${counts(d)}`;
  },
  runningNote(item) {
    const d = task(item);
    return d && d.status !== 'waiting' ? ` · ${counts(d)}` : '';
  },
  cardLines(item, width, frame, now) {
    const lines = headerCard(taskRenderer, item, width, frame, now);
    const d = task(item);
    if (item.status !== 'running' || !d) return lines;
    if (d.status === 'waiting') {
      lines.push(fitLine(paint.dim(`${INDENT}waiting for a free place (agents.maxConcurrent)`), width));
      return lines;
    }
    const doing = d.current ? `${paint.bold(d.current.tool)} ${d.current.arg}` : paint.dim('thinking');
    const silent = now - (d.lastProgressAt ?? d.startedAt ?? now);
    const stuck = silent >= NO_PROGRESS_MS ? `  ${paint.warn(`no progress for ${formatElapsed(silent)}`)}` : '';
    lines.push(fitLine(`${INDENT}${paint.dim('↳')} ${doing}${stuck}`, width));
    return lines;
  },
  expandedInput: (item, width) => indented(inputField(item, 'prompt') ?? '', width),
  // The child's calls, one indented line each, then its answer as the model got it.
  expandedOutput(item, width) {
    const calls = task(item)?.calls ?? [];
    const rows = calls.map((c) => fitLine(`${INDENT}${CALL_MARKS[c.status]} ${paint.bold(c.tool)} ${c.arg}`, width));
    return [...(rows.length ? [fitLine(paint.dim(`${INDENT}the agent's calls:`), width), ...rows, ''] : []), ...resultRows(item, width)];
  },
  copyableInput: (item) => inputField(item, 'prompt') ?? '',
});
