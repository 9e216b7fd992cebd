// A read deep inside a large file must not load the file: memory growth stays far below its size.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileTool } from '../../../src/core/tools/read_file.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

const LINE = `${'log entry with some text '.repeat(4)}\n`; // 101 bytes
const LINES = 500_000; // ~50 MB

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
beforeAll(async () => {
  ws = await makeTempWorkspace();
  const block = Buffer.from(LINE.repeat(10_000));
  const handle = await fs.open(path.join(ws.root, 'huge.log'), 'w');
  for (let i = 0; i < LINES / 10_000; i++) await handle.write(block);
  await handle.close();
});
afterAll(() => ws.cleanup());

const used = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

it('reads a page near the end of a ~50 MB file with bounded memory', async () => {
  const size = (await fs.stat(path.join(ws.root, 'huge.log'))).size;
  const before = used();
  let peak = before;
  // Sampled while the read runs; the read yields between chunks, so the sampler sees its peak.
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 1);
  const r = await readFileTool.execute({ path: 'huge.log', offset: LINES - 2, limit: 10 }, makeToolContext({ workspaceRoot: ws.root }));
  clearInterval(sampler);
  peak = Math.max(peak, used());

  expect(r.isError).toBe(false);
  expect(r.details).toMatchObject({ startLine: LINES - 2, endLine: LINES, totalLines: LINES, more: false });
  expect(r.content.split('\n')).toHaveLength(3);
  const growth = peak - before;
  console.log(`read_file memory: file ${(size / 1e6).toFixed(1)} MB, peak growth ${(growth / 1e6).toFixed(1)} MB`);
  // Loading the file (or streaming it with a fresh buffer per chunk) measured 30-100 MB here.
  expect(growth).toBeLessThan(size * 0.2);
});
