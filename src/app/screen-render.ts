// The one way the app's tree reaches the terminal: Ink's render with the app's options, into the
// frame writer's stdout (frame-diff.ts: guard, row differ, the transcript's drawn rows), with the
// writer's rows given to the components through React context. run-tui, the frame benches and the
// frame tests all mount through it.
import { createElement, type ReactNode } from 'react';
import { render, type Instance, type RenderOptions } from 'ink';
import { DrawnRowsContext } from '../../components/drawn-rows-context.js';
import type { DiffingStdout } from './frame-diff.js';
import { RENDER_OPTIONS } from './render-options.js';

export function renderScreen(node: ReactNode, writer: DiffingStdout, options: Omit<RenderOptions, 'stdout'> = {}): Instance {
  return render(createElement(DrawnRowsContext.Provider, { value: writer.drawn }, node), { ...RENDER_OPTIONS, ...options, stdout: writer.stdout });
}
