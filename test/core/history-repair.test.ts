import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/conversation.js';
import { MISSING_RESULT, repairHistory } from '../../src/core/history-repair.js';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

describe('repairHistory', () => {
  it('gives a tool_use without a result an error result, in order, before any text', () => {
    const history: Message[] = [
      user('hi'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'read_file', input: {} }, { type: 'tool_use', id: 'b', name: 'bash', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'next prompt' }, { type: 'tool_result', tool_use_id: 'b', content: 'ok' }] },
    ];
    const repaired = repairHistory(history);
    expect(repaired[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: MISSING_RESULT, is_error: true },
        { type: 'tool_result', tool_use_id: 'b', content: 'ok' },
        { type: 'text', text: 'next prompt' },
      ],
    });
  });

  it('adds a results message when the history ends on an assistant tool_use (crash)', () => {
    const repaired = repairHistory([user('hi'), { role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'bash', input: {} }] }]);
    expect(repaired).toHaveLength(3);
    expect(repaired[2]!.content[0]).toMatchObject({ tool_use_id: 'x', is_error: true });
  });

  it('drops thinking cut before its signature, keeps signed and redacted thinking', () => {
    const repaired = repairHistory([
      user('hi'),
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'signed', signature: 'sig' },
          { type: 'redacted_thinking', data: 'xyz' },
          { type: 'thinking', thinking: 'cut off', signature: '' },
          { type: 'text', text: 'answer' },
        ],
      },
    ]);
    expect(repaired[1]!.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'text']);
  });

  it('removes orphaned results and empty messages and merges same-role neighbours', () => {
    const repaired = repairHistory([
      user('one'),
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'x', signature: '' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ghost', content: 'late' }, { type: 'text', text: 'two' }] },
    ]);
    expect(repaired).toEqual([{ role: 'user', content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }]);
  });

  it('leaves a valid history unchanged', () => {
    const history: Message[] = [
      user('hi'),
      { role: 'assistant', content: [{ type: 'text', text: 'x' }, { type: 'tool_use', id: 'a', name: 't', input: { p: 1 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'r' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ];
    expect(repairHistory(history)).toEqual(history);
  });
});
