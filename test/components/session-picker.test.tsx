// The session picker and transcript restore, rendered with ink-testing-library over real session
// files: sessions recorded by a real agent, listed and opened through the CLI's port, and the
// next prompt sent with the resumed conversation.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { screenLayout } from '../../components/screen-layout.js';
import { sessionPort } from '../../src/cli/session-recording.js';
import type { InklingConfig } from '../../src/cli/config.js';
import type { PermissionMode } from '../../src/core/permissions/approval.js';
import { collect } from '../helpers/collect.js';
import { respond, text, toolUse, type Responder } from '../helpers/test-provider.js';
import { recordingAgent, tempHome } from '../core/sessions/session-fixtures.js';
import { frame, KEYS, press, renderAct, unmountAct, type Rendered } from './act-helpers.js';
import { waitFor } from './app-harness.js';

let rendered: Rendered | null = null;
afterEach(async () => {
  if (rendered) await unmountAct(rendered);
  rendered = null;
});

async function recorded(dirs: { home: string; workspace: string; mode?: PermissionMode }, prompt: string, responders: Responder[]): Promise<string> {
  const { agent, recorder } = recordingAgent(responders, dirs);
  await collect(agent.run(prompt));
  await agent.dispose();
  return recorder.id;
}

async function appOver(dirs: { home: string; workspace: string; mode?: PermissionMode }, responders: Responder[], session: InklingConfig['session'] = { kind: 'new' }) {
  const live = recordingAgent(responders, dirs);
  const config = { home: dirs.home, workspaceRoot: dirs.workspace, session, settings: { permissions: { mode: dirs.mode ?? 'default' } } } as InklingConfig;
  const port = sessionPort(Promise.resolve(config), Promise.resolve(live.agent));
  const store: AppStore = createAppStore({ size: { cols: 100, rows: 30 } }, { layout: screenLayout, door: createAgentDoor(live.agent, { sessions: port }) });
  attachDoor(store, { intervalMs: 1 });
  if (dirs.mode) store.setState({ permission: { mode: dirs.mode, cycle: ['default', 'accept-edits', 'plan'], bell: false } });
  rendered = await renderAct(<App store={store} header={{ modelLabel: 'm', isDemo: false, workspaceRoot: dirs.workspace }} />);
  return { r: rendered, store, live, port };
}

const typeText = (r: Rendered, s: string) => press(r, ...s.split(''));

describe('the session picker', () => {
  it('/resume lists the sessions, typing filters, Enter brings the transcript back and the conversation goes on', async () => {
    const dirs = tempHome();
    await recorded(dirs, 'fix the parser', [respond([text('Looking at it.'), toolUse('t1', 'echo', { text: 'parser.ts' })]), respond([text('Fixed the parser.')])]);
    await recorded(dirs, 'write the docs', [respond([text('Docs written.')])]);
    const { r, store, live } = await appOver(dirs, [respond([text('Carrying on.')])]);

    await typeText(r, '/resume');
    await press(r, KEYS.enter);
    await waitFor(() => store.getState().picker?.phase === 'ready');
    expect(store.getState().mode).toBe('picker');
    expect(frame(r)).toContain('fix the parser');
    expect(frame(r)).toContain('write the docs');
    expect(frame(r)).toMatch(/1 turn/);

    await typeText(r, 'pars');
    await waitFor(() => !frame(r).includes('write the docs'));
    expect(frame(r)).toContain('fix the parser');

    await press(r, KEYS.enter);
    await waitFor(() => store.getState().mode === 'input' && frame(r).includes('Fixed the parser.'));
    const screen = frame(r);
    expect(screen).toContain('fix the parser');
    expect(screen).toContain('echo');
    expect(screen).toMatch(/Resumed session [0-9a-f]{8} — fix the parser/);
    expect(store.getState().turns).toBe(1);

    await typeText(r, 'and now?');
    await press(r, KEYS.enter);
    await waitFor(() => frame(r).includes('Carrying on.'));
    const sent = live.provider.requests[0]!.messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(sent[2])).toContain('echo: parser.ts');
  });

  it('Tab shows every workspace; Esc leaves the picker changing nothing', async () => {
    const dirs = tempHome();
    const elsewhere = { home: dirs.home, workspace: tempHome().workspace };
    await recorded(dirs, 'here prompt', [respond([text('a')])]);
    await recorded(elsewhere, 'elsewhere prompt', [respond([text('b')])]);
    const { r, store } = await appOver(dirs, []);
    await typeText(r, '/resume');
    await press(r, KEYS.enter);
    await waitFor(() => store.getState().picker?.phase === 'ready');
    expect(frame(r)).toContain('here prompt');
    expect(frame(r)).not.toContain('elsewhere prompt');
    await press(r, KEYS.tab);
    await waitFor(() => store.getState().picker?.scope === 'all' && store.getState().picker?.phase === 'ready');
    expect(frame(r)).toContain('elsewhere prompt');
    expect(frame(r)).toContain(elsewhere.workspace.split('/').pop()!);
    await press(r, KEYS.esc);
    await waitFor(() => store.getState().mode === 'input');
    expect(store.getState().items).toEqual([]);
  });

  it('--resume without an id opens the picker first; --continue shows the latest transcript at start', async () => {
    const dirs = tempHome();
    await recorded(dirs, 'the only one', [respond([text('Answer one.')])]);
    const picked = await appOver(dirs, [], { kind: 'resume' });
    await waitFor(() => picked.store.getState().picker?.phase === 'ready');
    expect(frame(picked.r)).toContain('the only one');
    await unmountAct(picked.r);
    rendered = null;

    const continued = await appOver(dirs, [], { kind: 'continue' });
    await waitFor(() => frame(continued.r).includes('Answer one.'));
    expect(frame(continued.r)).toContain('the only one');
    // ↑ in the input walks the workspace's prompt history, from earlier sessions too.
    await waitFor(() => continued.store.getState().promptHistory.length > 0);
    await press(continued.r, KEYS.up);
    expect(continued.store.getState().input.text).toBe('the only one');
  });

  it('/sessions lists the workspace\'s sessions with their ids', async () => {
    const dirs = tempHome();
    const id = await recorded(dirs, 'listed prompt', [respond([text('x')])]);
    const { r } = await appOver(dirs, []);
    await typeText(r, '/sessions');
    await press(r, KEYS.enter);
    await waitFor(() => frame(r).includes('listed prompt'));
    expect(frame(r)).toContain(id.slice(0, 8));
  });

  it('--continue of a session that was planning goes on in plan mode, and says so', async () => {
    const dirs = tempHome();
    await recorded({ ...dirs, mode: 'plan' }, 'plan the change', [respond([text('Here is the plan.')])]);
    const continued = await appOver({ ...dirs, mode: 'default' }, [], { kind: 'continue' });
    await waitFor(() => frame(continued.r).includes('Here is the plan.'));
    expect(continued.live.agent.permissionMode).toBe('plan');
    expect(continued.store.getState().permission.mode).toBe('plan');
    expect(frame(continued.r)).toContain('it goes on in plan mode');
  });
});
