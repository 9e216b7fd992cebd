// Which palette the UI starts with and, for `theme: "auto"`, asking the terminal for its
// background (OSC 11) once the first frame is out. The answer switches the palette whenever it
// arrives; no answer within the timeout leaves the first guess (COLORFGBG when the terminal sets
// it, else dark). Nothing here waits before the first frame. Part of the UI bundle (with the
// palette, whose state it sets), so run-tui reaches it through loadUi().
import { applyPaletteTheme, noColorRequested, type PaletteTheme } from '../../components/palette.js';
import { BACKGROUND_QUERY, createReplyCollector, isLightBackground, parseBackgroundReply, type ReplyCollector } from '../keys/terminal-replies.js';

export type ThemeSetting = 'dark' | 'light' | 'auto';

export const BACKGROUND_REPLY_TIMEOUT_MS = 1000;

export interface ThemeStart {
  setting: ThemeSetting;
  env?: NodeJS.ProcessEnv;
  /** Where the question goes; only asked on a terminal. */
  out: { isTTY?: boolean; write(data: string): unknown };
  /** Takes the answer out of the key stream; default: a new one (hand `replies` to the App). */
  replies?: ReplyCollector;
  /** After the first frame, when the answer changes the palette: redraw. */
  onChange(theme: PaletteTheme): void;
  timeoutMs?: number;
}

/** `COLORFGBG="15;0"`: the background is the last number; 7 and 15 are light greys and white. */
export function themeFromColorFgBg(value: string | undefined): PaletteTheme | null {
  const bg = value?.split(';').at(-1);
  if (bg === undefined || !/^\d+$/.test(bg)) return null;
  return bg === '7' || bg === '15' ? 'light' : 'dark';
}

/**
 * Applies the starting palette now and returns what to run after the first frame (asks the
 * terminal when the setting is auto; nothing otherwise).
 */
export function startTheme(opts: ThemeStart): { afterFirstFrame(): void; theme: PaletteTheme; replies: ReplyCollector } {
  const env = opts.env ?? process.env;
  const replies = opts.replies ?? createReplyCollector();
  const noColor = noColorRequested(env);
  const first: PaletteTheme = opts.setting === 'auto' ? (themeFromColorFgBg(env.COLORFGBG) ?? 'dark') : opts.setting;
  applyPaletteTheme(first, { noColor });
  const ask = opts.setting === 'auto' && !noColor && opts.out.isTTY === true;
  return {
    theme: first,
    replies,
    afterFirstFrame() {
      if (!ask) return;
      const timer = setTimeout(() => replies.giveUp(), opts.timeoutMs ?? BACKGROUND_REPLY_TIMEOUT_MS);
      timer.unref?.();
      replies.expect((body) => {
        clearTimeout(timer);
        const rgb = parseBackgroundReply(body);
        if (!rgb) return;
        const theme: PaletteTheme = isLightBackground(rgb) ? 'light' : 'dark';
        applyPaletteTheme(theme, { noColor });
        opts.onChange(theme);
      });
      opts.out.write(BACKGROUND_QUERY);
    },
  };
}
