// Figures for the file tools: a page deep inside a large log (time, memory growth), grep with ripgrep
// vs the Node engine over this repository, and an edit in a 5 MB file.
// Run: node --import tsx bench/file-tools.ts   (BENCH_LOG_MB=1024 for a bigger log)
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { editFileTool } from '../src/core/tools/edit_file.js';
import { createGrepTool, findOnPath } from '../src/core/tools/grep_search.js';
import { listFilesTool } from '../src/core/tools/list_files.js';
import { readFileTool } from '../src/core/tools/read_file.js';
import { makeToolContext } from '../test/helpers/tool-context.js';

const LOG_MB = Number(process.env.BENCH_LOG_MB ?? 256);
const mem = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const before = mem();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, mem())), 1);
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  clearInterval(sampler);
  console.log(`${label}: ${ms.toFixed(0)} ms, peak heap+buffers growth ${mb(Math.max(peak, mem()) - before)}`);
  return result;
}

const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'inkling-bench-')));
try {
  const ctx = makeToolContext({ workspaceRoot: dir });
  const line = `${new Date(0).toISOString()} INFO request handled in 12 ms path=/api/items status=200\n`;
  const block = Buffer.from(line.repeat(Math.floor((1 << 20) / line.length)));
  const handle = await fs.open(path.join(dir, 'big.log'), 'w');
  for (let i = 0; i < LOG_MB; i++) await handle.write(block);
  await handle.close();
  const size = (await fs.stat(path.join(dir, 'big.log'))).size;
  const totalLines = (block.toString().split('\n').length - 1) * LOG_MB;
  console.log(`log: ${mb(size)}, ${totalLines} lines`);
  const page = await timed(`read_file offset=${totalLines - 100} limit=50`, () =>
    readFileTool.execute({ path: 'big.log', offset: totalLines - 100, limit: 50 }, ctx),
  );
  console.log(`  -> ${page.isError ? 'ERROR ' + page.content : `${page.content.split('\n').length} lines returned`}`);
  await timed('read_file offset=1 (first 2000 lines)', () => readFileTool.execute({ path: 'big.log', offset: 1 }, ctx));

  const src = Array.from({ length: 100_000 }, (_, i) => `export const value${i} = ${i}; // a 5 MB source file`).join('\n');
  await fs.writeFile(path.join(dir, 'big.ts'), src);
  await readFileTool.execute({ path: 'big.ts', offset: 1, limit: 1 }, ctx);
  await timed('edit_file unique match in a 5 MB file', () =>
    editFileTool.execute({ path: 'big.ts', old_string: 'value54321 = 54321;', new_string: 'value54321 = -1;' }, ctx),
  );
  await timed('edit_file near miss (no match, closest lines)', () =>
    editFileTool.execute({ path: 'big.ts', old_string: 'export const valeu54321 = 54321;', new_string: 'x' }, ctx),
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}

const repo = makeToolContext({ workspaceRoot: process.cwd() });
const rg = await findOnPath('rg');
for (const [name, rgPath] of [['rg', rg], ['node', null]] as const) {
  const r = await timed(`grep_search "import" over this repo (${name})`, () =>
    createGrepTool({ rgPath }).execute({ pattern: 'import', glob: '*.ts' }, repo),
  );
  console.log(`  -> ${JSON.stringify(r.details)}`);
}
await timed('list_files of this repo, depth 3', () => listFilesTool.execute({}, repo));
