import { afterEach, describe, expect, it, vi } from 'vitest';
import { activePalette, applyPaletteTheme } from '../../components/palette.js';
import { startTheme, themeFromColorFgBg } from '../../src/app/theme.js';
import { BACKGROUND_QUERY, createReplyCollector } from '../../src/keys/terminal-replies.js';

function terminal(isTTY = true) {
  const written: string[] = [];
  return { out: { isTTY, write: (d: string) => written.push(d) }, written };
}

afterEach(() => {
  applyPaletteTheme('dark', { noColor: false });
  vi.useRealTimers();
});

describe('theme at start', () => {
  it('a light setting starts light and asks the terminal nothing', () => {
    const t = terminal();
    const replies = createReplyCollector();
    const start = startTheme({ setting: 'light', env: {}, out: t.out, replies, onChange: () => {} });
    expect(activePalette().theme).toBe('light');
    start.afterFirstFrame();
    expect(t.written).toEqual([]);
    expect(replies.waiting).toBe(false);
  });

  it('auto starts dark, asks after the first frame and switches to light when a white background answers', () => {
    const t = terminal();
    const replies = createReplyCollector();
    const changes: string[] = [];
    const start = startTheme({ setting: 'auto', env: {}, out: t.out, replies, onChange: (th) => changes.push(th) });
    expect(start.theme).toBe('dark');
    expect(t.written).toEqual([]);
    start.afterFirstFrame();
    expect(t.written).toEqual([BACKGROUND_QUERY]);
    for (const part of ['\x1b]', '11;rgb:ffff/ffff/ffff', '\x1b\\']) expect(replies.take(part)).toBe(true);
    expect(changes).toEqual(['light']);
    expect(activePalette().theme).toBe('light');
  });

  it('auto takes COLORFGBG as its first guess', () => {
    expect(themeFromColorFgBg('0;15')).toBe('light');
    expect(themeFromColorFgBg('15;default;0')).toBe('dark');
    expect(themeFromColorFgBg(undefined)).toBeNull();
    startTheme({ setting: 'auto', env: { COLORFGBG: '0;15' }, out: terminal().out, replies: createReplyCollector(), onChange: () => {} });
    expect(activePalette().theme).toBe('light');
  });

  it('stops waiting for an answer after the timeout, keeping the first guess', () => {
    vi.useFakeTimers();
    const replies = createReplyCollector();
    const start = startTheme({ setting: 'auto', env: {}, out: terminal().out, replies, onChange: () => {}, timeoutMs: 500 });
    start.afterFirstFrame();
    expect(replies.waiting).toBe(true);
    vi.advanceTimersByTime(500);
    expect(replies.waiting).toBe(false);
    expect(replies.take('\x1b]')).toBe(false);
    expect(activePalette().theme).toBe('dark');
  });

  it('under NO_COLOR, or without a terminal, asks nothing and paints no colour', () => {
    for (const [env, isTTY] of [[{ NO_COLOR: '1' }, true], [{}, false]] as const) {
      const t = terminal(isTTY);
      const replies = createReplyCollector();
      startTheme({ setting: 'auto', env, out: t.out, replies, onChange: () => {} }).afterFirstFrame();
      expect(t.written).toEqual([]);
      expect(replies.waiting).toBe(false);
    }
    startTheme({ setting: 'dark', env: { NO_COLOR: '1' }, out: terminal().out, replies: createReplyCollector(), onChange: () => {} });
    expect(activePalette().colour).toBe(false);
  });
});
