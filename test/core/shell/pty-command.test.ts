import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandEnv } from '../../../src/core/shell/env.js';
import { KEPT_HEAD_CHARS, KEPT_TAIL_CHARS } from '../../../src/core/shell/kept-output.js';
import { EMULATOR_SCROLLBACK } from '../../../src/core/shell/command-terminal.js';
import { runPtyCommand, type PtyCommandOptions } from '../../../src/core/shell/pty-command.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-pty-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;

function run(command: string, extra: Partial<PtyCommandOptions> = {}) {
  return runPtyCommand({
    command,
    cwd: dir,
    env: commandEnv(process.env, []),
    cols: 80,
    rows: 24,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    logPath: path.join(dir, `run-${++n}.log`),
    ...extra,
  });
}

describe('runPtyCommand', () => {
  // node-pty can drop the last KB of a fast command; the handshake must not.
  it('never loses the last line of seq 1 200000 (20 runs)', async () => {
    const last: string[] = [];
    for (let i = 0; i < 20; i++) {
      // A narrow, short pane: the emulator's per-row work is the cost here, not the handshake.
      const r = await run('seq 1 200000', { cols: 20, rows: 5 });
      expect(r.sentinelSeen).toBe(true);
      last.push(r.text.slice(r.text.lastIndexOf('\n') + 1));
      expect(r.totalLines, `run ${i}: ...${JSON.stringify(r.text.slice(-60))}`).toBe(200000);
    }
    expect(last).toEqual(Array(20).fill('200000'));
  }, 120_000);

  it('still reports through the handshake when the command defined functions named printf, read and [', async () => {
    const r = await run("printf() { :; }; read() { return 0; }; [() { return 0; }; echo hi; exit 3");
    expect(r.sentinelSeen).toBe(true);
    expect(r.exitCode).toBe(3);
    expect(r.text).toBe('hi');
  });

  it('keeps memory bounded on a flood: kept text and emulator rows stay within their caps', async () => {
    // 15,000 lines of 200 characters: 3 MB, far more than the caps (the big floods are in bench/).
    const r = await run("yes \"$(head -c 200 /dev/zero | tr '\\0' x)\" | head -n 15000; echo last");
    expect(r.totalLines).toBe(15001);
    expect(r.retained.keptChars).toBeLessThanOrEqual(KEPT_HEAD_CHARS + KEPT_TAIL_CHARS + 400);
    expect(r.retained.emulatorRows).toBeLessThanOrEqual(EMULATOR_SCROLLBACK + 24);
    expect(r.text.length).toBeLessThan(52_000);
    expect(r.text.endsWith('\nlast')).toBe(true);
    expect(fs.statSync(r.logPath).size).toBe(15000 * 201 + 5);
  }, 60_000);

  it('caps the log file and says so', async () => {
    const { OutputLog } = await import('../../../src/core/shell/output-log.js');
    const log = new OutputLog(path.join(dir, 'nested', 'capped.log'), 100_000);
    for (let i = 0; i < 5000; i++) log.append(`line ${i} of a log that is longer than its cap\n`);
    log.close();
    const text = fs.readFileSync(path.join(dir, 'nested', 'capped.log'), 'utf8');
    expect(log.capped).toBe(true);
    expect(text.length).toBeLessThan(100_200);
    expect(text).toMatch(/\[log capped at 100000 bytes; later output was not saved\]\n$/);
  });

  it('reports a log it cannot write as an error and still runs the command', async () => {
    const blocker = path.join(dir, 'not-a-dir');
    fs.writeFileSync(blocker, '');
    const r = await run('echo still-runs', { logPath: path.join(blocker, 'x.log') });
    expect(r.text).toBe('still-runs');
    expect(r.logError).toMatch(/ENOTDIR|EEXIST/);
  });

  it('takes a scroll region that scrolls inside the screen without duplicating rows', async () => {
    // Region rows 5-10 (scrollTop != 0): scrolling inside it puts nothing into scrollback.
    const r = await run(
      "printf 'top\\n'; printf '\\033[5;10r\\033[10;1H'; for i in $(seq 1 20); do printf 'r%d\\n' $i; done; printf '\\033[r\\033[24;1H\\n'; echo end",
    );
    expect(r.text.split('\n').filter((l) => l === 'top')).toHaveLength(1);
    expect(r.text).toContain('r20');
    expect(r.text).not.toMatch(/r1\n[\s\S]*r1\n/);
    expect(r.text.endsWith('end')).toBe(true);
  });

  it('does not duplicate rows when the pane grows and pulls scrollback back onto the screen', async () => {
    let resize: ((c: number, r: number) => void) | undefined;
    let write: ((d: string) => void) | undefined;
    const seen: string[][] = [];
    const done = run('seq 1 60; read -r _; echo after', {
      rows: 10,
      attachInput: (ch) => {
        resize = ch.resize;
        write = ch.write;
        return () => {};
      },
      onSnapshot: (s) => seen.push(s.lines),
    });
    for (let i = 0; i < 500 && !seen.some((l) => l.includes('60')); i++) await new Promise((r) => setTimeout(r, 10));
    resize!(80, 30);
    resize!(40, 30);
    write!('\r');
    const r = await done;
    const lines = r.text.split('\n');
    expect(lines.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => String(i + 1)));
    expect(lines.slice(60)).toEqual(['', 'after']);
    expect(r.totalLines).toBe(62);
  });

  it('still sees the sentinel after output that left an escape string open', async () => {
    // The command leaves a DCS string open; the sentinel must still be parsed (xterm's parser
    // leaves a string at any ESC, and the sentinel also starts with CAN, which aborts one).
    const r = await run("printf 'visible\\n\\033P1$qnever terminated'");
    expect(r.sentinelSeen).toBe(true);
    expect(r.exitCode).toBe(0);
    expect(r.text).toBe('visible');
  });

  it('keeps the text of a program that used the alternate screen out of the model text', async () => {
    const r = await run("echo before; printf '\\033[?1049hFULLSCREEN\\n\\033[?1049l'; echo after");
    expect(r.text).toBe('before\nafter');
  });

  it('ends a command waiting for input at the timeout', async () => {
    const r = await run('echo waiting; read -r x; echo never', { timeoutMs: 1500 });
    expect(r.timedOut).toBe(true);
    expect(r.text).toBe('waiting');
  });

  it('throttles live snapshots while a command floods', async () => {
    let count = 0;
    const r = await run('seq 1 100000', { onSnapshot: () => count++ });
    expect(count).toBeGreaterThan(0);
    // One snapshot per 50 ms at most: far fewer than the chunks that arrived.
    expect(count).toBeLessThan(r.totalBytes / 4096);
  });

  it("feeds a plain flood to the emulator at the frame's snapshot only, not on a period of its own", async () => {
    const stats: NonNullable<PtyCommandOptions['stats']> = { snapshots: 0, snapshotMs: 0 };
    const bottoms: string[] = [];
    const r = await run('seq 1 300000', { stats, onSnapshot: (s) => bottoms.push(s.lines.filter(Boolean).at(-1) ?? '') });
    expect(r.totalLines).toBe(300000);
    expect(stats.snapshots).toBeGreaterThan(0);
    // Each snapshot feeds what arrived before it reads the screen; the end of the plain text (the sentinel) once more.
    expect(stats.plainFeeds).toBeGreaterThan(0);
    expect(stats.plainFeeds).toBeLessThanOrEqual(stats.snapshots + 1);
    // What a snapshot read was fed: the newest line seq had printed, never an empty screen.
    expect(bottoms.every((line) => /^\d+$/.test(line))).toBe(true);
  }, 60_000);

  // Marks of one byte: every write to the emulator pauses the pty until it is parsed. A pause
  // nobody resumes would hold the command until its timeout.
  it('pauses the pty while the emulator is behind and resumes it once parsed, with colours and no live view', async () => {
    const stats: NonNullable<PtyCommandOptions['stats']> = { snapshots: 0, snapshotMs: 0 };
    const r = await run("yes $'\\e[1mx\\e[0m' | head -n 20000; echo last", { stats, flowBytes: { high: 1, low: 1 } });
    expect(r.sentinelSeen).toBe(true);
    expect(r.totalLines).toBe(20001);
    expect(r.text.endsWith('\nlast')).toBe(true);
    expect(stats.pauses).toBeGreaterThan(0);
  }, 60_000);

  it("pauses the pty while a plain flood's feed is parsed and resumes it from the feed", async () => {
    const stats: NonNullable<PtyCommandOptions['stats']> = { snapshots: 0, snapshotMs: 0 };
    const r = await run('seq 1 300000', { stats, flowBytes: { high: 1, low: 1 }, onSnapshot: () => {} });
    expect(r.sentinelSeen).toBe(true);
    expect(r.totalLines).toBe(300000);
    expect(stats.pauses).toBeGreaterThan(0);
  }, 60_000);
});
