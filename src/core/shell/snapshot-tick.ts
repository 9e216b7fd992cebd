// The one throttle between a command's pty and its screen: at most once a frame (a flood's every 4
// frames) the tick feeds the emulator what arrived (plain text waits for it: CommandTerminal's
// feedScreen), reads the screen and hands the snapshot on. And flow control: the pty pauses while
// too many bytes wait for the emulator and resumes once they are parsed.
import type { IPty } from 'node-pty';
import { FRAME_MS, frames } from '../frame-clock.js';
import type { TerminalSnapshot } from '../tools/details.js';
import { SNAPSHOT_HISTORY_ROWS, type CommandTerminal } from './command-terminal.js';
import type { OutputLog } from './output-log.js';

/** A command's screen reaches the UI at most once a frame of the screen's clock (core/frame-clock.ts). */
export const SNAPSHOT_INTERVAL_MS = FRAME_MS;
/**
 * A flood (more than FLOOD_BYTES since the last snapshot) is shown at most this often: its rows fly
 * past unread, and every snapshot costs the UI a frame that the command's own output waits behind.
 */
export const FLOOD_SNAPSHOT_INTERVAL_MS = frames(4);
const FLOOD_BYTES = 32 * 1024;
/** Pause reading the pty while this many bytes wait for the emulator; resume below the low mark. */
const FLOW_HIGH_BYTES = 1024 * 1024;
const FLOW_LOW_BYTES = 128 * 1024;

export interface SnapshotTickOptions {
  /** The live view; none: the tick only writes the log out. */
  onSnapshot?(snapshot: TerminalSnapshot, totalBytes: number): void;
  /** For benches and tests: snapshots taken, the time spent building them, the pty's pauses. */
  stats?: { snapshots: number; snapshotMs: number; pauses?: number };
  /** For tests: the flow-control marks (FLOW_HIGH_BYTES, FLOW_LOW_BYTES). */
  flowBytes?: { high: number; low: number };
  /** After the sentinel the screen is no longer the command's. */
  screenDone(): boolean;
}

export class SnapshotTick {
  /** Bytes the pty gave, the sentinel's included. */
  totalBytes = 0;
  /** A background job's: finished lines go to the log at every tick, not when they scroll off. */
  eager = false;
  private paused = false;
  private lastReport = 0;
  private bytesAtReport = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly high: number;
  private readonly low: number;

  constructor(
    private readonly terminal: CommandTerminal,
    private readonly pty: IPty,
    private readonly log: OutputLog,
    private readonly opts: SnapshotTickOptions,
  ) {
    this.high = opts.flowBytes?.high ?? FLOW_HIGH_BYTES;
    this.low = opts.flowBytes?.low ?? FLOW_LOW_BYTES;
  }

  /** The pty's bytes, to the emulator (or its feed); pauses the pty above the high mark. */
  data(data: string | Buffer): void {
    this.totalBytes += data.length;
    const bytes = typeof data === 'string' ? data : new Uint8Array(data.buffer, data.byteOffset, data.length);
    this.terminal.write(bytes, this.parsed);
    if (!this.paused && this.terminal.pendingBytes > this.high) {
      this.paused = true;
      this.pty.pause();
      if (this.opts.stats) this.opts.stats.pauses = (this.opts.stats.pauses ?? 0) + 1;
    }
  }

  /** Something changed the screen: a tick within a frame. */
  schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(this.tick, Math.max(0, this.lastReport + SNAPSHOT_INTERVAL_MS - Date.now()));
  }

  /** The command is over: no more ticks, and the pty reads again (its last bytes drain). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.paused) this.pty.resume();
  }

  private readonly parsed = () => {
    this.resumeBelowLow();
    this.schedule();
  };

  private resumeBelowLow(): void {
    if (this.paused && this.terminal.pendingBytes < this.low) {
      this.paused = false;
      this.pty.resume();
    }
  }

  private readonly tick = () => {
    this.timer = null;
    if (this.stopped) return;
    if (this.eager) this.terminal.settle();
    this.log.flush();
    const onSnapshot = this.opts.onSnapshot;
    if (!onSnapshot || this.opts.screenDone()) return;
    const now = Date.now();
    if (this.totalBytes - this.bytesAtReport > FLOOD_BYTES && now - this.lastReport < FLOOD_SNAPSHOT_INTERVAL_MS) {
      this.timer = setTimeout(this.tick, this.lastReport + FLOOD_SNAPSHOT_INTERVAL_MS - now);
      return;
    }
    this.lastReport = now;
    this.bytesAtReport = this.totalBytes;
    // Feeds the emulator what arrived, then reads it: no second period in between.
    this.terminal.feedScreen(() => {
      this.resumeBelowLow();
      if (this.stopped || this.opts.screenDone()) return;
      const stats = this.opts.stats;
      const started = stats ? performance.now() : 0;
      const snapshot = this.terminal.snapshot(SNAPSHOT_HISTORY_ROWS);
      if (stats) {
        stats.snapshots++;
        stats.snapshotMs += performance.now() - started;
      }
      try {
        onSnapshot(snapshot, this.totalBytes);
      } catch {
        // A failing listener must not crash the process from a timer; the result still comes.
      }
    });
  };
}
