// A call the change ledger could not record (its snapshot overran the budget), in the real App
// over a real ledger: the card says it was not tracked and why, `u` refuses with that reason,
// and /diff names it.
import { execFileSync } from 'node:child_process';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import type { ChangeLedger } from '../../src/core/checkpoints/change-ledger.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import type { Agent } from '../../src/core/agent.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';
import { screenLayout } from '../../components/screen-layout.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from '../core/checkpoints/ledger-fixtures.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';
import { apply } from './history-fixtures.js';

let ws: LedgerWorkspace | undefined;
let ledger: ChangeLedger | undefined;
let r: Rendered | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
  await ledger?.close();
  ledger = undefined;
  await ws?.cleanup();
  ws = undefined;
});

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

describe('a call the ledger could not track', () => {
  it('says so on its card, u refuses with the reason, and /diff names it', async () => {
    ws = await ledgerWorkspace({ files: { 'a.txt': 'alpha\n' } });
    // No snapshot fits in a budget of 0 ms: every one overruns.
    ledger = newLedger(ws, { snapshotBudgetMs: 0 });
    const events: AgentEvent[] = [{ type: 'turn_start', prompt: 'go' }];
    const emit = (e: AgentEvent) => events.push(e);
    await ledger.beginTurn('go', 1, emit);
    events.push({ type: 'request_start', iteration: 1 }, { type: 'tool_call', id: 'sed1', name: 'bash', input: { command: 'sed -i s/alpha/ALPHA/ a.txt' }, readOnly: false });
    await ledger.recordCall({ id: 'sed1', name: 'bash', input: { command: 'sed -i s/alpha/ALPHA/ a.txt' } }, async () => {
      execFileSync('sed', ['-i', 's/alpha/ALPHA/', 'a.txt'], { cwd: ws!.root });
      return { content: 'ok', isError: false };
    }, emit);
    events.push({ type: 'tool_result', id: 'sed1', content: 'ok', isError: false, durationMs: 5 }, { type: 'turn_end', reason: 'end_turn' });
    const agent: Agent = { ...createFakeAgent((p) => simpleTurn(p)), ledger };
    const store: AppStore = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
    apply(store, events);
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: ws.root }} />);

    expect(frame(r)).toMatch(/↳ not tracked: (the snapshot (at the turn start|before the call) took longer than 0 s|an earlier snapshot was still running)/);
    await press(r, KEYS.ctrlO);
    await press(r, 'G');
    for (let i = 0; i < 10 && store.getState().history.selectedId !== 'sed1'; i++) await press(r, 'k');
    expect(store.getState().history.selectedId).toBe('sed1');
    await press(r, 'u');
    expect(store.getState().revert).toBeNull();
    expect(store.getState().flash?.text).toMatch(/^not tracked \(.+\): nothing to undo$/);
    expect(frame(r)).toContain('nothing to undo');
    await press(r, KEYS.esc);
    await press(r, '/diff', KEYS.enter);
    await until(() => store.getState().mode === 'pager', 'the session diff');
    expect(frame(r)).toContain('(1 not tracked)');
    expect(frame(r)).toContain('Not tracked (1)');
  });
});
