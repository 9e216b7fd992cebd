// Keys of the /mcp view: walk the servers, start one again, turn one off, log in, close; while a
// login waits, typed and pasted text is the address the browser was sent to.
import type { AppStore } from '../store/app-store.js';
import { actOnMcpServer, closeMcp, moveMcp } from '../store/mcp-actions.js';
import { cancelMcpLogin, copyLoginUrl, eraseInMcpLogin, startMcpLogin, submitMcpLogin, typeIntoMcpLogin } from '../store/mcp-login-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when a reconnect, disable or login has been answered (tests await it). */
export function handleMcpKey(store: AppStore, press: KeyPress): Promise<void> | void {
  if (store.getState().mcp?.login) return handleLoginKey(store, press);
  switch (actionFor('mcp', press.name)) {
    case 'prev': return moveMcp(store, -1);
    case 'next': return moveMcp(store, 1);
    case 'reconnect': return actOnMcpServer(store, 'reconnect');
    case 'disable': return actOnMcpServer(store, 'disable');
    case 'login': return startMcpLogin(store);
    case 'close': return closeMcp(store);
    default: return;
  }
}

function handleLoginKey(store: AppStore, press: KeyPress): void {
  switch (actionFor('mcplogin', press.name)) {
    case 'submit': return submitMcpLogin(store);
    case 'copyUrl': return void copyLoginUrl(store);
    case 'erase': return eraseInMcpLogin(store);
    case 'cancel': return cancelMcpLogin(store);
    default:
      if (press.text && !/[\x00-\x1f\x7f]/.test(press.text)) typeIntoMcpLogin(store, press.text);
  }
}
