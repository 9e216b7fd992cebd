// Connects the one key pipeline (src/keys/key-pipeline.ts) to the stdin Ink renders with: one
// 'data' listener for the whole app; components that take the keyboard push a target while
// they are mounted (useKeyTarget). Raw mode itself is src/app's business (raw-stdin.ts); tests
// write to ink-testing-library's stdin, which emits the same 'data' events.
import React, { createContext, useContext, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useStdin, type DOMElement } from 'ink';
import { drawFrameNow } from './immediate-frame.js';
import { createKeyPipeline, type KeyPipeline, type KeyTarget } from '../src/keys/key-pipeline.js';

const PipelineContext = createContext<KeyPipeline | null>(null);
const FrameRootContext = createContext<RefObject<DOMElement | null> | null>(null);

export function KeyInput({ children, onReply }: { children: ReactNode; onReply?: (raw: string) => void }) {
  const { stdin, isRawModeSupported } = useStdin();
  const replies = useRef(onReply);
  replies.current = onReply;
  const pipeline = useMemo(() => createKeyPipeline({ onReply: (raw) => replies.current?.(raw) }), []);
  const frameRoot = useRef<DOMElement | null>(null);
  useEffect(() => {
    if (!isRawModeSupported) return;
    const onData = (data: string | Buffer) => {
      pipeline.feed(typeof data === 'string' ? data : data.toString('utf8'));
      // What the keys changed is on screen within this turn of the event loop, not a throttle
      // period later (behind a flooding pane's frames); after React's commit, hence the microtask.
      queueMicrotask(() => drawFrameNow(frameRoot.current));
    };
    stdin.on('data', onData);
    return () => {
      stdin.off('data', onData);
    };
  }, [stdin, isRawModeSupported, pipeline]);
  return (
    <PipelineContext.Provider value={pipeline}>
      <FrameRootContext.Provider value={frameRoot}>{children}</FrameRootContext.Provider>
    </PipelineContext.Provider>
  );
}

/** The ref the screen's root element takes, so a key can have its frame drawn at once. */
export function useFrameRoot(): RefObject<DOMElement | null> {
  const ref = useContext(FrameRootContext);
  if (!ref) throw new Error('useFrameRoot needs a <KeyInput> above it');
  return ref;
}

/** Gives the keyboard to `target` while mounted (and `active`); the latest target wins. */
export function useKeyTarget(target: KeyTarget, active = true): void {
  const pipeline = useContext(PipelineContext);
  if (!pipeline) throw new Error('useKeyTarget needs a <KeyInput> above it');
  const latest = useRef(target);
  latest.current = target;
  const kind = target.kind;
  useEffect(() => {
    if (!active) return;
    const stable: KeyTarget =
      kind === 'raw'
        ? { kind: 'raw', onChunk: (c) => (latest.current as Extract<KeyTarget, { kind: 'raw' }>).onChunk(c) }
        : {
            kind: 'keys',
            onKey: (p) => (latest.current as Extract<KeyTarget, { kind: 'keys' }>).onKey(p),
            onPaste: (t) => {
              const cur = latest.current as Extract<KeyTarget, { kind: 'keys' }>;
              if (cur.onPaste) cur.onPaste(t);
              else cur.onKey({ name: null, text: t });
            },
          };
    return pipeline.push(stable);
  }, [pipeline, kind, active]);
}
