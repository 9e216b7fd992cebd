// A child agent's command asks for a password: the secret card opens in the real App naming the
// agent, the answer goes through the parent (the questions are shared) to the child's program, and
// the child goes on. The real loop and SDK against the fake server, bash in a real pty through the
// askpass helper.
import { createHash } from 'node:crypto';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { attachDoor, type AgentSession } from '../../src/store/agent-session.js';
import { createAppStore } from '../../src/store/app-store.js';
import { childTranscriptOf } from '../../src/store/child-view.js';
import { reply } from '../helpers/fake-anthropic.js';
import { childServerAndWorkspace, parentAgent } from '../core/agents/agent-fixtures.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';

const SECRET = 'pw-child-Qz71';
const HASH = createHash('sha256').update(SECRET).digest('hex');
const ASK = `pw=$("$SSH_ASKPASS" "bob@example's password: ") && [ "$(printf %s "$pw" | sha256sum | cut -d' ' -f1)" = ${HASH} ] && echo GOT-THE-SECRET || echo NO-SECRET`;

const fx = childServerAndWorkspace();
let r: Rendered | undefined;
let session: AgentSession | undefined;
afterEach(async () => {
  session?.interrupt();
  if (r) await unmountAct(r);
  await session?.idle();
  r = session = undefined;
});

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

describe("a child agent's password prompt", () => {
  it('opens the secret card naming the agent; Enter sends the secret to the child’s program through the parent', { timeout: 40_000 }, async () => {
    fx.routes.set('KID', [reply({ toolUses: [{ name: 'bash', id: 'cb', input: { command: ASK, timeout_ms: 30_000 } }] }), reply({ text: 'child done' })]);
    fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 'g', input: { description: 'log in', prompt: '[KID] log in', agent: 'general' } }] }), reply({ text: 'parent done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', askSecrets: true });
    const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
    session = attachDoor(store, { intervalMs: 1 });
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-test', isDemo: false, workspaceRoot: fx.ws.root }} />);
    session.submit('go');
    await until(() => store.getState().mode === 'secret', 'the secret card');
    const card = frame(r);
    expect(card).toContain('A command of the general agent asks for a secret');
    expect(card).toContain("bob@example's password:");
    expect(card).toContain('command: pw=$(');
    await press(r, ...SECRET.split(''));
    expect(frame(r)).not.toContain(SECRET);
    await press(r, KEYS.enter);
    await until(() => store.getState().phase === 'idle', 'the turn to end');
    const bash = childTranscriptOf(store.getState(), 'g')!.items.find((it) => it.id === 'cb');
    expect(bash?.kind === 'tool' && bash.result?.content).toContain('GOT-THE-SECRET');
    // The child answered its parent after the command.
    expect(fx.requestsOf('KID')).toHaveLength(2);
    expect(store.getState().mode).toBe('input');
  });
});
