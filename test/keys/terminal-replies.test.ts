import { describe, expect, it } from 'vitest';
import { createReplyCollector, isLightBackground, parseBackgroundReply } from '../../src/keys/terminal-replies.js';

describe('background colour replies', () => {
  it('reads 4-, 2- and 1-digit rgb channels and #rrggbb', () => {
    expect(parseBackgroundReply('11;rgb:ffff/ffff/ffff')).toEqual({ r: 1, g: 1, b: 1 });
    expect(parseBackgroundReply('11;rgb:1e/1e/1e')).toEqual({ r: 30 / 255, g: 30 / 255, b: 30 / 255 });
    expect(parseBackgroundReply('11;rgb:f/0/0')).toEqual({ r: 1, g: 0, b: 0 });
    expect(parseBackgroundReply('11;#fdf6e3')).toEqual({ r: 0xfd / 255, g: 0xf6 / 255, b: 0xe3 / 255 });
    expect(parseBackgroundReply('11;?')).toBeNull();
    expect(parseBackgroundReply('10;rgb:ffff/ffff/ffff')).toBeNull();
  });

  it('calls white, solarized light and light grey light; black, dark grey and navy dark', () => {
    const light = (body: string) => isLightBackground(parseBackgroundReply(body)!);
    expect(light('11;rgb:ffff/ffff/ffff')).toBe(true);
    expect(light('11;#fdf6e3')).toBe(true);
    expect(light('11;rgb:d0d0/d0d0/d0d0')).toBe(true);
    expect(light('11;rgb:0000/0000/0000')).toBe(false);
    expect(light('11;rgb:3030/3030/3030')).toBe(false);
    expect(light('11;#002b36')).toBe(false);
  });
});

describe('reply collector', () => {
  it('takes a reply split the way Ink splits it (ESC ], text, ESC \\) and nothing after it', () => {
    const c = createReplyCollector();
    const got: string[] = [];
    c.expect((b) => got.push(b));
    expect(c.take('\x1b]')).toBe(true);
    expect(c.take('11;rgb:ffff/ffff/ffff')).toBe(true);
    expect(c.take('\x1b\\')).toBe(true);
    expect(got).toEqual(['11;rgb:ffff/ffff/ffff']);
    expect(c.waiting).toBe(false);
    expect(c.take('a')).toBe(false);
    expect(c.take('\x1b]')).toBe(false);
  });

  it('takes a whole reply in one event, ended by BEL', () => {
    const c = createReplyCollector();
    let got = '';
    c.expect((b) => (got = b));
    expect(c.take('\x1b]11;rgb:0000/0000/0000\x07')).toBe(true);
    expect(got).toBe('11;rgb:0000/0000/0000');
  });

  it('lets keys through while waiting, and everything through when not', () => {
    const c = createReplyCollector();
    expect(c.take('\x1b]')).toBe(false);
    c.expect(() => {});
    expect(c.take('x')).toBe(false);
    expect(c.take('\x1b[A')).toBe(false);
    c.giveUp();
    expect(c.take('\x1b]')).toBe(false);
  });

  it('gives up on a "reply" that never ends instead of eating the keyboard', () => {
    const c = createReplyCollector();
    let called = false;
    c.expect(() => (called = true));
    c.take('\x1b]');
    c.take('x'.repeat(200));
    expect(c.waiting).toBe(false);
    expect(c.take('hello')).toBe(false);
    expect(called).toBe(false);
  });
});
