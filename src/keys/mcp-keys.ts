// Keys of the /mcp view: walk the servers, start one again, turn one off, close.
import type { AppStore } from '../store/app-store.js';
import { actOnMcpServer, closeMcp, moveMcp } from '../store/mcp-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when a reconnect or disable has been answered (tests await it). */
export function handleMcpKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('mcp', press.name)) {
    case 'prev': return moveMcp(store, -1);
    case 'next': return moveMcp(store, 1);
    case 'reconnect': return actOnMcpServer(store, 'reconnect');
    case 'disable': return actOnMcpServer(store, 'disable');
    case 'close': return closeMcp(store);
    default: return;
  }
}
