// Full-screen terminal modes: alternate screen, bracketed paste, modifyOtherKeys (so
// Shift+Enter is distinguishable) and focus reporting go on at start and off again on every way out.
import { DISABLE_BRACKETED_PASTE, ENABLE_BRACKETED_PASTE } from '../keys/paste.js';

export const ENTER_ALT_SCREEN = '\x1b[?1049h\x1b[H';
export const LEAVE_ALT_SCREEN = '\x1b[?1049l';
/** xterm modifyOtherKeys level 1: Shift+Enter arrives as ESC[27;2;13~ (tmux: extended-keys). */
export const ENABLE_MODIFY_OTHER_KEYS = '\x1b[>4;1m';
export const DISABLE_MODIFY_OTHER_KEYS = '\x1b[>4m';
const SHOW_CURSOR = '\x1b[?25h';
/** Focus reporting: the terminal sends ESC[I and ESC[O as it gains and loses focus (desktop-notify.ts). */
export const ENABLE_FOCUS_REPORTING = '\x1b[?1004h';
export const DISABLE_FOCUS_REPORTING = '\x1b[?1004l';
/** Button-event mouse reporting in SGR encoding (wheel arrives as ESC[<64;x;yM / 65). */
export const ENABLE_MOUSE = '\x1b[?1000h\x1b[?1006h';
export const DISABLE_MOUSE = '\x1b[?1006l\x1b[?1000l';

export interface FullScreen {
  /** Restores the normal screen and modes; safe to call any number of times. */
  leave(): void;
  readonly active: boolean;
}

export function enterFullScreen(out: { write(s: string): unknown }): FullScreen {
  let active = true;
  out.write(ENTER_ALT_SCREEN + ENABLE_BRACKETED_PASTE + ENABLE_MODIFY_OTHER_KEYS + ENABLE_FOCUS_REPORTING);
  return {
    leave() {
      if (!active) return;
      active = false;
      out.write(DISABLE_FOCUS_REPORTING + DISABLE_MOUSE + DISABLE_MODIFY_OTHER_KEYS + DISABLE_BRACKETED_PASTE + SHOW_CURSOR + LEAVE_ALT_SCREEN);
    },
    get active() {
      return active;
    },
  };
}
