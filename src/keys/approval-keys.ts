// Keys of the approval prompt. While choice 4's text field has focus, keys edit the text (the
// line editor, state in the store), so digits type instead of choosing; Enter sends, Esc says no.
import type { AppStore } from '../store/app-store.js';
import { chooseApproval, declineApproval, moveApprovalChoice, setApprovalMessage } from '../store/approval-actions.js';
import { editLine } from './line-editor.js';
import { actionFor } from './keymap.js';
import type { KeyPress } from './key-names.js';

/** True when the key was the prompt's; others (Shift+Tab, paging the transcript) go on. */
export function handleApprovalKey(store: AppStore, press: KeyPress): boolean {
  const a = store.getState().approvals;
  const action = actionFor('approval', press.name);
  if (a.typing) {
    if (action === 'no' || action === 'choose') declineApproval(store);
    else {
      const next = editLine({ text: a.message, cursor: a.cursor }, press);
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
    case 'no': declineApproval(store); return true;
    default: return false;
  }
}
