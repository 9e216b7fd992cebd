// Ctrl+R: the workspace's prompt history on the one list picker, newest first, filtered by what
// is typed (starting from what the input held), Enter putting the chosen prompt in the input and
// Esc leaving the input as it was.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { frame, KEYS, press, renderAct, unmountAct, type Rendered } from './act-helpers.js';

let r: Rendered | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
});

const CTRL_R = '\x12';

async function setUp(history: string[]) {
  const store = createAppStore({ promptHistory: history, size: { cols: 100, rows: 24 } }, { layout: screenLayout });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
  return store;
}

describe('Ctrl+R', () => {
  it('lists the prompts newest first, once each; typing narrows them and Enter puts the chosen one in the input', async () => {
    const store = await setUp(['fix the flaky test in src/a.ts', 'add a README section\nwith two lines', 'run the linter', 'fix the flaky test in src/a.ts']);
    await press(r!, CTRL_R);
    const rows = frame(r!).split('\n');
    const at = (text: string) => rows.findIndex((l) => l.includes(text));
    expect(rows.filter((l) => l.includes('fix the flaky test'))).toHaveLength(1);
    expect(at('fix the flaky test')).toBeLessThan(at('run the linter'));
    expect(at('run the linter')).toBeLessThan(at('add a README section'));
    expect(rows[at('add a README section')]).toContain('(+1 line)');
    await press(r!, 'readme');
    expect(frame(r!)).not.toContain('run the linter');
    await press(r!, KEYS.enter);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().input.text).toBe('add a README section\nwith two lines');
    // Not sent: it waits in the input to be edited.
    expect(store.getState().items).toEqual([]);
  });

  it('starts from what was typed, moves with ↓, and Esc leaves the input as it was', async () => {
    const store = await setUp(['deploy to staging', 'fix the build', 'fix the docs']);
    await press(r!, 'fix');
    await press(r!, CTRL_R);
    expect(store.getState().promptSearch?.filter).toBe('fix');
    expect(frame(r!)).not.toContain('deploy to staging');
    await press(r!, KEYS.down, KEYS.enter);
    expect(store.getState().input.text).toBe('fix the build');
    await press(r!, CTRL_R, 'nothing like it');
    expect(frame(r!)).toContain('no prompt matches “fix the buildnothing like it”');
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().input.text).toBe('fix the build');
  });
});
