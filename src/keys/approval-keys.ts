// Keys of the approval prompt. While choice 4's text field has focus, keys edit the text (the
// line editor, state in the store), so digits type instead of choosing; Enter sends the no with
// the text and the turn goes on; Esc, anywhere in the prompt, stops the turn.
import type { AppStore } from '../store/app-store.js';
import { chooseApproval, declineApproval, moveApprovalChoice, scrollApprovalPreview, setApprovalMessage, stopAtApproval } from '../store/approval-actions.js';
import { backspace, insertText } from './line-editor.js';
import { editLineByParts } from './filter-line.js';
import { chipLabel, wantsChip } from './paste.js';
import { actionFor, lineActionFor } from './keymap.js';
import type { KeyPress } from './key-names.js';

/** True when the key was the prompt's; others (Shift+Tab, paging the transcript) go on. */
export function handleApprovalKey(store: AppStore, press: KeyPress): boolean {
  const a = store.getState().approvals;
  const action = actionFor('approval', press.name);
  if (a.typing) {
    if (action === 'stop') stopAtApproval(store);
    else if (action === 'choose') declineApproval(store);
    else if (action === 'scrollUp' || action === 'scrollDown') scrollApprovalPreview(store, action === 'scrollUp' ? -1 : 1);
    else if (lineActionFor(press.name) === 'backspace') backspaceField(store);
    else {
      const next = editLineByParts({ text: a.message, cursor: a.cursor }, press);
      if (next) setApprovalMessage(store, next);
    }
    return true;
  }
  switch (action) {
    case 'prev': moveApprovalChoice(store, -1); return true;
    case 'next': moveApprovalChoice(store, 1); return true;
    case 'choose': chooseApproval(store, a.selected); return true;
    case 'yes': chooseApproval(store, 0); return true;
    case 'session': chooseApproval(store, 1); return true;
    case 'always': chooseApproval(store, 2); return true;
    case 'tell': chooseApproval(store, 3); return true;
    case 'stop': stopAtApproval(store); return true;
    case 'scrollUp': scrollApprovalPreview(store, -1); return true;
    case 'scrollDown': scrollApprovalPreview(store, 1); return true;
    default: return false;
  }
}

/** A chip right before the cursor goes whole (half a label would reach the model as text). */
function backspaceField(store: AppStore): void {
  const a = store.getState().approvals;
  const before = a.message.slice(0, a.cursor);
  const chip = a.pastes.find((p) => before.endsWith(p.label));
  if (!chip) return setApprovalMessage(store, backspace({ text: a.message, cursor: a.cursor }));
  const start = a.cursor - chip.label.length;
  setApprovalMessage(store, { text: a.message.slice(0, start) + a.message.slice(a.cursor), cursor: start }, a.pastes.filter((p) => p !== chip));
}

/**
 * A paste into choice 4's text field keeps its lines; one of many lines (or very long) shows as
 * a `[pasted N lines]` chip, as in the prompt, and the model gets the whole text.
 */
export function pasteIntoApproval(store: AppStore, text: string): void {
  const a = store.getState().approvals;
  const clean = text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '');
  if (clean === '') return;
  const field = { text: a.message, cursor: a.cursor };
  if (!wantsChip(clean)) return setApprovalMessage(store, insertText(field, clean));
  const label = chipLabel(clean, a.pastes.length + 1);
  setApprovalMessage(store, insertText(field, label), [...a.pastes, { label, text: clean }]);
}
