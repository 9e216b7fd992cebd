// Cards inside the running App: concurrent reads finish one by one, a bash pane follows its
// pty snapshots, all through the store binding.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { AgentEvent } from '../../src/core/events.js';
import { frame, unmountAct } from './act-helpers.js';
import { renderApp, type Harness } from './app-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = null;
});

async function send(x: Harness, ...events: AgentEvent[]): Promise<void> {
  await act(async () => {
    for (const e of events) x.session.binding.push(e);
    x.session.binding.flush();
  });
}

const snapshot = (lines: string[]) => ({
  kind: 'bash' as const, command: 'make', snapshot: { cols: 76, rows: 12, lines, totalLines: lines.length },
  running: true, exitCode: null, signal: null, timedOut: false, logPath: '/tmp/log', totalBytes: 10,
});

describe('live cards in the App', () => {
  it('shows concurrent reads spinning together and finishing one at a time', async () => {
    h = await renderApp();
    await send(
      h,
      { type: 'turn_start', prompt: 'read' },
      ...(['a.ts', 'b.ts', 'c.ts'].flatMap((p, i): AgentEvent[] => [
        { type: 'tool_call', id: `r${i}`, name: 'read_file', input: { path: p }, readOnly: true },
        { type: 'tool_status', id: `r${i}`, status: 'running' },
      ])),
    );
    let rows = frame(h.r).split('\n').filter((l) => /read_file/.test(l));
    expect(rows.map((r) => r[0])).toEqual(['⠋', '⠋', '⠋']);
    expect(frame(h.r)).toContain('running 3 tools');
    await send(h, { type: 'tool_result', id: 'r1', content: 'x', isError: false, durationMs: 5,
      details: { kind: 'read', path: 'b.ts', startLine: 1, endLine: 40, totalLines: 40, more: false } });
    rows = frame(h.r).split('\n').filter((l) => /read_file/.test(l));
    expect(rows[1]).toMatch(/^✓ read_file b\.ts +40 lines$/);
    expect(rows[0]![0]).not.toBe('✓');
    expect(frame(h.r)).toContain('running 2 tools');
  });

  it('updates a bash pane in place as snapshots arrive', async () => {
    h = await renderApp();
    await send(
      h,
      { type: 'turn_start', prompt: 'build' },
      { type: 'tool_call', id: 'b', name: 'bash', input: { command: 'make' }, readOnly: false },
      { type: 'tool_status', id: 'b', status: 'running' },
      { type: 'tool_output', id: 'b', details: snapshot(['compiling 1/3']) },
    );
    expect(frame(h.r)).toContain('│ compiling 1/3');
    // A progress line redrawn in place (\r in the command) arrives as a changed snapshot row.
    await send(h, { type: 'tool_output', id: 'b', details: snapshot(['compiling 3/3', 'linking']) });
    const f = frame(h.r);
    expect(f).not.toContain('compiling 1/3');
    expect(f).toContain('│ compiling 3/3');
    expect(f).toContain('│ linking');
    await send(h, { type: 'tool_result', id: 'b', content: 'ok', isError: false, durationMs: 2100,
      details: { ...snapshot(['compiling 3/3', 'linking', 'done']), running: false, exitCode: 0 } },
      { type: 'turn_end', reason: 'end_turn' });
    expect(frame(h.r)).toMatch(/✓ bash make +exit 0 in 2\.1 s/);
    expect(frame(h.r)).toContain('● idle');
  });
});
