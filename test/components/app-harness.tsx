// Renders the whole App around a store and a fake agent, as run-tui wires it.
import React from 'react';
import { act } from 'react';
import { App, type AppProps } from '../../components/App.js';
import { createAppStore, type AppStore, type TerminalPort } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { attachDoor, type AgentSession } from '../../src/store/agent-session.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { spyDoor, type SpyDoor } from '../helpers/spy-door.js';
import type { KeyEnv } from '../../src/keys/input-keys.js';
import { createFakeAgent, simpleTurn, type FakeAgent, type TurnScript } from '../store/fake-agent.js';
import { renderAct, unmountAct, type Rendered } from './act-helpers.js';

export interface Harness {
  r: Rendered;
  store: AppStore;
  agent: FakeAgent;
  session: AgentSession;
  /** The store's door: `h.door.on(type, …)` answers a request instead of the fake agent. */
  door: SpyDoor;
  exits: number;
  mouse: boolean[];
}

export async function renderApp(
  opts: { script?: TurnScript; files?: string[]; now?: () => number; terminalReplies?: AppProps['terminalReplies']; workspaceRoot?: string; readClipboard?: TerminalPort['readClipboard'] } = {},
): Promise<Harness> {
  const agent = createFakeAgent(opts.script ?? ((p) => simpleTurn(p)));
  const door = spyDoor(createAgentDoor(agent));
  const h = { agent, door, exits: 0, mouse: [] } as unknown as Harness;
  const store = createAppStore({}, {
    layout: screenLayout,
    door,
    terminal: {
      exit: () => {
        h.exits++;
      },
      setMouse: (on) => {
        h.mouse.push(on);
      },
      ...(opts.readClipboard ? { readClipboard: opts.readClipboard } : {}),
    },
  });
  Object.assign(h, { store, session: attachDoor(store, { intervalMs: 1 }) });
  const env: KeyEnv = { files: () => opts.files ?? [], now: opts.now ?? Date.now, ...(opts.workspaceRoot ? { workspaceRoot: opts.workspaceRoot } : {}) };
  h.r = await renderAct(
    <App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} keyEnv={env} terminalReplies={opts.terminalReplies} />,
  );
  return h;
}

/** Ends a harness's turn, unmounts the App and waits until the session is idle (for afterEach). */
export async function closeApp(h: Harness | null): Promise<void> {
  if (!h) return;
  h.session.interrupt();
  await unmountAct(h.r);
  await h.session.idle();
}

/** Lets the fake agent's run and the store commits happen inside act(). */
export async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('waitFor timed out');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 5));
    });
  }
}
