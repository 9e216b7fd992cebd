// A read deep inside a large file returns the right page and line count. How much memory it
// takes is a figure, not a test: bench/file-tools.ts prints the peak heap growth of such a read.
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

it('reads a page near the end of a ~50 MB file', async () => {
  const r = await readFileTool.execute({ path: 'huge.log', offset: LINES - 2, limit: 10 }, makeToolContext({ workspaceRoot: ws.root }));
  expect(r.isError).toBe(false);
  expect(r.details).toMatchObject({ startLine: LINES - 2, endLine: LINES, totalLines: LINES, more: false });
  expect(r.content.split('\n')).toHaveLength(3);
});
