// Opens the pager: history mode's `o` (the selected stop's whole output; for bash, the complete
// log on disk, read lazily) and /diff's session diff (a text). The model goes into the store's
// pager slot (src/store/pager-slot.ts); the pager's keys reach it through the key pipeline's
// 'pager' mode (pager-keys.ts), and closing the slot closes its source.
import type { AppStore, Mode } from '../store/app-store.js';
import type { TranscriptItem } from '../store/transcript.js';
import { closePager, pagerOpened, pagerOpening } from '../store/pager-actions.js';
import type { PagerHandle, PagerSlot, PagerSubject } from '../store/pager-state.js';
import { flash } from '../store/view-actions.js';
import { findItem } from '../store/child-transcripts.js';
import { imageCardText } from '../core/images/image-blocks.js';
import { openOutputSource, TextLineSource, type LineSource } from '../pager/log-reader.js';
import { PagerModel } from '../pager/pager-model.js';

/** While the command the pager shows still runs, its log is re-read this often. */
export const LIVE_REREAD_MS = 1000;

/** The open pager: its model, and the re-reading of a running command's log it stops when closed. */
export class OpenPager implements PagerHandle {
  private stopLive: (() => void) | null = null;

  constructor(readonly model: PagerModel) {}

  /** Re-reads the log once a second while `running()`; when it ends, once more for its last lines, then nothing is armed. */
  follow(store: AppStore, running: () => boolean): void {
    if (!running()) return;
    const timer = setInterval(() => void this.model.refresh(), LIVE_REREAD_MS);
    // Never what keeps the program running (it exits with the pager open).
    timer.unref?.();
    const unsubscribe = store.subscribe(() => {
      if (running()) return;
      this.stopLive?.();
      void this.model.refresh();
    });
    this.stopLive = () => {
      clearInterval(timer);
      unsubscribe();
      this.stopLive = null;
    };
  }

  close(): void {
    this.stopLive?.();
    void this.model.close();
  }
}

/** The open pager's model, or null while its source opens (or no pager is open). */
export function openPagerOf(slot: PagerSlot | null): OpenPager | null {
  return slot?.handle instanceof OpenPager ? slot.handle : null;
}

function sourceFor(item: TranscriptItem): Promise<LineSource> {
  if (item.kind === 'tool') return openOutputSource({ content: item.result?.content ?? '', details: item.details });
  // A prompt's images: what each is and the file it is in (never its bytes).
  const images = item.kind === 'user' ? (item.images ?? []).map((i) => `image: ${imageCardText(i)}${i.path ? `\n  ${i.path}` : ''}`) : [];
  return Promise.resolve(new TextLineSource(images.length ? `${item.text}\n\n${images.join('\n')}` : item.text));
}

const runningBash = (item: TranscriptItem | undefined) =>
  item?.kind === 'tool' && item.status === 'running' && item.details?.kind === 'bash' && item.details.running;

/** The pager's model size for the screen: all rows but the one left free, less its status line. */
function modelSize(store: AppStore): { width: number; height: number } {
  const { cols, rows } = store.getState().size;
  return { width: cols, height: rows - 2 };
}

/** Opens the pager on `subject`; a stop returns to history mode (or `returnTo`: the job view's `o`), a text to the mode it came from. */
export function openPager(store: AppStore, subject: PagerSubject, returnTo?: Mode): void {
  const mode = store.getState().mode;
  pagerOpening(store, subject, returnTo ?? (subject.kind === 'item' ? 'history' : mode === 'pager' ? 'input' : mode));
  if (subject.kind === 'text') {
    pagerOpened(store, subject, new OpenPager(new PagerModel(new TextLineSource(subject.text), modelSize(store))));
    return;
  }
  // A child agent's call too (history mode walked into it).
  const itemNow = () => findItem(store.getState(), subject.id);
  const item = itemNow();
  if (!item) return closePager(store);
  sourceFor(item).then(
    (source) => {
      const open = new OpenPager(new PagerModel(source, modelSize(store)));
      pagerOpened(store, subject, open);
      if (openPagerOf(store.getState().pager) === open) open.follow(store, () => runningBash(itemNow()));
    },
    (e: unknown) => {
      flash(store, `cannot open: ${(e as Error).message}`);
      if (store.getState().pager?.subject === subject) closePager(store);
    },
  );
}
