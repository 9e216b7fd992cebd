// The screen's frame rate, in one place: Ink's maxFps, the frame writer's own redraws and the
// store's commits of core events run on it, so a change waits at most one frame at each of those
// steps. (The pty's snapshot intervals, the plain-text feed and the spinner tick still have periods
// of their own: moving them onto this clock made Esc → idle on screen slower in the frame bench,
// issue 42's note.) Here, in the core, so the core's throttles can read it.
export const FRAMES_PER_SECOND = 30;
/** One frame, as Ink throttles it at FRAMES_PER_SECOND (ceil(1000 / maxFps)). */
export const FRAME_MS = Math.ceil(1000 / FRAMES_PER_SECOND);
