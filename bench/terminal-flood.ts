// What the flood path costs in-process, without the pty: `seq 1 N` as a pty delivers it (4,095-byte
// chunks, the event loop turning between them), through CommandTerminal (plain fast path, log,
// kept head/tail, emulator feed) with a live snapshot every 60 chunks (the emulator fed first, as the
// snapshot tick does), then the model's text.
// CPU per run; the first runs warm the JIT and are left out of the median. Less sensitive to a
// busy machine than the wall-clock figures of bench/frames.ts.
// Run: node --import tsx bench/terminal-flood.ts [lines] [runs]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandTerminal, SNAPSHOT_HISTORY_ROWS } from '../src/core/shell/command-terminal.js';
import { OutputLog } from '../src/core/shell/output-log.js';

const lines = Number(process.argv[2] ?? 300_000);
const runs = Number(process.argv[3] ?? 12);
const CHUNK = 4095;
const text = `${Array.from({ length: lines }, (_, i) => String(i + 1)).join('\r\n')}\r\n`;
const bytes = Buffer.from(text, 'latin1');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-terminal-'));

const cpu: number[] = [];
for (let run = 0; run < runs; run++) {
  const log = new OutputLog(path.join(dir, `run-${run}.log`));
  const term = new CommandTerminal({ cols: 120, rows: 40, nonce: 'bench', log, onSentinel() {} });
  const before = process.cpuUsage();
  for (let at = 0, n = 0; at < bytes.length; at += CHUNK, n++) {
    term.write(new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK, bytes.length - at)), () => {});
    // As the snapshot tick does (snapshot-tick.ts): feed the emulator what arrived, then read it.
    if (n % 60 === 59) term.feedScreen(() => term.snapshot(SNAPSHOT_HISTORY_ROWS));
    await new Promise((r) => setImmediate(r));
  }
  await term.drain();
  term.finish();
  log.close();
  const result = term.kept.render(`full output: ${log.filePath}`);
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1000);
  if (!result.text.endsWith(`\n${lines}`) || fs.statSync(log.filePath).size !== bytes.length - lines) throw new Error('wrong result or log');
  term.dispose();
}
fs.rmSync(dir, { recursive: true, force: true });
const warm = cpu.slice(2).sort((a, b) => a - b);
console.log(
  `seq 1 ${lines} through CommandTerminal, load ${os.loadavg()[0]!.toFixed(1)}: CPU per run median ${warm[warm.length >> 1]!.toFixed(0)} ms, ` +
    `min ${warm[0]!.toFixed(0)} ms (runs ${cpu.map((x) => x.toFixed(0)).join(', ')})`,
);
