// Raw stdin belongs here: the one 'data' listener of the app, feeding the one key pipeline
// (src/keys/key-pipeline.ts), which hands each key to whatever has the keyboard. Wraps the App
// (run-tui mounts <KeyOwner><App/></KeyOwner>; tests do the same through their render helper).
// Raw mode itself is raw-stdin.ts's; tests write to ink-testing-library's stdin, which emits the
// same 'data' events.
import React, { useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStdin, type DOMElement } from 'ink';
import { commitsSeen, drawFrameNow, InkFramesContext } from '../../components/immediate-frame.js';
import { KeysContext, type KeyOwnerContext } from '../../components/key-input.js';
import { createKeyPipeline } from '../keys/key-pipeline.js';

export function KeyOwner({ children }: { children: ReactNode }) {
  const { stdin, isRawModeSupported } = useStdin();
  const frames = useContext(InkFramesContext);
  const replies = useRef<((raw: string) => void) | undefined>(undefined);
  const frameRoot = useRef<DOMElement | null>(null);
  const keys = useMemo<KeyOwnerContext>(
    () => ({ pipeline: createKeyPipeline({ onReply: (raw) => replies.current?.(raw) }), frameRoot, replies }),
    [],
  );
  useEffect(() => {
    if (!isRawModeSupported) return;
    const onData = (data: string | Buffer) => {
      const before = frames?.rendered();
      const commitsBefore = commitsSeen(frameRoot.current);
      keys.pipeline.feed(typeof data === 'string' ? data : data.toString('utf8'));
      // What the keys changed is on screen within this turn of the event loop, not a throttle
      // period later (behind a flooding pane's frames); after React's commit, hence the microtask.
      // Unless Ink drew a frame since the keys came (its throttle let the commit's frame through):
      // a second one would find nothing new, the whole tree rendered for it all the same, and a
      // prompt's Enter would wait for it (bench/frames.ts firstturn: ~4 ms a key). Nor when the keys
      // made no commit (typed text: the prompt box is drawn in place by the frame writer).
      queueMicrotask(() => {
        if (before !== undefined && frames?.rendered() !== before) return;
        if (commitsBefore !== undefined && commitsSeen(frameRoot.current) === commitsBefore) return;
        drawFrameNow(frameRoot.current);
      });
    };
    stdin.on('data', onData);
    return () => {
      stdin.off('data', onData);
    };
  }, [stdin, isRawModeSupported, keys, frames]);
  return <KeysContext.Provider value={keys}>{children}</KeysContext.Provider>;
}
