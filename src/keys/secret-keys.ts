// Keys of the secret card: typing into the masked field (or y/n on a yes/no question), send,
// answer empty, stop the turn.
import type { AppStore } from '../store/app-store.js';
import { sessionOf } from '../store/agent-session.js';
import { answerSecret, eraseSecret, typeSecret } from '../store/secret-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Ctrl+C: the program gets no answer and the turn stops (its command is killed). */
function stopTurn(store: AppStore): void {
  answerSecret(store, 'empty');
  sessionOf(store).interrupt();
}

export function handleSecretKey(store: AppStore, press: KeyPress): void {
  const prompt = store.getState().secrets[0];
  if (!prompt) return;
  if (prompt.kind === 'confirm') {
    switch (actionFor('confirm', press.name)) {
      case 'yes': return answerSecret(store, 'send');
      case 'no': return answerSecret(store, 'empty');
      case 'stop': return stopTurn(store);
      default: return;
    }
  }
  // Every printable character is part of the secret, space and letters the key map binds included.
  if (press.text !== '' && !/[\x00-\x1f\x7f]/.test(press.text)) return typeSecret(store, press.text);
  switch (actionFor('secret', press.name)) {
    case 'send': return answerSecret(store, 'send');
    case 'erase': return eraseSecret(store);
    case 'empty': return answerSecret(store, 'empty');
    case 'stop': return stopTurn(store);
    default: return;
  }
}
