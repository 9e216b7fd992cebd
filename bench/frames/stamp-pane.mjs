// Run by `tmux pipe-pane`: appends every chunk the pane's program writes to a file, each with
// its arrival time, so a benchmark can tell when something reached the screen without polling.
// Record: float64 LE epoch ms (sub-ms), uint32 LE length, the bytes.
//   node bench/frames/stamp-pane.mjs <file>
import { openSync, writeSync } from 'node:fs';

const fd = openSync(process.argv[2], 'a');
process.stdin.on('data', (chunk) => {
  const head = Buffer.alloc(12);
  head.writeDoubleLE(performance.timeOrigin + performance.now(), 0);
  head.writeUInt32LE(chunk.length, 8);
  writeSync(fd, Buffer.concat([head, chunk]));
});
