// The Ink render options the TUI runs with (tests render with the same ones).
// incrementalRendering stays off: with Ink 6.8.0 it garbled frames in tmux when the frame's
// layout changed (rows appended below instead of redrawn in place; seen in tmux 3.3a).
import { FRAMES_PER_SECOND } from '../core/frame-clock.js';

export const RENDER_OPTIONS = {
  exitOnCtrlC: false,
  maxFps: FRAMES_PER_SECOND,
  kittyKeyboard: { mode: 'auto' as const },
  patchConsole: true,
};
