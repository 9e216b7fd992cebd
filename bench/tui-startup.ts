// Start-up to first frame with the input ready: launches the built app in tmux (demo model)
// and polls the screen until the prompt box shows. Prints each run and the median.
//   npm run build && node --import tsx bench/tui-startup.ts [runs]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, startApp, tmux, waitFor } from './tui-tmux.js';

const runs = Number(process.argv[2] ?? 5);
const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-'));
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const session = `inkling-startup-${process.pid}`;
  const t0 = performance.now();
  startApp(session, { cwd });
  await waitFor(session, (s) => s.includes('Ask anything'), 20_000, 2);
  times.push(performance.now() - t0);
  tmux('kill-session', '-t', session);
  await new Promise((r) => setTimeout(r, 300));
}
console.log(`start to input prompt (ms): ${times.map((t) => t.toFixed(0)).join(', ')}; median ${median(times).toFixed(0)}`);
