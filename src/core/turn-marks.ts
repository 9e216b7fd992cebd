// Where each turn's prompt sits in the conversation, so a rewind can cut the history to just
// before it. History repair merges neighbouring user messages (a turn interrupted before any
// answer), so a turn is marked by its first block's identity, not by a message index.
import type { Message, UserBlock } from './conversation.js';
import { repairHistory } from './history-repair.js';

interface TurnMark {
  first: UserBlock;
  prompt: string;
}

export class TurnMarks {
  private marks: TurnMark[] = [];

  /** The 1-based number the next turn will have. */
  get next(): number {
    return this.marks.length + 1;
  }

  add(content: readonly UserBlock[], prompt: string): void {
    if (content[0]) this.marks.push({ first: content[0], prompt });
  }

  /**
   * The conversation as it was just before turn `n`, and that turn's prompt; undefined when the
   * turn is not in this conversation (resumed from disk before it was marked, or n out of range).
   */
  truncate(messages: readonly Message[], n: number): { messages: Message[]; prompt: string } | undefined {
    const mark = this.marks[n - 1];
    if (!mark) return undefined;
    const at = messages.findIndex((m) => m.role === 'user' && m.content.includes(mark.first));
    if (at === -1) return undefined;
    const message = messages[at]!;
    const kept = message.content.slice(0, (message.content as UserBlock[]).indexOf(mark.first)) as UserBlock[];
    this.marks = this.marks.slice(0, n - 1);
    const before = messages.slice(0, at);
    return { messages: repairHistory(kept.length > 0 ? [...before, { role: 'user', content: kept }] : before), prompt: mark.prompt };
  }

  /** Whether truncate(messages, n) would find turn `n` (changes nothing). */
  reaches(messages: readonly Message[], n: number): boolean {
    const mark = this.marks[n - 1];
    return mark !== undefined && messages.some((m) => m.role === 'user' && m.content.includes(mark.first));
  }

  clear(): void {
    this.marks = [];
  }
}
