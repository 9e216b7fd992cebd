// The terminal the frame benches mount the real App on: an output that counts what it is sent
// (120×40, a TTY) and an input that never has a key.
import { EventEmitter } from 'node:events';

export class SinkStdout extends EventEmitter {
  isTTY = true;
  columns = 120;
  rows = 40;
  bytes = 0;
  write = (d: string) => {
    this.bytes += d.length;
    return true;
  };
}

export class SilentStdin extends EventEmitter {
  isTTY = false;
  read = () => null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}
