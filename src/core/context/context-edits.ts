// A person's edits to what the model sees of tool results (history mode): drop, shrink, pin. The
// conversation keeps every result as it came; the edits are applied to the copy a request sends,
// so reverting one is forgetting it. A tool_use always keeps its (possibly replaced) result.
import type { Message, ToolResultBlock, ToolUseBlock } from '../conversation.js';
import type { ContextEdit } from '../events.js';
import { truncateHeadTail } from '../truncate.js';
import { estimateTokens, formatTokenCount } from './token-estimate.js';

/** What a shrunk result keeps: its head and tail, this many characters in all. */
export const SHRUNK_RESULT_CHARS = 2000;

export class ContextEdits {
  private readonly edits = new Map<string, ContextEdit>();

  get(id: string): ContextEdit | undefined {
    return this.edits.get(id);
  }

  /** Sets (or with null, clears) the edit of one call. */
  set(id: string, edit: ContextEdit | null): void {
    if (edit) this.edits.set(id, edit);
    else this.edits.delete(id);
  }

  get size(): number {
    return this.edits.size;
  }

  isPinned(id: string): boolean {
    return this.edits.get(id) === 'pin';
  }

  clear(): void {
    this.edits.clear();
  }

  entries(): [string, ContextEdit][] {
    return [...this.edits];
  }

  /** The messages as the next request sends them; the same array when no edit applies. */
  apply(messages: readonly Message[]): Message[] {
    if (![...this.edits.values()].some((e) => e !== 'pin')) return messages as Message[];
    const uses = toolUsesById(messages);
    return messages.map((m) => {
      if (m.role !== 'user' || !m.content.some((b) => b.type === 'tool_result' && this.changes(b.tool_use_id))) return m;
      return { role: 'user', content: m.content.map((b) => (b.type === 'tool_result' && this.changes(b.tool_use_id) ? this.edited(b, uses.get(b.tool_use_id)) : b)) };
    });
  }

  /** One result as the model sees it with its edit. */
  edited(block: ToolResultBlock, use: ToolUseBlock | undefined): ToolResultBlock {
    const edit = this.edits.get(block.tool_use_id);
    if (edit === 'drop') return { ...block, content: droppedPlaceholder(use, block.content) };
    if (edit === 'shrink') return { ...block, content: shrunk(block.content) };
    return block;
  }

  private changes(id: string): boolean {
    const e = this.edits.get(id);
    return e === 'drop' || e === 'shrink';
  }
}

export function toolUsesById(messages: readonly Message[]): Map<string, ToolUseBlock> {
  const uses = new Map<string, ToolUseBlock>();
  for (const m of messages) if (m.role === 'assistant') for (const b of m.content) if (b.type === 'tool_use') uses.set(b.id, b);
  return uses;
}

export function droppedPlaceholder(use: ToolUseBlock | undefined, content: string): string {
  const what = use ? [use.name, inputLabel(use.input)].filter(Boolean).join(' ') : 'a tool call';
  return `[result removed by the user to save context: ${what}, ${formatTokenCount(estimateTokens(content))} tokens]`;
}

export function shrunk(content: string): string {
  return truncateHeadTail(content, SHRUNK_RESULT_CHARS, 'shrunk by the user to save context');
}

/** A call's input in a few words: its path, command or pattern, else its first short string. */
export function inputLabel(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const record = input as Record<string, unknown>;
  for (const key of ['path', 'file_path', 'command', 'pattern', 'url', 'query']) {
    const v = record[key];
    if (typeof v === 'string' && v) return oneLine(v);
  }
  const first = Object.values(record).find((v): v is string => typeof v === 'string' && v.length > 0);
  return first ? oneLine(first) : '';
}

function oneLine(s: string): string {
  const line = s.split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
