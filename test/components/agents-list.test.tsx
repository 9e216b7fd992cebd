// /agents on the one list picker, through the App and its key pipeline: the definitions found on a
// real temp workspace (a Claude Code file and the built-ins), each with where it comes from, its
// file, tools and model, the selected one's description under the list; typing filters; Enter puts
// "Use the <name> agent to " in the prompt; Esc goes back.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { findAgentDefinitions } from '../../src/core/agents/definition-files.js';
import { createSetupLists } from '../../src/core/setup/setup-lists.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';
import { spyDoor } from '../helpers/spy-door.js';
import { frame, KEYS, press, renderAct, settleUntil, unmountAct, type Rendered } from './act-helpers.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let r: Rendered | undefined;
beforeEach(async () => {
  ws = await makeTempWorkspace();
});
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
  await ws.cleanup();
});

const rowOf = (text: string) => frame(r!).split('\n').find((l) => l.includes(text));

async function openAgents(cols = 100): Promise<AppStore> {
  await fs.mkdir(path.join(ws.root, '.claude', 'agents'), { recursive: true });
  await fs.writeFile(path.join(ws.root, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews code for bugs and style\ntools: Read, Grep\nmodel: haiku\n---\nReview.');
  const { definitions } = await findAgentDefinitions({ workspaceRoot: ws.root, inklingHome: path.join(ws.outside, 'ih'), userHome: path.join(ws.outside, 'home'), readClaude: true, trusted: false });
  const lists = createSetupLists({ skills: [], messages: () => [], displayPath: (f) => path.relative(ws.root, f), agents: definitions });
  const door = spyDoor();
  door.on('listAgents', () => Promise.resolve(lists.agents()));
  const store = createAppStore({ size: { cols, rows: 24 } }, { layout: screenLayout, door });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: ws.root }} />);
  await press(r, '/agents', KEYS.enter);
  await settleUntil(() => store.getState().setupList?.phase === 'ready' && /\(\d+\)/.test(frame(r!)));
  return store;
}

describe('/agents on the picker', () => {
  it('lists each definition with origin, file, tools and model; typing filters; Enter asks for it in the prompt', async () => {
    const store = await openAgents();
    expect(store.getState().mode).toBe('lists');
    expect(frame(r!)).toContain('Agents the model can hand a task to (3)');
    expect(rowOf('reviewer')).toMatch(/› reviewer +project \(Claude Code\) · \.claude\/agents\/reviewer\.md · tools: read_file, grep_search · mo/);
    expect(rowOf('explore ')).toMatch(/explore +built in/);
    expect(rowOf('general ')).toMatch(/general +built in/);
    // The selected agent's description (what the model chooses it by) under the list.
    expect(frame(r!)).toContain('Reviews code for bugs and style');
    // The filter finds an agent by its model too (the row's end is cut at 100 columns).
    await press(r!, 'h', 'a', 'i', 'k', 'u');
    expect(rowOf('reviewer')).toBeDefined();
    expect(rowOf('general ')).toBeUndefined();
    for (let i = 0; i < 5; i++) await press(r!, KEYS.backspace);
    await press(r!, 'b', 'u', 'i', 'l', 't');
    expect(rowOf('reviewer')).toBeUndefined();
    await press(r!, KEYS.down, KEYS.enter);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().input.text).toBe('Use the general agent to ');
  });

  it('Esc goes back to the input, nothing in the transcript', async () => {
    const store = await openAgents(60);
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().setupList).toBeNull();
    expect(store.getState().items).toEqual([]);
  });
});
