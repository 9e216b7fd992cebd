// ink-testing-library with React act(): every write and render settles before we look.
import { act } from 'react';
import { createElement, type ReactElement } from 'react';
import { KeyOwner } from '../../src/app/key-owner.js';
import { render } from 'ink-testing-library';
import stripAnsi from 'strip-ansi';

export type Rendered = ReturnType<typeof render>;

/** Renders `el` under the key owner, as run-tui mounts the App: keys written to stdin reach it. */
export async function renderAct(el: ReactElement): Promise<Rendered> {
  let r!: Rendered;
  await act(async () => {
    r = render(createElement(KeyOwner, { children: el }));
  });
  return r;
}

/** Writes raw bytes to the app's stdin as separate writes (one key press each). */
export async function press(r: Rendered, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    await act(async () => {
      r.stdin.write(k);
      // Ink flushes a lone ESC on setImmediate.
      await new Promise((res) => setImmediate(res));
    });
  }
}

export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((res) => setTimeout(res, ms));
  });
}

/** Lets React and pending I/O run until `cond` holds (or `timeoutMs` passes; the caller's expect then fails). */
export async function settleUntil(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond() && Date.now() < end) await settle(10);
}

export async function unmountAct(r: Rendered): Promise<void> {
  await act(async () => {
    r.unmount();
  });
}

export function frame(r: Rendered): string {
  return stripAnsi(r.lastFrame() ?? '');
}

export const KEYS = {
  enter: '\r',
  esc: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  left: '\x1b[D',
  right: '\x1b[C',
  shiftUp: '\x1b[1;2A',
  shiftDown: '\x1b[1;2B',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  end: '\x1b[F',
  home: '\x1b[H',
  tab: '\t',
  backspace: '\x7f',
  ctrlA: '\x01',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlE: '\x05',
  ctrlJ: '\n',
  ctrlK: '\x0b',
  ctrlO: '\x0f',
  ctrlU: '\x15',
  ctrlW: '\x17',
  altLeft: '\x1b[1;3D',
  altRight: '\x1b[1;3C',
  altB: '\x1bb',
  altF: '\x1bf',
  shiftEnterModifyOtherKeys: '\x1b[27;2;13~',
  shiftEnterKitty: '\x1b[13;2u',
  pasteStart: '\x1b[200~',
  pasteEnd: '\x1b[201~',
};
