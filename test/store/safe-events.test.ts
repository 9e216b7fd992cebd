// The store's event binding is the terminal-safety boundary: whatever strings the core's events
// carry, no string in the state the components read can make a terminal act.
import { describe, expect, it } from 'vitest';
import { isSafeText, toSafeStyledText, type SafeText } from '../../src/core/text/safe-text.js';
import type { ToolDetails } from '../../src/core/tools/details.js';
import { safePaneRows } from '../../src/store/safe-events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { HOSTILE, hostileSession, SPLIT_DELTAS } from '../helpers/hostile-text.js';

function everyString(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => everyString(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      everyString(v, out);
    }
  }
  return out;
}

describe('the event binding as the terminal-safety boundary', () => {
  it.each(Object.entries(HOSTILE))('keeps %s out of every string in the state', (_name, evil) => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    for (const ev of hostileSession(evil)) binding.push(ev);
    binding.flush();
    const s = store.getState();
    const strings = everyString({ items: s.items, retry: s.retry });
    expect(strings.length).toBeGreaterThan(40);
    expect(strings.filter((t) => !isSafeText(t))).toEqual([]);
    // The bash pane's own colours survive the boundary.
    const bash = s.items.find((i) => i.kind === 'tool' && i.id === 'b');
    expect(bash?.kind === 'tool' && bash.details?.kind === 'bash' && bash.details.snapshot.lines[0]!.startsWith('\x1b[0;31m')).toBe(true);
  });

  it('shows a sequence split across two text deltas the same as one whole', () => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    binding.push({ type: 'turn_start', prompt: 'go' });
    binding.push({ type: 'text_delta', text: SPLIT_DELTAS[0] });
    binding.flush();
    binding.push({ type: 'text_delta', text: SPLIT_DELTAS[1] });
    binding.push({ type: 'turn_end', reason: 'end_turn' });
    const text = store.getState().items.find((i) => i.kind === 'assistant');
    expect(text?.kind === 'assistant' && text.text).toBe('split ␛]52;c;SGVsbG8=␇after-split');
  });
});

const paneUpdate = (lines: string[]) => ({
  type: 'tool_output' as const,
  id: 'p',
  details: { kind: 'bash', command: 'make', snapshot: { cols: 80, rows: 12, lines, totalLines: lines.length }, running: true,
    exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 1 } satisfies ToolDetails,
});

describe('a live pane update crossing the boundary', () => {
  it('converts only the rows the pane did not show before', () => {
    const calls: string[] = [];
    const counting = (row: string) => {
      calls.push(row);
      return toSafeStyledText(row);
    };
    const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `\x1b[32mline ${from + i}\x1b[0m ${'x'.repeat(40)}`);
    const first = safePaneRows(rows(0, 12), undefined, counting);
    expect(calls).toHaveLength(12);
    // One new line: the rows move up by one, eleven of them shown before.
    calls.length = 0;
    const second = safePaneRows(rows(1, 13), first, counting);
    expect(calls).toEqual([rows(12, 13)[0]]);
    expect(second).toEqual(rows(1, 13).map(toSafeStyledText));
    // Nothing new (a repaint of the same screen): nothing converted.
    calls.length = 0;
    expect(safePaneRows(rows(1, 13), second, counting)).toEqual(second);
    expect(calls).toEqual([]);
  });

  it.each(Object.entries(HOSTILE))('keeps %s out of a pane that shows it update after update', (_name, evil) => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    binding.push({ type: 'turn_start', prompt: 'go' });
    binding.push({ type: 'tool_call', id: 'p', name: 'bash', input: { command: 'make' }, readOnly: false });
    const paneRowsNow = () => {
      const t = store.getState().items.find((i) => i.id === 'p');
      return t?.kind === 'tool' && t.details?.kind === 'bash' ? t.details.snapshot.lines : [];
    };
    binding.push(paneUpdate(['ok', evil]));
    binding.flush();
    const shown = paneRowsNow();
    // The same raw row again, its safe form as raw text, and the row in a new place.
    for (const lines of [['ok', evil], [evil, shown[1]!, 'ok'], [shown[1]!, evil]]) {
      binding.push(paneUpdate(lines));
      binding.flush();
      const now = paneRowsNow();
      expect(now.filter((t) => !isSafeText(t))).toEqual([]);
      expect(now).toEqual(lines.map(toSafeStyledText) as SafeText[]);
    }
  });
});

describe('what the boundary leaves unread', () => {
  /** A task row whose description counts how often something reads it. */
  const countedRow = (reads: { n: number }, description: string) => ({
    kind: 'task' as const, agent: 'explore', depth: 1, status: 'running' as const, toolCalls: 0, cost: null,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    get description() {
      reads.n++;
      return description;
    },
  });

  it("does not read a call's output that a newer one of the same commit replaces", () => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    binding.push({ type: 'turn_start', prompt: 'go' });
    binding.push({ type: 'tool_call', id: 't', name: 'task', input: { description: 'look' }, readOnly: true });
    const older = { n: 0 };
    const newer = { n: 0 };
    binding.push({ type: 'tool_output', id: 't', details: countedRow(older, 'first') });
    binding.push({ type: 'tool_output', id: 't', details: countedRow(newer, 'second') });
    binding.flush();
    expect(older.n).toBe(0);
    expect(newer.n).toBeGreaterThan(0);
    const t = store.getState().items.find((i) => i.id === 't');
    expect(t?.kind === 'tool' && t.details?.kind === 'task' && t.details.description).toBe('second');
  });

  it("makes a child's ref safe once for all its events, and again when the ref is another", () => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    binding.push({ type: 'turn_start', prompt: 'go' });
    const reads = { n: 0 };
    const agent = {
      id: 'child-1', depth: 1,
      get name() {
        reads.n++;
        return 'explore';
      },
    };
    for (let i = 0; i < 20; i++) binding.push({ type: 'agent_event', agent, event: { type: 'tool_status', id: `c${i}`, status: 'running' } });
    binding.flush();
    expect(reads.n).toBeLessThan(5);
    // The same id in a ref of its own, with a name from outside: made safe on its own.
    const evil = Object.values(HOSTILE)[0]!;
    binding.push({ type: 'agent_event', agent: { id: 'child-1', name: evil, depth: 1 }, event: { type: 'approval_request', id: 'c-ask', tool: 'bash', input: { command: 'rm x' }, preview: { kind: 'command', command: 'rm x', cwd: '/w', findings: [] }, reason: 'commands ask', waiting: 0 } });
    binding.flush();
    const ask = store.getState().approvals.queue[0];
    expect(isSafeText(ask!.agent!.name)).toBe(true);
    expect(ask!.agent!.name).not.toBe('explore');
  });
});

describe("a child's most frequent events, built field by field", () => {
  it('keeps only numbers of a usage event, and makes a status event safe', () => {
    const store = createAppStore();
    const binding = createEventBinding(store, { intervalMs: 0 });
    binding.push({ type: 'turn_start', prompt: 'go' });
    binding.push({ type: 'tool_call', id: 'a\x1b]0;x\x07', name: 'bash', input: { command: 'ls' }, readOnly: true });
    binding.push({ type: 'tool_status', id: 'a\x1b]0;x\x07', status: 'running' });
    const odd = { inputTokens: 5, outputTokens: '\x1b[31m7' as unknown as number, cacheReadTokens: 0, cacheWriteTokens: 0, webSearches: 1 };
    binding.push({ type: 'usage', usage: odd, turn: odd, session: odd });
    binding.flush();
    const s = store.getState();
    expect(s.turnUsage).toEqual({ inputTokens: 5, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, webSearches: 1 });
    expect(s.sessionUsage.outputTokens).toBe(0);
    const call = s.items.find((i) => i.kind === 'tool');
    expect(call?.kind === 'tool' && call.status).toBe('running');
    expect(everyString(s.items).filter((t) => !isSafeText(t))).toEqual([]);
  });
});
