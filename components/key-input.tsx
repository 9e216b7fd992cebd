// The components' side of the keyboard: src/app/key-owner.tsx owns stdin and feeds the one key
// pipeline (src/keys/key-pipeline.ts); the App pushes the app's target while it is mounted
// (useKeyTarget; the store's mode routes each key from there, the pager's too), the screen's root takes the ref a key's frame is drawn from
// (useFrameRoot), and the App hands the terminal's answers (OSC 11) to whoever asked
// (useTerminalReplies). No component listens to stdin. Without a key owner above (frame
// benches, render-only tests) the hooks do nothing.
import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import type { DOMElement } from 'ink';
import type { KeyPipeline, KeyTarget } from '../src/keys/key-pipeline.js';

export interface KeyOwnerContext {
  pipeline: KeyPipeline;
  frameRoot: RefObject<DOMElement | null>;
  /** Where the terminal's answers go (the latest handler set). */
  replies: { current: ((raw: string) => void) | undefined };
}

export const KeysContext = createContext<KeyOwnerContext | null>(null);

/** The ref the screen's root element takes, so a key can have its frame drawn at once. */
export function useFrameRoot(): RefObject<DOMElement | null> {
  const own = useRef<DOMElement | null>(null);
  return useContext(KeysContext)?.frameRoot ?? own;
}

/** The terminal's answers to questions we asked go to `take` while it is mounted. */
export function useTerminalReplies(take: ((raw: string) => void) | undefined): void {
  const keys = useContext(KeysContext);
  if (keys) keys.replies.current = take;
}

const noHold = () => () => {};

/** Holds the keys until the returned function is called (Ctrl+V's wait for the clipboard); nothing without a key owner. */
export function useKeyHold(): () => () => void {
  const pipeline = useContext(KeysContext)?.pipeline;
  return pipeline ? pipeline.hold : noHold;
}

/** Gives the keyboard to `target` while mounted (and `active`); the latest target wins. */
export function useKeyTarget(target: KeyTarget, active = true): void {
  const pipeline = useContext(KeysContext)?.pipeline;
  const latest = useRef(target);
  latest.current = target;
  const kind = target.kind;
  useEffect(() => {
    if (!active || !pipeline) return;
    const stable: KeyTarget =
      kind === 'raw'
        ? { kind: 'raw', onChunk: (c) => (latest.current as Extract<KeyTarget, { kind: 'raw' }>).onChunk(c) }
        : {
            kind: 'keys',
            onKey: (p) => (latest.current as Extract<KeyTarget, { kind: 'keys' }>).onKey(p),
            takesRaw: () => (latest.current as Extract<KeyTarget, { kind: 'keys' }>).takesRaw?.() ?? false,
            onRaw: (c) => (latest.current as Extract<KeyTarget, { kind: 'keys' }>).onRaw?.(c),
            onPaste: (t) => {
              const cur = latest.current as Extract<KeyTarget, { kind: 'keys' }>;
              if (cur.onPaste) cur.onPaste(t);
              else cur.onKey({ name: null, text: t });
            },
          };
    return pipeline.push(stable);
  }, [pipeline, kind, active]);
}
