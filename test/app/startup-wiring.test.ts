// What reaches the store after the first frame: notifications.bell from the settings files
// replaces the first frame's default (the preview does not read the files).
import { describe, expect, it } from 'vitest';
import type { StartupInfo } from '../../src/core/startup-info.js';
import { connectStartup } from '../../src/app/startup-wiring.js';
import { createAppStore } from '../../src/store/app-store.js';

function startup(bell: Promise<boolean>): StartupInfo {
  const never = new Promise<never>(() => {});
  return {
    theme: 'dark', bell, notices: never, trust: never, memory: never, memoryTargets: never,
    customCommands: never, modelLabel: never, mcp: never,
  };
}

describe('start-up wiring', () => {
  it('takes notifications.bell from the loaded settings', async () => {
    const store = createAppStore({ permission: { mode: 'default', cycle: [], bell: true } });
    let loaded!: (on: boolean) => void;
    connectStartup(store, startup(new Promise((resolve) => (loaded = resolve))));
    expect(store.getState().permission.bell).toBe(true);
    loaded(false);
    await new Promise((r) => setImmediate(r));
    expect(store.getState().permission.bell).toBe(false);
    expect(store.getState().permission.mode).toBe('default');
  });

  it('keeps the first frame\'s bell when the settings could not be read', async () => {
    const store = createAppStore({ permission: { mode: null, cycle: [], bell: true } });
    connectStartup(store, startup(Promise.reject(new Error('bad file'))));
    await new Promise((r) => setImmediate(r));
    expect(store.getState().permission.bell).toBe(true);
  });
});
