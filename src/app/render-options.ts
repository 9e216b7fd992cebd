// The Ink render options the TUI runs with (tests render with the same ones).
// incrementalRendering stays off: with Ink 6.8.0 it garbled frames in tmux when the frame's
// layout changed (rows appended below instead of redrawn in place; seen in tmux 3.3a).
export const RENDER_OPTIONS = {
  exitOnCtrlC: false,
  maxFps: 30,
  kittyKeyboard: { mode: 'auto' as const },
  patchConsole: true,
};
