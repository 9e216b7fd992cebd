// The store's event binding is the terminal-safety boundary: whatever strings the core's events
// carry, no string in the state the components read can make a terminal act.
import { describe, expect, it } from 'vitest';
import { isSafeText } from '../../src/core/text/safe-text.js';
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
