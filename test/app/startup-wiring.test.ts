// What reaches the store after the first frame: notifications.bell from the settings files
// replaces the first frame's default (the preview does not read the files). The start-up's parts
// come through the door as `startup` events (rewritten from connectStartup to that public path).
import { describe, expect, it } from 'vitest';
import type { StartupInfo } from '../../src/core/startup-info.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { createAppStore, type AppState } from '../../src/store/app-store.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';

function startup(bell: Promise<boolean>): StartupInfo {
  const never = new Promise<never>(() => {});
  return {
    theme: 'dark', bell, notices: never, trust: never, memory: never, memoryTargets: never,
    customCommands: never, modelLabel: never, mcp: never,
  };
}

function storeOver(info: StartupInfo, permission: AppState['permission']) {
  const store = createAppStore({ permission }, { door: createAgentDoor(createFakeAgent((p) => simpleTurn(p)), { startup: info }) });
  attachDoor(store);
  return store;
}

describe('start-up wiring', () => {
  it('takes notifications.bell from the loaded settings', async () => {
    let loaded!: (on: boolean) => void;
    const store = storeOver(startup(new Promise((resolve) => (loaded = resolve))), { mode: 'default', cycle: [], bell: true });
    expect(store.getState().permission.bell).toBe(true);
    loaded(false);
    await new Promise((r) => setImmediate(r));
    expect(store.getState().permission.bell).toBe(false);
    expect(store.getState().permission.mode).toBe('default');
  });

  it('keeps the first frame\'s bell when the settings could not be read', async () => {
    const store = storeOver(startup(Promise.reject(new Error('bad file'))), { mode: null, cycle: [], bell: true });
    await new Promise((r) => setImmediate(r));
    expect(store.getState().permission.bell).toBe(true);
  });
});
