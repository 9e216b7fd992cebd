// Reading a job's log on disk by byte offset: what the model gets from job_output and when a
// command moves to the background. Memory stays bounded whatever the job printed: at most a head
// and a tail of the range are read.
import fs from 'node:fs';

/** Bytes of a range shown whole; past it, the first and last half of this. */
export const JOB_READ_BYTES = 24 * 1024;

export interface LogSlice {
  text: string;
  /** The offset the next read starts from (the log's size when it was read). */
  next: number;
  /** Bytes in the range [from, next). */
  bytes: number;
  /** Bytes left out of the middle (0: the whole range). */
  omitted: number;
}

function readAt(fd: number, from: number, length: number): string {
  const buf = Buffer.alloc(length);
  const n = fs.readSync(fd, buf, 0, length, from);
  return buf.toString('utf8', 0, n);
}

/** The log from byte `from` to its end now; a range longer than `budget` is its head and tail. */
export function readLogSlice(logPath: string, from: number, budget = JOB_READ_BYTES): LogSlice {
  let fd: number;
  try {
    fd = fs.openSync(logPath, 'r');
  } catch {
    return { text: '', next: from, bytes: 0, omitted: 0 };
  }
  try {
    const size = fs.fstatSync(fd).size;
    const start = Math.min(Math.max(0, from), size);
    const bytes = size - start;
    if (bytes <= budget) return { text: readAt(fd, start, bytes), next: size, bytes, omitted: 0 };
    const half = Math.floor(budget / 2);
    // Cut at line ends so no line is shown in part.
    let head = readAt(fd, start, half);
    const headEnd = head.lastIndexOf('\n');
    if (headEnd > half / 4) head = head.slice(0, headEnd + 1);
    let tail = readAt(fd, size - half, half);
    const tailStart = tail.indexOf('\n');
    if (tailStart !== -1 && tailStart < half * 0.75) tail = tail.slice(tailStart + 1);
    const omitted = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
    return { text: `${head}\n... [${omitted} bytes left out; read them with since=${start + Buffer.byteLength(head)} or from the log] ...\n${tail}`, next: size, bytes, omitted };
  } finally {
    fs.closeSync(fd);
  }
}

/** The last `n` lines that hold something, from the log's last few KB. */
export function lastLines(logPath: string, n: number): string[] {
  let text = '';
  try {
    const fd = fs.openSync(logPath, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 4096);
      text = readAt(fd, size - length, length);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
    .slice(-n);
}

/** "4 min", "12 s", "1 h 3 min": how long a job ran. */
export function formatRuntime(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
