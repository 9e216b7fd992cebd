// /mcp's l: an OAuth login to the selected HTTP server through the door. The URL arrives as the
// servers' mcp_login event and is shown whole (to copy); the address the browser lands on can be
// typed or pasted into the view (a browser on another machine never reaches the loopback).
import { toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import type { McpLoginState } from './mcp-state.js';
import { flash } from './view-actions.js';

function setLogin(store: AppStore, login: McpLoginState | null): void {
  const m = store.getState().mcp;
  if (m) store.setState({ mcp: { ...m, login } });
}

/** l on the selected server; resolves when the login has ended (tests await it). */
export function startMcpLogin(store: AppStore): Promise<void> | void {
  const m = store.getState().mcp;
  const server = m?.servers[m.selected];
  if (!server) return;
  if (server.transport === 'stdio') return flash(store, `${server.name} is a stdio server: only HTTP servers log in`);
  if (m.login) return flash(store, `a login to ${m.login.server} is waiting (Esc stops it)`);
  setLogin(store, { server: server.name, url: null, opened: false, typed: '' });
  flash(store, `logging in to ${server.name}…`);
  return store.door.send({ type: 'loginMcp', name: server.name }).then(
    (result) => {
      setLogin(store, null);
      flash(store, result.ok ? `logged in to ${server.name}` : `login to ${server.name} failed: ${result.reason}`);
    },
    (err: unknown) => {
      setLogin(store, null);
      flash(store, `login to ${server.name} failed: ${(err as Error).message}`);
    },
  );
}

export function loginUrlShown(store: AppStore, server: string, url: string, opened: boolean): void {
  const login = store.getState().mcp?.login;
  if (login?.server === server) setLogin(store, { ...login, url: toSafeText(url), opened });
}

export function typeIntoMcpLogin(store: AppStore, text: string): void {
  const login = store.getState().mcp?.login;
  // A pasted address has no line breaks that belong to it.
  if (login) setLogin(store, { ...login, typed: login.typed + text.replace(/[\r\n]+/g, '') });
}

export function eraseInMcpLogin(store: AppStore): void {
  const login = store.getState().mcp?.login;
  if (login) setLogin(store, { ...login, typed: login.typed.slice(0, -1) });
}

export function submitMcpLogin(store: AppStore): void {
  const login = store.getState().mcp?.login;
  if (!login || !login.typed.trim()) return;
  store.door.send({ type: 'pasteMcpLogin', name: login.server, url: login.typed.trim() });
  flash(store, `checking the address for ${login.server}…`);
}

/** Ctrl+Y: the URL to the clipboard, whole (on screen it is wrapped at the width). */
export async function copyLoginUrl(store: AppStore): Promise<void> {
  const url = store.getState().mcp?.login?.url;
  if (!url) return;
  try {
    flash(store, (await store.terminal.copy(url)).summary);
  } catch (e) {
    flash(store, `not copied: ${(e as Error).message}`);
  }
}

export function cancelMcpLogin(store: AppStore): void {
  const login = store.getState().mcp?.login;
  if (login) store.door.send({ type: 'cancelMcpLogin', name: login.server });
}
