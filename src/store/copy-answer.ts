// /copy: the last answer's markdown to the clipboard, as the model wrote it (not as drawn: no
// wrapping, no colours). The answer is every text run after the last prompt, tools between them
// left out, so an answer split by a tool call is copied whole.
import type { AppStore } from './app-store.js';
import type { TranscriptItem } from './transcript.js';
import { flash } from './view-actions.js';

/** The text runs after the last prompt (or, with no prompt, in the whole transcript); null when there are none. */
export function lastAnswerText(items: readonly TranscriptItem[]): string | null {
  let from = 0;
  for (let i = items.length - 1; i >= 0; i--) {
    if (items[i]!.kind === 'user') {
      from = i + 1;
      break;
    }
  }
  const runs = items.slice(from).flatMap((item) => (item.kind === 'assistant' && item.text.trim() !== '' ? [item.text.trim()] : []));
  return runs.length === 0 ? null : runs.join('\n\n');
}

export async function copyLastAnswer(store: AppStore): Promise<void> {
  const text = lastAnswerText(store.getState().items);
  if (text === null) return flash(store, 'no answer to copy yet');
  try {
    const report = await store.terminal.copy(text);
    flash(store, `last answer: ${report.summary}`);
  } catch (e) {
    flash(store, `not copied: ${(e as Error).message}`);
  }
}
