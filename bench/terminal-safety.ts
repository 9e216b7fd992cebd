// What the terminal-safety boundary costs: toSafeText over clean and hostile model text, the
// event binding's conversion of a bash snapshot, and the frame guard over typical frames.
//   node --import tsx bench/terminal-safety.ts
import { createFrameGuard } from '../src/app/frame-guard.js';
import { toSafeDeep, toSafeStyledText, toSafeText } from '../src/core/text/safe-text.js';
import { toSafeEvent } from '../src/store/safe-events.js';

function timeIt(what: string, reps: number, fn: () => unknown): void {
  for (let i = 0; i < Math.min(50, reps); i++) fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) fn();
  const ns = Number(process.hrtime.bigint() - t0) / reps;
  console.log(`${what.padEnd(58)} ${(ns / 1000).toFixed(2).padStart(9)} µs`);
}

const prose = 'The function reads the file, checks the header and returns the parsed rows. '.repeat(54); // ~4 KB
const hostile = `${prose.slice(0, 2000)}\x1b]52;c;SGVsbG8=\x07\u009d0;x\u0007\u202e${prose.slice(0, 2000)}`;
const delta = 'one streamed delta of a few words ';
const row = `\x1b[0;32m✓\x1b[0m ${'x'.repeat(60)} \x1b[0;31mFAIL\x1b[0m ${'y'.repeat(40)}`;
const snapshot = {
  type: 'tool_output' as const,
  id: 'b',
  details: {
    kind: 'bash' as const, command: 'npm test', running: true, exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 1,
    snapshot: { cols: 120, rows: 24, totalLines: 500, lines: Array.from({ length: 224 }, () => row) },
  },
};
// A 40-row frame as Ink writes it: erase lines, coloured rows, cursor moves.
const frame = `\x1b[?2026h${'\x1b[2K\x1b[1A'.repeat(39)}\x1b[2K\x1b[G${Array.from({ length: 40 }, (_, i) => `\x1b[36m⠋\x1b[39m \x1b[1mread_file\x1b[22m src/file${i}.ts\x1b[60C\x1b[2m212 lines\x1b[22m`).join('\n')}\n\x1b[?2026l`;
const { guard } = createFrameGuard();

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
timeIt('toSafeText, 4 KB clean prose (fast path)', 20_000, () => toSafeText(prose));
timeIt('toSafeText, 4 KB prose with OSC 52, C1 and bidi', 20_000, () => toSafeText(hostile));
timeIt('toSafeText, one 34-byte stream delta', 200_000, () => toSafeText(delta));
timeIt('toSafeStyledText, one 120-column coloured pty row', 100_000, () => toSafeStyledText(row));
timeIt('toSafeEvent, bash snapshot of 224 coloured rows', 2_000, () => toSafeEvent(snapshot));
timeIt('toSafeDeep, a tool input of 5 fields', 100_000, () => toSafeDeep({ path: 'src/a.ts', offset: 1, limit: 200, pattern: 'TODO', flags: ['i'] }));
timeIt(`frame guard, a 40-row frame (${frame.length} chars)`, 5_000, () => guard(frame));
