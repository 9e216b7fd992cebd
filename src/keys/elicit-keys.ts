// Keys of an MCP server's form: move between fields, type into one, cycle a choice, accept or decline.
import type { AppStore } from '../store/app-store.js';
import { answerForm, cycleChoice, eraseInForm, moveFormFocus, typeIntoForm } from '../store/elicitation-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

export function handleElicitKey(store: AppStore, press: KeyPress): void {
  const form = store.getState().forms[0];
  const field = form?.fields[form.focus];
  const printable = press.text !== '' && !/[\x00-\x1f\x7f]/.test(press.text);
  // In a text field a space is a space; in a choice it moves the choice (the key map's space).
  if (printable && field && field.kind !== 'choice' && field.kind !== 'boolean') return typeIntoForm(store, press.text);
  switch (actionFor('elicit', press.name)) {
    case 'prev': return moveFormFocus(store, -1);
    case 'next': return moveFormFocus(store, 1);
    case 'choiceLeft': return cycleChoice(store, -1);
    case 'choiceRight': return cycleChoice(store, 1);
    case 'erase': return eraseInForm(store);
    case 'accept': return answerForm(store, 'accept');
    case 'decline': return answerForm(store, 'decline');
    case 'cancel': return answerForm(store, 'cancel');
    default: return;
  }
}
