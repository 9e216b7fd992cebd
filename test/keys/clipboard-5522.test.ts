// kitty's clipboard protocol, the pure half: the support question and its answer, the read
// request's bytes, tmux's passthrough wrapping, the reply packets, and the assembler that puts a
// streamed read back together (20 MB cap, errors, types after the first).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLIPBOARD_PROTOCOL_QUERY, clipboardReadRequest, createReadAssembler, parseProtocolReport, parseReadPacket, wrapForTmux,
  type ReadProgress,
} from '../../src/keys/clipboard-5522.js';
import { kittyReplies, modeReport, readRequests, unwrapTmux } from '../helpers/fake-kitty-clipboard.js';

/** Each packet's progress, up to the one that ends the read (as the reader stops there). */
const feed = (packets: string[], max = 1 << 20): ReadProgress[] => {
  const a = createReadAssembler(max);
  const out: ReadProgress[] = [];
  for (const raw of packets) {
    out.push(a.push(parseReadPacket(raw)!));
    if (out.at(-1)!.kind !== 'more') break;
  }
  return out;
};

describe('OSC 5522: asking and encoding', () => {
  it('asks with DECRQM 5522 and reads the mode report: known (1–4), unknown (0), anything else is not its answer', () => {
    expect(CLIPBOARD_PROTOCOL_QUERY).toBe('\x1b[?5522$p');
    expect(parseProtocolReport(modeReport(true))).toBe(true);
    expect(parseProtocolReport('\x1b[?5522;1$y')).toBe(true);
    expect(parseProtocolReport('\x1b[?5522;4$y')).toBe(true);
    expect(parseProtocolReport(modeReport(false))).toBe(false);
    expect(parseProtocolReport('\x1b[?2004;1$y')).toBeNull();
    expect(parseProtocolReport('\x1b]11;rgb:0000/0000/0000\x1b\\')).toBeNull();
  });

  it('writes a read request with its id, our name and the MIME types, each base64 as kitty documents', () => {
    const req = clipboardReadRequest(['image/png', 'text/plain'], 'inkling-7-1');
    expect(req).toBe(`\x1b]5522;type=read:id=inkling-7-1:name=${Buffer.from('inkling').toString('base64')};${Buffer.from('image/png text/plain').toString('base64')}\x1b\\`);
    expect(readRequests(req)).toEqual([{ id: 'inkling-7-1', name: 'inkling', mimes: ['image/png', 'text/plain'] }]);
  });

  it("wraps for tmux's passthrough with every inner ESC doubled, and unwraps back to the same bytes", () => {
    const req = clipboardReadRequest(['image/png'], 'x');
    const wrapped = wrapForTmux(req);
    expect(wrapped.startsWith('\x1bPtmux;\x1b\x1b]5522;')).toBe(true);
    expect(wrapped.endsWith('\x1b\x1b\\\x1b\\')).toBe(true);
    expect(unwrapTmux(wrapped)).toBe(req);
  });
});

describe('OSC 5522: reply packets', () => {
  it('parses OK, DATA (mime decoded, payload kept as base64) and DONE, ended by ST or BEL', () => {
    const [ok, data, done] = kittyReplies({ id: 'a', name: undefined, mimes: ['image/png'] }, { 'image/png': Buffer.from('PNGDATA') });
    expect(parseReadPacket(ok!)).toEqual({ status: 'OK', id: 'a', payload: '' });
    expect(parseReadPacket(data!)).toEqual({ status: 'DATA', id: 'a', mime: 'image/png', payload: Buffer.from('PNGDATA').toString('base64') });
    expect(parseReadPacket(done!)).toEqual({ status: 'DONE', id: 'a', payload: '' });
    expect(parseReadPacket('\x1b]5522;type=read:status=EPERM\x07')).toEqual({ status: 'EPERM', payload: '' });
  });

  it('is not a packet: another OSC, a write reply, metadata that is not key=value pairs', () => {
    expect(parseReadPacket('\x1b]11;rgb:0000/0000/0000\x1b\\')).toBeNull();
    expect(parseReadPacket('\x1b]5522;type=write:status=DONE\x1b\\')).toBeNull();
    expect(parseReadPacket('\x1b]5522;type=read:OK\x1b\\')).toBeNull();
    expect(parseReadPacket('\x1b]5522;type=read\x1b\\')).toBeNull();
  });
});

describe('OSC 5522: the read assembler', () => {
  it('puts a streamed image back together byte for byte (many 4096-byte chunks)', () => {
    const image = randomBytes(50_000);
    const got = feed(kittyReplies({ id: 'r', name: undefined, mimes: ['image/png'] }, { 'image/png': image }));
    expect(got.slice(0, -1).every((p) => p.kind === 'more')).toBe(true);
    const last = got.at(-1)!;
    expect(last.kind).toBe('done');
    if (last.kind === 'done') {
      expect(last.mime).toBe('image/png');
      expect(last.bytes.equals(image)).toBe(true);
    }
  });

  it('takes the first type sent whole and stops when the next begins', () => {
    const req = { id: 'r', name: undefined, mimes: ['image/png', 'text/plain'] };
    const got = feed(kittyReplies(req, { 'image/png': Buffer.from('png bytes'), 'text/plain': Buffer.from('words') }));
    expect(got[2]).toEqual({ kind: 'done', mime: 'image/png', bytes: Buffer.from('png bytes') });
  });

  it('joins chunks cut inside a base64 quad (unpadded chunks)', () => {
    const b64 = Buffer.from('hello, clipboard').toString('base64');
    const mime = Buffer.from('text/plain').toString('base64');
    const got = feed(['\x1b]5522;type=read:status=OK\x1b\\', ...[b64.slice(0, 5), b64.slice(5)].map((p) => `\x1b]5522;type=read:status=DATA:mime=${mime};${p}\x1b\\`), '\x1b]5522;type=read:status=DONE\x1b\\']);
    expect(got.at(-1)).toEqual({ kind: 'done', mime: 'text/plain', bytes: Buffer.from('hello, clipboard') });
  });

  it('says empty when DONE comes with no data, and each error code instead of OK', () => {
    const req = { id: 'r', name: undefined, mimes: ['image/png'] };
    expect(feed(kittyReplies(req, {})).at(-1)).toEqual({ kind: 'empty' });
    expect(feed(kittyReplies(req, {}, 'EPERM'))).toEqual([{ kind: 'failed', why: 'denied' }]);
    expect(feed(kittyReplies(req, {}, 'EBUSY'))).toEqual([{ kind: 'failed', why: 'busy' }]);
    expect(feed(kittyReplies(req, {}, 'ENOSYS'))).toEqual([{ kind: 'failed', why: 'unavailable' }]);
  });

  it('fails past the cap as soon as the data passes it, keeping nothing', () => {
    const got = feed(kittyReplies({ id: 'r', name: undefined, mimes: ['image/png'] }, { 'image/png': randomBytes(10_000) }), 8192);
    expect(got.map((p) => p.kind)).toEqual(['more', 'more', 'more', 'failed']);
    expect(got[3]).toEqual({ kind: 'failed', why: 'too-big' });
  });

  it('fails closed on data that is not base64 and on DATA before OK', () => {
    const mime = Buffer.from('image/png').toString('base64');
    expect(feed(['\x1b]5522;type=read:status=OK\x1b\\', `\x1b]5522;type=read:status=DATA:mime=${mime};@@@@\x1b\\`]).at(-1)).toEqual({ kind: 'failed', why: 'malformed' });
    expect(feed([`\x1b]5522;type=read:status=DATA:mime=${mime};AAAA\x1b\\`])).toEqual([{ kind: 'failed', why: 'malformed', status: 'DATA' }]);
  });
});
