// Connects the one key pipeline (src/keys/key-pipeline.ts) to the stdin Ink renders with: one
// 'data' listener for the whole app; components that take the keyboard push a target while
// they are mounted (useKeyTarget). Raw mode itself is src/app's business (raw-stdin.ts); tests
// write to ink-testing-library's stdin, which emits the same 'data' events.
import React, { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStdin } from 'ink';
import { createKeyPipeline, type KeyPipeline, type KeyTarget } from '../src/keys/key-pipeline.js';

const PipelineContext = createContext<KeyPipeline | null>(null);

export function KeyInput({ children, onReply }: { children: ReactNode; onReply?: (raw: string) => void }) {
  const { stdin, isRawModeSupported } = useStdin();
  const replies = useRef(onReply);
  replies.current = onReply;
  const pipeline = useMemo(() => createKeyPipeline({ onReply: (raw) => replies.current?.(raw) }), []);
  useEffect(() => {
    if (!isRawModeSupported) return;
    const onData = (data: string | Buffer) => pipeline.feed(typeof data === 'string' ? data : data.toString('utf8'));
    stdin.on('data', onData);
    return () => {
      stdin.off('data', onData);
    };
  }, [stdin, isRawModeSupported, pipeline]);
  return <PipelineContext.Provider value={pipeline}>{children}</PipelineContext.Provider>;
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
