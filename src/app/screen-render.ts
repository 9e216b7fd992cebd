// The one way the app's tree reaches the terminal: Ink's render with the app's options, into the
// frame writer's stdout (frame-diff.ts: guard, row differ, the transcript's drawn rows), with the
// writer's rows given to the components through React context. run-tui, the frame benches and the
// frame tests all mount through it.
import { createElement, type ReactNode } from 'react';
import { render, type Instance, type RenderOptions } from 'ink';
import { DrawnRowsContext } from '../../components/drawn-rows-context.js';
import { InkFramesContext, type InkFrames } from '../../components/immediate-frame.js';
import type { DiffingStdout } from './frame-diff.js';
import { RENDER_OPTIONS } from './render-options.js';

export interface ScreenOptions extends Omit<RenderOptions, 'stdout'> {
  /**
   * The test render option: every frame goes out as React commits it, not on the frame clock —
   * Ink's `maxFps: 0` (its throttle then waits for nothing: each render writes at once) and the
   * writer's redraws unwaited. A test then looks at the screen right after its act() instead of
   * sleeping out the 33 ms throttle.
   */
  immediateFrames?: boolean;
}

export function renderScreen(node: ReactNode, writer: DiffingStdout, options: ScreenOptions = {}): Instance {
  const { immediateFrames, onRender, ...inkOptions } = options;
  if (immediateFrames) writer.redrawEachAtOnce();
  // Ink's frames counted, so a key's frame is not drawn again when Ink drew it already (key-owner.tsx).
  let rendered = 0;
  const frames: InkFrames = { rendered: () => rendered };
  const tree = createElement(InkFramesContext.Provider, { value: frames }, createElement(DrawnRowsContext.Provider, { value: writer.drawn }, node));
  return render(tree, {
    ...RENDER_OPTIONS,
    ...(immediateFrames ? { maxFps: 0 } : {}),
    ...inkOptions,
    onRender: (metrics) => {
      rendered++;
      onRender?.(metrics);
    },
    stdout: writer.stdout,
  });
}
