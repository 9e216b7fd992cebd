import { appendFileSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectText, fullOutputText, LogReader, MAX_LINE_BYTES, openLog, openOutputSource, TextLineSource,
} from '../../src/pager/log-reader.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inkling-log-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lineText = (i: number) => `line ${i} \x1b[32mok\x1b[0m ${'x'.repeat(i % 50)}`;

/** Writes `count` generated lines in 1 MB pieces, so the test itself never holds the file. */
function writeBigLog(path: string, count: number): number {
  const fd = openSync(path, 'w');
  let bytes = 0;
  let piece: string[] = [];
  let pieceLen = 0;
  for (let i = 0; i < count; i++) {
    const l = `${lineText(i)}\n`;
    piece.push(l);
    pieceLen += l.length;
    if (pieceLen > 1 << 20) {
      bytes += writeSync(fd, piece.join(''));
      piece = [];
      pieceLen = 0;
    }
  }
  bytes += writeSync(fd, piece.join(''));
  closeSync(fd);
  return bytes;
}

describe('LogReader on a multi-MB file', () => {
  it('indexes in chunks and fetches any range, with bounded memory', async () => {
    const path = join(dir, 'big.log');
    const count = 400_000;
    const size = writeBigLog(path, count); // ~19 MB
    expect(size).toBeGreaterThan(15 * 1024 * 1024);

    const reader = await openLog(path, 1024 * 1024);
    expect(reader.complete).toBe(false); // only the first MB so far
    const early = reader.lineCount;
    expect(early).toBeGreaterThan(1000);
    expect(early).toBeLessThan(count);
    expect(await reader.readLines(0, 2)).toEqual(['line 0 ok', `line 1 ok x`]);

    while (!reader.complete) await reader.refresh(2 * 1024 * 1024);
    expect(reader.lineCount).toBe(count);

    for (const at of [0, 63, 64, 65, 12_345, 199_999, count - 3]) {
      const got = await reader.readLines(at, at + 3);
      const want = [at, at + 1, at + 2].filter((i) => i < count).map((i) => lineText(i).replace(/\x1b\[\d*m/g, '').trimEnd());
      expect(got).toEqual(want);
    }
    expect(await reader.readLines(count - 1, count + 10, 'sgr')).toEqual([lineText(count - 1)]);
    expect(await reader.readLines(count, count + 10)).toEqual([]);

    // The index is a few KB for a 19 MB file (what the reader holds in memory is a figure:
    // bench/pager-log.ts prints it).
    expect(reader.indexBytes).toBeLessThan(200 * 1024);
    await reader.close();
  });
});

describe('LogReader on a growing file', () => {
  it('picks up appended output, including a last line that was still partial', async () => {
    const path = join(dir, 'grow.log');
    writeFileSync(path, 'one\ntw');
    const reader = await openLog(path);
    expect(reader.lineCount).toBe(2);
    expect(await reader.readLines(0, 5)).toEqual(['one', 'tw']);
    appendFileSync(path, 'o\nthree\n');
    expect(await reader.refresh()).toBe(3);
    expect(await reader.readLines(0, 5)).toEqual(['one', 'two', 'three']);
    writeFileSync(path, 'fresh\n'); // truncated and rewritten
    expect(await reader.refresh()).toBe(1);
    expect(await reader.readLines(0, 5)).toEqual(['fresh']);
    await reader.close();
  });
});

describe('LogReader formats and bad input', () => {
  it('returns plain, sgr or raw lines; progress bars show their final state', async () => {
    const path = join(dir, 'fmt.log');
    writeFileSync(path, '\x1b[1mbold\x1b[0m\x1b[K\r\n10%\r50%\r100%\r\n');
    const reader = await openLog(path);
    expect(await reader.readLines(0, 2)).toEqual(['bold', '100%']);
    expect(await reader.readLines(0, 1, 'sgr')).toEqual(['\x1b[1mbold\x1b[0m']);
    expect(await reader.readLines(1, 2, 'raw')).toEqual(['10%\r50%\r100%\r']);
    await reader.close();
  });

  it('cuts a huge line, whether it is read in one piece or streamed', async () => {
    for (const size of [MAX_LINE_BYTES * 2, MAX_LINE_BYTES * 6]) {
      const path = join(dir, `oneline-${size}.log`);
      writeFileSync(path, `first\n${'y'.repeat(size)}\nlast\n`);
      const reader = await openLog(path);
      expect(await reader.readLines(0, 3)).toEqual(['first', `${'y'.repeat(MAX_LINE_BYTES)} … [line cut]`, 'last']);
      await reader.close();
    }
  });

  it('reports a missing file as an error, not an exception', async () => {
    const reader = new LogReader(join(dir, 'missing.log'));
    expect(await reader.refresh()).toBe(0);
    expect(reader.error).toMatch(/cannot open .*ENOENT/);
    expect(await reader.readLines(0, 10)).toEqual([]);
  });
});

describe('collectText', () => {
  it('gives the whole clean output, or says it stopped at the cap', async () => {
    const path = join(dir, 'copy.log');
    writeFileSync(path, '\x1b[31ma\x1b[0m  \nb\n\n');
    const reader = new LogReader(path);
    expect(await collectText(reader)).toEqual({ text: 'a\nb', truncated: false });
    expect(await collectText(new TextLineSource('12345\n67890\n'), 8)).toEqual({ text: '12345', truncated: true });
    await reader.close();
  });
});

describe('a tool call as pager source and copy text', () => {
  const bash = (logPath: string) => ({
    content: 'exit 0',
    details: {
      kind: 'bash' as const, command: 'make', running: false, exitCode: 0, signal: null, timedOut: false,
      logPath, totalBytes: 0,
      snapshot: { cols: 80, rows: 24, totalLines: 1, lines: ['\x1b[1mlast screen only\x1b[0m'] },
    },
  });

  it('reads a bash call from its full log, not from the pane snapshot', async () => {
    const path = join(dir, 'make.log');
    writeFileSync(path, 'step 1\n\x1b[33mwarning\x1b[0m\nstep 3\n');
    const source = await openOutputSource(bash(path));
    expect(source).toBeInstanceOf(LogReader);
    expect(await source.readLines(0, 10)).toEqual(['step 1', 'warning', 'step 3']);
    await source.close();
    expect(await fullOutputText(bash(path))).toEqual({ text: 'step 1\nwarning\nstep 3', truncated: false });
  });

  it('falls back to the snapshot when the log is gone, and to content for other tools', async () => {
    expect(await fullOutputText(bash(join(dir, 'gone.log')))).toEqual({ text: 'last screen only', truncated: false });
    expect(await fullOutputText({ content: 'a\nb  \n' })).toEqual({ text: 'a\nb', truncated: false });
  });
});
