// How long a big clipboard image takes through Ctrl+V's terminal path once the bytes are here: a
// kitty-shaped OSC 5522 answer (4096-byte chunks, each base64) fed in 64 KB reads through the key
// pipeline (decoder, replies) into the terminal clipboard's assembler, up to the saved file. Prints
// the time for sizes under the 20 MB cap and that one past it is refused.
//   node --import tsx bench/clipboard-5522.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKeyPipeline } from '../src/keys/key-pipeline.js';
import { createTerminalClipboard } from '../src/app/terminal-clipboard.js';
import { kittyReplies, modeReport, readRequests } from '../test/helpers/fake-kitty-clipboard.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-5522-'));

async function run(mb: number): Promise<void> {
  let written = '';
  const tc = createTerminalClipboard({ write: (s) => void (written += s), tmux: false, scratchDir: scratch });
  const pipeline = createKeyPipeline({ onReply: (raw) => void tc.take(raw) });
  pipeline.push({ kind: 'keys', onKey: () => {} });
  pipeline.feed(modeReport(true));
  const reading = tc.read(async () => ({ kind: 'none', reason: 'not used' }));
  const answer = kittyReplies(readRequests(written)[0]!, { 'image/png': randomBytes(mb * 1024 * 1024) }).join('');
  const started = performance.now();
  for (let at = 0; at < answer.length; at += 65536) pipeline.feed(answer.slice(at, at + 65536));
  const got = await reading;
  const ms = performance.now() - started;
  console.log(`${mb} MB image (${(answer.length / 1e6).toFixed(1)} MB of replies): ${got.kind === 'image' ? 'saved' : `refused (${got.kind === 'none' ? got.reason : got.kind})`} in ${ms.toFixed(0)} ms`);
}

for (const mb of [1, 5, 19, 21]) await run(mb);
rmSync(scratch, { recursive: true, force: true });
console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
