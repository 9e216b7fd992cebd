// The screen's one clock, in one place: a running command's screen reaches the UI once a frame (a
// flood's every 4 frames: pty-command.ts), the store commits core events once a frame, Ink draws
// at most once a frame (maxFps), the frame writer redraws at most once a frame, and the spinners
// turn every 4 frames (store/ticker.ts). Each step lets a change through at once when its last
// one is a frame old. While plain text floods, the emulator is fed its newest lines every
// PLAIN_FEED_MS (shell/plain-output.ts), under a frame, so what a frame's snapshot reads was fed
// before it.
// Here, in the core, so the core's throttles can read it.
export const FRAMES_PER_SECOND = 30;
/** One frame, as Ink throttles it at FRAMES_PER_SECOND (ceil(1000 / maxFps)). */
export const FRAME_MS = Math.ceil(1000 / FRAMES_PER_SECOND);
/** `n` frames of the clock, in ms. */
export const frames = (n: number): number => n * FRAME_MS;
/**
 * How often a flood of plain text feeds the emulator: under a frame, ahead of the frame's snapshot.
 * Measured (bench/frames.ts --only keys,flood, 3 pairs each against 849f552): half a frame (17 ms)
 * and a whole frame (34 ms) both took a key's median in a flood from 7–9 to 12 ms; 20 ms to 10.
 */
export const PLAIN_FEED_MS = 20;
