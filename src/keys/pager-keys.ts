/**
 * The pager's keys: each key press becomes an action of the key map's pager context, or an edit
 * of the search prompt (the line editor), applied in the pager model's queue so a fast burst
 * ("/error⏎nn") acts on the latest state.
 */
import type { PagerEffect, PagerModel } from '../pager/pager-model.js';
import { collectText } from '../pager/log-reader.js';
import type { AppStore } from '../store/app-store.js';
import { closePager } from '../store/pager-actions.js';
import { flash } from '../store/view-actions.js';
import type { KeyPress } from './key-names.js';
import { openPagerOf } from './pager-open.js';
import { actionFor } from './keymap.js';
import { editLine } from './line-editor.js';

/** One character of a multi-key text chunk as the key it is ("\r" arrives inside text chunks). */
export function charKey(c: string): KeyPress {
  if (c === '\r' || c === '\n') return { name: 'enter', text: '' };
  if (c === '\x7f' || c === '\b') return { name: 'backspace', text: '' };
  if (c === '\t') return { name: 'tab', text: '' };
  return { name: c, text: c };
}

/** Feeds one key press to the pager; resolves to what the component must do (close, copy). */
export function pagerKey(model: PagerModel, press: KeyPress): Promise<PagerEffect> {
  return model.input(async () => {
    // Plain text (possibly several keys in one chunk) is handled a character at a time.
    const keys = press.name === null ? [...press.text].map(charKey) : [press];
    let effect: PagerEffect = null;
    for (const k of keys) effect = (await applyKey(model, k)) ?? effect;
    return effect;
  });
}

async function applyKey(model: PagerModel, k: KeyPress): Promise<PagerEffect> {
  const prompt = model.view.prompt;
  if (!prompt) return model.perform(actionFor('pager', k.name));
  const action = actionFor('lineprompt', k.name);
  if (action === 'dismiss' || (k.name === 'backspace' && prompt.text === '')) model.setPrompt(null);
  else if (action === 'accept') {
    model.setPrompt(null);
    if (prompt.text !== '') await model.search(prompt.text);
  } else {
    const next = editLine(prompt, k);
    if (next) model.setPrompt(next);
  }
  return null;
}

/** Largest output `y` copies (clipboards and OSC 52 are not meant for more). */
export const COPY_MAX_CHARS = 8 * 1024 * 1024;

const formatSize = (n: number) => (n >= 1 << 20 ? `${n / (1 << 20)} MB` : n >= 1024 ? `${n / 1024} KB` : `${n} B`);

/** `y`: the whole output, clean, to the clipboard; the outcome goes on the pager's status line and the app's. */
async function copyAll(store: AppStore, model: PagerModel, maxChars = COPY_MAX_CHARS): Promise<void> {
  try {
    model.setMessage('copying…');
    const { text, truncated } = await collectText(model.source, maxChars);
    if (truncated) {
      // Half an output on the clipboard would pass for all of it: copy nothing, say where it is.
      const path = 'path' in model.source ? ` — full log: ${String(model.source.path)}` : '';
      model.setMessage(`not copied: output is over ${formatSize(maxChars)}${path}`);
      return;
    }
    const report = await store.terminal.copy(text);
    model.setMessage(report.summary);
    flash(store, report.summary);
  } catch (e) {
    model.setMessage(`not copied: ${(e as Error).message}`);
  }
}

/**
 * The key pipeline's 'pager' mode: the key goes to the open pager's model; `q`/Esc close the
 * pager (also while its source still opens), `y` copies. Resolves once the key is applied.
 */
export function handlePagerKey(store: AppStore, press: KeyPress): Promise<void> | void {
  const slot = store.getState().pager;
  const open = openPagerOf(slot);
  if (!open) {
    if (actionFor('pager', press.name) === 'close') closePager(store);
    return;
  }
  const { model } = open;
  return pagerKey(model, press)
    .then((effect) => {
      // Keys queued behind a `q` act on a pager that is gone.
      if (effect === 'close' && store.getState().pager === slot) closePager(store);
      if (effect === 'copy') void model.run(() => copyAll(store, model));
    })
    .catch((e: unknown) => model.setMessage(`error: ${(e as Error).message}`));
}
