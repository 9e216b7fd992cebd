// The history pager over a bash log as big as the bash tool keeps (64 MB cap): time to the first
// page, to the full index, to search the whole log and count matches, to jump to the end, and how
// much memory all that holds (the log is never read whole).
// Run: node --expose-gc --import tsx bench/pager-log.ts [megabytes]
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLog } from '../src/pager/log-reader.js';
import { pagerKey } from '../src/keys/pager-keys.js';
import { PagerModel } from '../src/pager/pager-model.js';

const megabytes = Number(process.argv[2] ?? 64);
const dir = mkdtempSync(join(tmpdir(), 'inkling-bench-pager-'));
const path = join(dir, 'bash.log');

function writeLog(): number {
  const fd = openSync(path, 'w');
  let lines = 0;
  let written = 0;
  while (written < megabytes * 1024 * 1024) {
    const batch: string[] = [];
    for (let k = 0; k < 10_000; k++, lines++) {
      batch.push(lines % 100_000 === 99_999 ? `\x1b[31mFAIL\x1b[0m case ${lines}` : `ok ${lines} ${'lorem ipsum '.repeat(lines % 9)}`);
    }
    written += writeSync(fd, `${batch.join('\n')}\n`);
  }
  closeSync(fd);
  return lines;
}

const gc = (globalThis as { gc?: () => void }).gc;
const mem = () => {
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const ms = (t: number) => `${t.toFixed(0)} ms`;

async function main() {
  const lines = writeLog();
  console.log(`log: ${mb(statSync(path).size)}, ${lines} lines${gc ? '' : ' (run with --expose-gc for steadier memory figures)'}`);
  const before = mem();
  let peakRss = before.rss;
  const sample = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 5);

  let t = performance.now();
  const model = new PagerModel(await openLog(path), { width: 120, height: 38 });
  await model.idle();
  console.log(`first page:            ${ms(performance.now() - t)}`);

  t = performance.now();
  await pagerKey(model, { name: 'G', text: 'G' });
  console.log(`G (full index + end):  ${ms(performance.now() - t)}  → ${model.store.getState().totalLines} lines`);

  t = performance.now();
  await pagerKey(model, { name: 'g', text: 'g' });
  await pagerKey(model, { name: null, text: '/FAIL' });
  await pagerKey(model, { name: 'enter', text: '' });
  console.log(`search, first match:   ${ms(performance.now() - t)}  → line ${model.store.getState().current?.line}`);
  await model.idle();
  console.log(`search + full count:   ${ms(performance.now() - t)}  → ${model.store.getState().matchCount} matches`);

  t = performance.now();
  await pagerKey(model, { name: 'N', text: 'N' });
  console.log(`N (wrap to last):      ${ms(performance.now() - t)}  → match ${model.store.getState().matchIndex}`);

  t = performance.now();
  for (let k = 0; k < 50; k++) await pagerKey(model, { name: 'pagedown', text: '' });
  console.log(`PgDn:                  ${ms((performance.now() - t) / 50)} per key`);

  clearInterval(sample);
  const after = mem();
  console.log(`heap held after:       ${mb(after.heap - before.heap)}`);
  console.log(`peak RSS growth:       ${mb(peakRss - before.rss)} (log is ${mb(statSync(path).size)})`);
  await model.source.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
