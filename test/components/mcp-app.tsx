// The real App over real MCP servers, wired as the app wires them: /mcp's keys reach the servers
// through the door, the store follows their events as the door passes them on, and the servers start.
import React from 'react';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import type { McpServers } from '../../src/core/mcp/mcp-servers.js';
import { createAppStore, type AppStore, type TerminalPort } from '../../src/store/app-store.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';
import { renderAct, unmountAct, type Rendered } from './act-helpers.js';

export interface McpApp {
  store: AppStore;
  r: Rendered;
  close(): Promise<void>;
}

export async function renderWithServers(servers: McpServers, terminal?: Partial<TerminalPort>): Promise<McpApp> {
  const door = createAgentDoor(createFakeAgent((p) => simpleTurn(p)), { mcp: Promise.resolve(servers) });
  const store = createAppStore({}, { layout: screenLayout, door, ...(terminal ? { terminal } : {}) });
  // Subscribed before the door hears of the servers (the promise above settles after this turn).
  attachDoor(store);
  servers.start();
  const r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
  return {
    store,
    r,
    async close() {
      await unmountAct(r);
      await servers.close();
    },
  };
}
