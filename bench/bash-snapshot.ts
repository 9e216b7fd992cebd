// What one live pane snapshot costs: our cell walk (rowToSgr, one SGR string per row, no cursor
// codes) against @xterm/addon-serialize over the same rows, on a coloured 120x40 screen with
// 200 rows of scrollback (the size the bash tool reports).
// Run: node --import tsx bench/bash-snapshot.ts
import { SerializeAddon } from '@xterm/addon-serialize';
import xterm from '@xterm/headless';
import { takeSnapshot } from '../src/core/shell/screen-text.js';

const { Terminal } = xterm;
const cols = 120;
const rows = 40;
const term = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
const serializer = new SerializeAddon();
term.loadAddon(serializer as unknown as Parameters<typeof term.loadAddon>[0]);

let data = '';
for (let i = 0; i < 600; i++) {
  data += `\x1b[3${i % 8}m${String(i).padStart(5)}\x1b[0m \x1b[1mbold\x1b[0m plain text ${'-'.repeat(i % 60)} \x1b[38;5;${i % 256}m256\x1b[0m \x1b[48;2;10;20;${i % 256}mrgb\x1b[0m\r\n`;
}
await new Promise<void>((r) => term.write(data, r));

const buffer = term.buffer.active;
const cell = buffer.getNullCell();
const historyRows = 200;
const n = 300;
function time(label: string, f: () => number): void {
  for (let i = 0; i < 20; i++) f(); // warm up
  const start = performance.now();
  let size = 0;
  for (let i = 0; i < n; i++) size += f();
  const ms = (performance.now() - start) / n;
  console.log(`  ${label}: ${ms.toFixed(3)} ms per snapshot (${(size / n / 1024).toFixed(1)} KB), ${(ms * 20).toFixed(1)} ms per second at 20 snapshots/s`);
}
console.log(`snapshot of ${historyRows} scrollback + ${rows} screen rows, ${cols} columns:`);
time('cell walk (rowToSgr)', () => takeSnapshot(buffer, cols, rows, historyRows, 0, cell).lines.join('\n').length);
time('SerializeAddon.serialize({range})', () => {
  const start = Math.max(0, buffer.baseY - historyRows);
  return serializer.serialize({ range: { start, end: buffer.baseY + rows - 1 } }).length;
});
time('plain translateToString (no colour)', () => {
  let size = 0;
  for (let y = Math.max(0, buffer.baseY - historyRows); y < buffer.baseY + rows; y++) size += buffer.getLine(y)!.translateToString(true).length;
  return size;
});
