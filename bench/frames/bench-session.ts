// The session the frame benches draw: `calls` bash calls of 200 coloured output lines each, every
// one after a line of markdown (bench/frames/frame-time.tsx, bench/pane-update.ts).
import type { AgentEvent } from '../../src/core/events.js';

export function session(calls: number): AgentEvent[] {
  const events: AgentEvent[] = [{ type: 'turn_start', prompt: 'bench' }];
  for (let i = 0; i < calls; i++) {
    const lines = Array.from({ length: 200 }, (_, j) => `\x1b[32mcall ${i}\x1b[0m output line ${j} ${'x'.repeat(60)}`);
    events.push(
      { type: 'text_delta', text: `Step ${i}: I will **run** \`echo ${i}\` now.\n\n` },
      { type: 'tool_call', id: `c${i}`, name: 'bash', input: { command: `echo ${i}` }, readOnly: false },
      {
        type: 'tool_result', id: `c${i}`, content: lines.join('\n'), isError: false, durationMs: 12,
        details: { kind: 'bash', command: `echo ${i}`, snapshot: { cols: 116, rows: 12, lines, totalLines: 200 }, running: false,
          exitCode: 0, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 20000 },
      },
    );
  }
  events.push({ type: 'turn_end', reason: 'end_turn' });
  return events;
}
