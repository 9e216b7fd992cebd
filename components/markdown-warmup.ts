// marked (with a first run of its rules on samples) loads in the idle after the first turn, not
// after the first frame: a person who types at once would have it land in the first turn, the
// start-up's deferred work would grow by it, and a plain answer never needs it (plain-paragraph.ts).
// Markdown drawn before then loads it on first use, as always.
import { useEffect } from 'react';
import type { AppStore } from '../src/store/app-store.js';
import { loadMarkdown, markdownRequested, warmMarkdown } from './markdown-lines.js';

/** After a turn, once the app has been idle `delayMs`; a turn starting meanwhile puts it off. */
export function useMarkdownWarmup(store: AppStore, delayMs: number): void {
  useEffect(() => {
    let timer: NodeJS.Timeout | undefined;
    const idle = () => store.getState().phase === 'idle';
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const follow = () => {
      if (markdownRequested()) return stop();
      const s = store.getState();
      if (s.phase !== 'idle' || s.turns === 0) return cancel();
      timer ??= setTimeout(() => {
        stop();
        if (idle()) void loadMarkdown().then(() => warmMarkdown(80, idle));
      }, delayMs);
      timer.unref?.();
    };
    const unsubscribe = store.subscribe(follow);
    const stop = () => {
      unsubscribe();
      cancel();
    };
    follow();
    return stop;
  }, [store, delayMs]);
}
