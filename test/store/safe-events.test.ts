// The store's event binding is the terminal-safety boundary: whatever strings the core's events
// carry, no string in the state the components read can make a terminal act.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { isSafeText } from '../../src/core/text/safe-text.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { HOSTILE, SPLIT_DELTAS } from '../helpers/hostile-text.js';

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

function hostileSession(evil: string): AgentEvent[] {
  return [
    { type: 'turn_start', prompt: `prompt ${evil}` },
    { type: 'thinking_delta', thinking: `thinking ${evil}` },
    { type: 'text_delta', text: `text ${evil}` },
    { type: 'tool_call', id: 'r', name: 'read_file', input: { path: `${evil}.txt`, [evil]: [evil] }, readOnly: true },
    { type: 'tool_result', id: 'r', content: evil, isError: false, durationMs: 1,
      details: { kind: 'read', path: `${evil}.txt`, startLine: 1, endLine: 1, totalLines: 1, more: false } },
    { type: 'tool_call', id: 'g', name: 'grep_search', input: { pattern: evil }, readOnly: true },
    { type: 'tool_result', id: 'g', content: `a.ts:1:${evil}`, isError: false, durationMs: 1,
      details: { kind: 'grep', pattern: evil, matches: 1, files: 1, truncated: false, engine: 'rg' } },
    { type: 'tool_call', id: 'e', name: 'edit_file', input: { path: 'a.ts', old_string: evil, new_string: 'x' }, readOnly: false },
    { type: 'tool_result', id: 'e', content: 'Edited', isError: false, durationMs: 1,
      details: { kind: 'edit', path: 'a.ts', diff: `-${evil}\n+x\n`, replacements: 1, created: false,
        hunks: [{ oldStart: 1, oldLines: [evil], newStart: 1, newLines: ['x'] }] } },
    { type: 'tool_call', id: 'b', name: 'bash', input: { command: `echo '${evil}'` }, readOnly: false },
    { type: 'tool_output', id: 'b', details: { kind: 'bash', command: `echo '${evil}'`, running: true, exitCode: null, signal: null,
      timedOut: false, logPath: '/tmp/x.log', totalBytes: 1,
      snapshot: { cols: 80, rows: 24, totalLines: 1, lines: [`\x1b[0;31m${evil}\x1b[0m`] } } },
    { type: 'tool_result', id: 'b', content: evil, isError: true, durationMs: 1 },
    { type: 'tool_call', id: 'm', name: `mcp__srv__${evil}`, input: { q: evil }, readOnly: true },
    { type: 'tool_result', id: 'm', content: evil, isError: false, durationMs: 1,
      details: { kind: 'mcp', server: evil, tool: evil, summaries: [evil] } },
    { type: 'retry', attempt: 1, delayMs: 10, reason: evil },
    { type: 'error', message: `server said ${evil}`, retryable: false },
    { type: 'notice', message: evil },
    { type: 'turn_end', reason: 'end_turn' },
  ];
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
