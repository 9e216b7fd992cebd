// Draws the frame now instead of when Ink's frame throttle next allows (maxFps): a key typed
// during a flood otherwise waits up to a throttle period behind the pane's last frame. Ink keeps
// both ways on its root node: onRender (throttled) runs after every commit, onImmediateRender
// draws at once (and writes nothing when the frame did not change). Ink 6.8 documents no way to
// draw one frame past its throttle: maxFps holds every frame alike, and its unthrottled modes
// (debug, screen reader) write each frame as new output; its own reconciler calls
// onImmediateRender when <Static> grows, which is what this does for a key.
import { createContext } from 'react';
import type { DOMElement } from 'ink';

/**
 * How many frames Ink has rendered, its throttled ones and the ones drawn at once alike (counted
 * through Ink's `onRender` option by src/app/screen-render.ts, which provides this around the
 * tree); null when nothing counts them (render-only tests).
 */
export interface InkFrames {
  rendered(): number;
}

export const InkFramesContext = createContext<InkFrames | null>(null);

function inkRoot(node: DOMElement | null): DOMElement | null {
  let root = node;
  while (root?.parentNode) root = root.parentNode;
  return root && root.nodeName === 'ink-root' ? root : null;
}

/** `node`: any element of the tree; does nothing when Ink does not throttle (debug, tests). */
export function drawFrameNow(node: DOMElement | null): void {
  const root = inkRoot(node);
  if (!root?.onImmediateRender) return;
  if (root.onRender === root.onImmediateRender) return; // every commit is drawn at once already
  root.onImmediateRender();
}

const commits = new WeakMap<DOMElement, { n: number }>();

/**
 * How many React commits Ink's root has seen since this was first asked about it: Ink calls the
 * root's onRender (its throttled frame) once a commit, and this counts the calls on their way.
 * Undefined when Ink draws every commit at once anyway (no throttle: debug, tests). A key that made
 * no commit (the prompt box drawn in place) has nothing new for Ink to draw.
 */
export function commitsSeen(node: DOMElement | null): number | undefined {
  const root = inkRoot(node);
  const throttled = root?.onRender;
  if (!root || !throttled || throttled === root.onImmediateRender) return undefined;
  let seen = commits.get(root);
  if (!seen) {
    const counter = { n: 0 };
    root.onRender = () => {
      counter.n++;
      throttled();
    };
    commits.set(root, counter);
    seen = counter;
  }
  return seen.n;
}
