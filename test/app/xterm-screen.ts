// Renders Ink into a real terminal emulator (@xterm/headless) to see what a terminal shows.
import { EventEmitter } from 'node:events';
import xterm from '@xterm/headless';

const { Terminal } = xterm;

export class FakeTtyOut extends EventEmitter {
  isTTY = true;
  writes: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
    private term: InstanceType<typeof Terminal>,
  ) {
    super();
  }
  write = (data: string, cb?: () => void): boolean => {
    this.writes.push(data);
    this.term.write(data, cb);
    return true;
  };
  resize(cols: number, rows: number): void {
    this.columns = cols;
    this.rows = rows;
    this.term.resize(cols, rows);
    this.emit('resize');
  }
}

export class FakeTtyIn extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string): void {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read = (): string | null => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

export function createScreen(cols: number, rows: number) {
  // convertEol: the tty driver turns \n into \r\n (ONLCR stays on in Node's raw mode).
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000, convertEol: true });
  const stdout = new FakeTtyOut(cols, rows, term);
  const stdin = new FakeTtyIn();
  return {
    term,
    stdout,
    stdin,
    /** Waits until xterm has parsed everything written so far. */
    flush: () => new Promise<void>((r) => term.write('', r)),
    /** The visible screen, one string per row (trailing spaces trimmed). */
    lines(): string[] {
      const b = term.buffer.active;
      const out: string[] = [];
      for (let y = 0; y < term.rows; y++) out.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
      return out;
    },
    /** Rows that scrolled off the top into scrollback (0 when no frame was taller than the screen). */
    scrolledOff: () => term.buffer.active.baseY,
  };
}
