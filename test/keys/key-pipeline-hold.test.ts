// The key pipeline while Ctrl+V waits for the terminal: keys and pastes are held and handed on in
// order when the hold ends, terminal replies pass at once, and a string reply cut between reads
// (a clipboard answer spans many) stays one reply even when the event loop turns in between.
import { describe, expect, it } from 'vitest';
import { createKeyPipeline } from '../../src/keys/key-pipeline.js';

function pipelineWithLog() {
  const log: string[] = [];
  const p = createKeyPipeline({ onReply: (raw) => log.push(`reply ${JSON.stringify(raw)}`) });
  p.push({ kind: 'keys', onKey: (k) => log.push(`key ${k.name ?? k.text}`), onPaste: (t) => log.push(`paste ${t}`) });
  return { p, log };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('holding the keys', () => {
  it('holds keys and pastes, lets replies through, then hands the keys on in the order they came', () => {
    const { p, log } = pipelineWithLog();
    p.feed('a');
    const release = p.hold();
    p.feed('b');
    p.feed('\x1b[200~pasted\x1b[201~');
    p.feed('\x1b[?5522;2$y');
    p.feed('\r');
    expect(log).toEqual(['key a', 'reply "\\u001b[?5522;2$y"']);
    release();
    expect(log).toEqual(['key a', 'reply "\\u001b[?5522;2$y"', 'key b', 'paste pasted', 'key enter']);
    release();
    p.feed('c');
    expect(log.at(-1)).toBe('key c');
  });

  it('nests: the keys wait until the last hold ends', () => {
    const { p, log } = pipelineWithLog();
    const outer = p.hold();
    const inner = p.hold();
    p.feed('x');
    inner();
    expect(log).toEqual([]);
    outer();
    expect(log).toEqual(['key x']);
  });

  it('keeps a string reply cut between reads whole when the event loop turns between them', async () => {
    const { p, log } = pipelineWithLog();
    p.feed('k\x1b]5522;type=read:status=DATA:mime=aW1hZ2UvcG5n;AAAA');
    await nextTurn();
    await nextTurn();
    p.feed('BBBB\x1b');
    await nextTurn();
    p.feed('\\z');
    expect(log).toEqual(['key k', `reply ${JSON.stringify('\x1b]5522;type=read:status=DATA:mime=aW1hZ2UvcG5n;AAAABBBB\x1b\\')}`, 'key z']);
  });

  it('still lets a lone Esc go on the next turn', async () => {
    const { p, log } = pipelineWithLog();
    p.feed('\x1b');
    await nextTurn();
    expect(log).toEqual(['key esc']);
  });
});
