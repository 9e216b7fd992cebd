// The screen's one clock, in one place: a running command's screen reaches the UI once a frame
// (a flood's every 4 frames: shell/snapshot-tick.ts), and that tick is also what feeds the
// command's emulator its plain text before reading it (no period of the feed's own); the store
// commits core events once a frame, Ink draws at most once a frame (maxFps), the frame writer
// redraws what a commit changed a microtask after it (so at most once per commit), and the spinners
// turn every 4 frames (store/ticker.ts). Each throttled step lets a change through at once when its
// last one is a frame old.
// Here, in the core, so the core's throttles can read it.
export const FRAMES_PER_SECOND = 30;
/** One frame, as Ink throttles it at FRAMES_PER_SECOND (ceil(1000 / maxFps)). */
export const FRAME_MS = Math.ceil(1000 / FRAMES_PER_SECOND);
/** `n` frames of the clock, in ms. */
export const frames = (n: number): number => n * FRAME_MS;
