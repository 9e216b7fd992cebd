// What reached the terminal, and when: tmux pipe-pane copies the app's output to stamp-pane.mjs,
// which stores each chunk with its arrival time; replay() feeds the chunks to a headless xterm
// seeded with the screen as it was when the copy started, so a bench can ask "when did the
// screen first show X" without polling capture-pane (which is coarse and costs CPU itself).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import xterm from '@xterm/headless';
import { tmux } from '../../test/e2e/tmux-app.js';

const { Terminal } = xterm;
const STAMPER = path.join(import.meta.dirname, 'stamp-pane.mjs');

export interface PaneChunk {
  /** Arrival time, epoch ms (sub-ms precision). */
  t: number;
  data: Buffer;
}

export interface PaneStream {
  /** Stops copying; the chunks stay readable. */
  stop(): void;
  chunks(): PaneChunk[];
  /** The screen when copying started: rows with SGR codes, cursor, size. */
  seed: { rows: string[]; x: number; y: number; cols: number; height: number };
}

let count = 0;

/** Starts copying the pane's output; call it while the screen is still (the seed is captured once). */
export async function startPaneStream(session: string, dir: string): Promise<PaneStream> {
  const file = path.join(dir, `pane-${process.pid}-${++count}.bin`);
  writeFileSync(file, '');
  tmux('pipe-pane', '-t', session, `exec node ${STAMPER} ${file}`);
  await new Promise((r) => setTimeout(r, 300)); // the stamper is up; anything before it waits in the pipe
  const rows = tmux('capture-pane', '-p', '-e', '-t', session).split('\n');
  const [x, y, cols, height] = tmux('display', '-p', '-t', session, '#{cursor_x} #{cursor_y} #{pane_width} #{pane_height}')
    .trim()
    .split(' ')
    .map(Number) as [number, number, number, number];
  let stopped = false;
  return {
    seed: { rows: rows.slice(0, height), x, y, cols, height },
    stop() {
      if (stopped) return;
      stopped = true;
      tmux('pipe-pane', '-t', session);
    },
    chunks: () => readChunks(file),
  };
}

function readChunks(file: string): PaneChunk[] {
  const buf = readFileSync(file);
  const out: PaneChunk[] = [];
  for (let at = 0; at + 12 <= buf.length; ) {
    const t = buf.readDoubleLE(at);
    const len = buf.readUInt32LE(at + 8);
    out.push({ t, data: buf.subarray(at + 12, at + 12 + len) });
    at += 12 + len;
  }
  return out;
}

/**
 * Replays the stream into an emulator and calls `visit` with the screen's rows (plain text) after
 * every chunk that arrived in [from, to].
 */
export async function replay(
  stream: PaneStream,
  visit: (rows: string[], t: number) => void,
  from = 0,
  to = Infinity,
): Promise<void> {
  const { seed } = stream;
  const term = new Terminal({ cols: seed.cols, rows: seed.height, scrollback: 0, allowProposedApi: true });
  const write = (data: string | Uint8Array) => new Promise<void>((r) => term.write(data, r));
  // The app drew on the alternate screen; its frames move the cursor relative to where it is.
  await write('\x1b[?1049h' + seed.rows.map((row, i) => `\x1b[${i + 1};1H${row}`).join('') + `\x1b[${seed.y + 1};${seed.x + 1}H`);
  for (const chunk of stream.chunks()) {
    if (chunk.t > to) break;
    await write(chunk.data);
    if (chunk.t < from) continue;
    const buffer = term.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < seed.height; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    visit(rows, chunk.t);
  }
  term.dispose();
}

/** Epoch ms with sub-ms precision, on the same clock as the stamper's. */
export const nowMs = (): number => performance.timeOrigin + performance.now();
