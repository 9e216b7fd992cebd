// History mode inside a child agent (the task tool), in the real App (ink-testing-library) over a
// real parent and child (the loop and the SDK against the fake server, real files): → on a task
// card shows the child's calls as cards of their own nested under it, Enter expands one, R says it cannot rewind
// there, ← goes back out to the task card; a resumed session (the real recorder's file) does the same.
import React from 'react';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createRedactor } from '../../src/core/redact.js';
import { SessionRecorder } from '../../src/core/sessions/recorder.js';
import { parseSessionText } from '../../src/core/sessions/session-reader.js';
import { restoreSession } from '../../src/core/sessions/session-restore.js';
import { sessionPaths } from '../../src/core/sessions/session-paths.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { showReplay } from '../../src/store/session-replay.js';
import { reply } from '../helpers/fake-anthropic.js';
import { childServerAndWorkspace, parentAgent } from '../core/agents/agent-fixtures.js';
import { frame, KEYS, press, renderAct, settle, settleUntil, unmountAct, type Rendered } from './act-helpers.js';
import { apply } from './history-fixtures.js';
import type { Agent } from '../../src/core/agent.js';
import type { ChangeLedger } from '../../src/core/checkpoints/change-ledger.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { ledgerWorkspace, newLedger } from '../core/checkpoints/ledger-fixtures.js';

const fx = childServerAndWorkspace();
let r: Rendered | null = null;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = null;
});

/** A parent whose general child writes a file, reads it back and answers; the session recorded. */
async function runParent(opts: { root?: string; ledger?: ChangeLedger } = {}): Promise<{ events: AgentEvent[]; file: string; id: string; agent: Agent }> {
  const root = opts.root ?? fx.ws.root;
  fx.routes.set('KID', [
    reply({ text: 'writing it now', toolUses: [{ name: 'write_file', id: 'cw', input: { path: 'notes.txt', content: 'kid-wrote-this\n' } }] }),
    reply({ toolUses: [{ name: 'read_file', id: 'cr', input: { path: 'notes.txt' } }] }),
    reply({ text: 'the child is done' }),
  ]);
  fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 'g', input: { description: 'write the notes', prompt: '[KID] write notes.txt', agent: 'general' } }] }), reply({ text: 'parent done' }));
  const rec = new SessionRecorder({
    paths: sessionPaths(fx.ws.outside, root),
    workspaceRoot: root,
    describe: () => ({ model: 'claude-test', provider: 'anthropic' }),
    inklingVersion: '0.0.0-test',
    redact: createRedactor([]),
  });
  const { agent } = parentAgent(fx.server, { root, mode: 'yolo', recorder: rec, ...(opts.ledger ? { ledger: opts.ledger } : {}) });
  const events: AgentEvent[] = [];
  for await (const e of agent.run('have a child write the notes')) events.push(e);
  await rec.sync();
  rec.close();
  return { events, file: rec.filePath, id: rec.id, agent };
}

async function mount(store: AppStore): Promise<Rendered> {
  return renderAct(<App store={store} header={{ modelLabel: 'claude-test', isDemo: false, workspaceRoot: fx.ws.root }} historyEnv={{ copy: async () => ({ summary: 'copied' }) }} />);
}

const selected = (store: AppStore) => store.getState().history.selectedId;
const selectedRow = (x: Rendered) => frame(x).split('\n').find((l) => l.includes('▌')) ?? '';
/** The rows drawn nested under a task card (behind its guide line). */
const nestedRows = (f: string) => f.split('\n').filter((l) => /^ {2}│/.test(l));

/** Walks from history mode's newest stop up to the task card, then into it. */
async function intoTheChild(x: Rendered, store: AppStore): Promise<void> {
  await press(x, KEYS.ctrlO);
  while (selected(store) !== 'g') await press(x, 'k');
  expect(frame(x)).toContain('→ into agent');
  await press(x, KEYS.right);
}

describe('history mode inside a child agent', () => {
  it('→ shows the child’s calls as cards, Enter expands one, R says why not, ← goes back to the task card', { timeout: 30_000 }, async () => {
    const { events } = await runParent();
    const store = createAppStore({ size: { cols: 110, rows: 40 } }, { layout: screenLayout });
    apply(store, events);
    r = await mount(store);
    // The parent's transcript: the child's calls are not cards there.
    expect(frame(r)).not.toMatch(/read_file notes\.txt/);
    await intoTheChild(r, store);
    let f = frame(r);
    expect(store.getState().history.into).toEqual(['g']);
    // The parent's transcript stays; the child's prompt, text and calls are nested under the task card, in order, indented.
    const nested = nestedRows(f).join('\n');
    expect(nested).toContain('[KID] write notes.txt');
    expect(nested).toContain('writing it now');
    expect(nested).toMatch(/write_file.*notes\.txt/);
    expect(nested).toMatch(/read_file.*notes\.txt/);
    expect(nested).toContain('the child is done');
    expect(f.indexOf('task general · write the notes')).toBeLessThan(f.indexOf('[KID] write notes.txt'));
    expect(f.indexOf('the child is done')).toBeLessThan(f.indexOf('parent done'));
    expect(nested).not.toContain('parent done');
    expect(f).toContain('HISTORY in general');
    // The newest of the child's stops is selected; ↑ walks its calls.
    expect(selectedRow(r)).toMatch(/^ {2}│ ▌.*the child is done/);
    await press(r, 'k');
    expect(selected(store)).toBe('cr');
    await press(r, KEYS.enter);
    await settle(50);
    expect(frame(r)).toContain('kid-wrote-this');
    await press(r, 'R');
    expect(frame(r)).toContain('R rewinds the parent');
    expect(store.getState().mode).toBe('history');
    // ← goes back out: the parent's transcript, its task card selected.
    await press(r, KEYS.left);
    f = frame(r);
    expect(store.getState().history.into).toEqual([]);
    expect(selected(store)).toBe('g');
    expect(f).toContain('parent done');
    expect(nestedRows(f)).toEqual([]);
    expect(f).not.toMatch(/read_file notes\.txt/);
    // → on a call that is not a task card says what it is for.
    await press(r, 'j', KEYS.right);
    expect(store.getState().history.into).toEqual([]);
    expect(frame(r)).toContain("walks into a task card's agent");
  });

  it('a resumed session shows the child’s calls as cards too, its answer in front of its calls', { timeout: 30_000 }, async () => {
    const { file, id } = await runParent();
    const restored = restoreSession(id, parseSessionText(readFileSync(file, 'utf8')).records);
    const store = createAppStore({ size: { cols: 110, rows: 40 } }, { layout: screenLayout });
    await showReplay(store, restored.replay);
    r = await mount(store);
    await intoTheChild(r, store);
    const f = nestedRows(frame(r)).join('\n');
    expect(f).toMatch(/write_file.*notes\.txt/);
    expect(f).toMatch(/read_file.*notes\.txt/);
    expect(f).toContain('the child is done');
    // The text the child said with its first call comes before that call's card, as it did live.
    expect(f.indexOf('writing it now')).toBeLessThan(f.indexOf('write_file'));
    const child = store.getState().childTranscripts['g']!;
    expect(child.items.filter((it) => it.kind === 'tool').map((it) => [it.id, it.kind === 'tool' && it.status])).toEqual([['cw', 'done'], ['cr', 'done']]);
  });

  it('u on a call inside the child undoes that call alone (the real ledger in a git workspace)', { timeout: 30_000 }, async () => {
    const ws = await ledgerWorkspace({ git: true, files: { 'keep.txt': 'base\n' } });
    const ledger = newLedger(ws);
    try {
      const { events, agent } = await runParent({ root: ws.root, ledger });
      expect(await ws.read('notes.txt')).toBe('kid-wrote-this\n');
      const store = createAppStore({ size: { cols: 110, rows: 40 } }, { layout: screenLayout, door: createAgentDoor(agent) });
      apply(store, events);
      r = await mount(store);
      await intoTheChild(r, store);
      while (selected(store) !== 'cw') await press(r, 'k');
      await press(r, 'u');
      await settleUntil(() => store.getState().revert?.phase === 'ready');
      expect(frame(r)).toContain('notes.txt');
      await press(r, 'y');
      await settleUntil(() => store.getState().revert === null);
      expect(await ws.exists('notes.txt')).toBe(false);
      expect(await ws.read('keep.txt')).toBe('base\n');
      const cw = store.getState().childTranscripts['g']!.items.find((it) => it.id === 'cw');
      expect(cw?.kind === 'tool' && cw.changes?.undone).toBe(true);
      // Still inside the child, on the call undone.
      expect(store.getState().history.into).toEqual(['g']);
    } finally {
      await ledger.close();
      await ws.cleanup();
    }
  });
});
