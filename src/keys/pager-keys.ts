/**
 * The pager's keys: each key press becomes an action of the key map's pager context, or an edit
 * of the search prompt (the line editor), applied in the pager model's queue so a fast burst
 * ("/error⏎nn") acts on the latest state.
 */
import type { PagerEffect, PagerModel } from '../pager/pager-model.js';
import type { KeyPress } from './key-names.js';
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
