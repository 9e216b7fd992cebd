// Keys of the prompts about the workspace: the trust question, where a `#` line goes, and the
// /memory view. Plain functions of the store, like the other key handlers.
import { viewRows, type AppStore } from '../store/app-store.js';
import { answerTrust, chooseMemoryTarget, closeMemory, moveMemoryChoice, scrollMemory } from '../store/workspace-actions.js';
import { actionFor } from './keymap.js';
import type { KeyPress } from './key-names.js';

export function handleTrustKey(store: AppStore, press: KeyPress): void {
  const action = actionFor('trust', press.name);
  if (action === 'trust') answerTrust(store, true);
  else if (action === 'distrust') answerTrust(store, false);
  else if (action === 'quit') {
    // The agent waits for the answer: "no" lets it start, so leaving can dispose of it.
    answerTrust(store, false);
    store.terminal.exit();
  }
}

export function handleRememberKey(store: AppStore, press: KeyPress): void {
  const r = store.getState().workspace.remember;
  if (!r) return;
  switch (actionFor('remember', press.name)) {
    case 'prev': return moveMemoryChoice(store, -1);
    case 'next': return moveMemoryChoice(store, 1);
    case 'save': return chooseMemoryTarget(store, r.selected);
    case 'project': return chooseMemoryTarget(store, r.targets.findIndex((t) => t.scope === 'project'));
    case 'user': return chooseMemoryTarget(store, r.targets.findIndex((t) => t.scope === 'user'));
    case 'cancel': return chooseMemoryTarget(store, null);
  }
}

export function handleMemoryKey(store: AppStore, press: KeyPress): void {
  const page = Math.max(1, viewRows(store) - 1);
  switch (actionFor('memory', press.name)) {
    case 'lineUp': return scrollMemory(store, -1);
    case 'lineDown': return scrollMemory(store, 1);
    case 'pageUp': return scrollMemory(store, -page);
    case 'pageDown': return scrollMemory(store, page);
    case 'close': return closeMemory(store);
  }
}
