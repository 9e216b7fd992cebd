// The secret card in the real App over a real agent: bash in a real pty inside real bubblewrap asks
// through the askpass helper; the card shows the prompt, who asks, the command and its folder and a
// masked field. Enter sends, Esc answers nothing and the turn goes on, y answers a yes/no.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { createAgent } from '../../src/core/loop.js';
import type { CommandSandbox } from '../../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../../src/core/shell/sandbox-probe.js';
import { bashTool } from '../../src/core/tools/bash.js';
import { attachDoor, type AgentSession } from '../../src/store/agent-session.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { respond, testProvider, text, toolUse, type TestProvider } from '../helpers/test-provider.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';

const SECRET = 'pw-card-Xy93';
const HASH = createHash('sha256').update(SECRET).digest('hex');
const ASK = `pw=$("$SSH_ASKPASS" "alice@example's password: ") && [ "$(printf %s "$pw" | sha256sum | cut -d' ' -f1)" = ${HASH} ] && echo GOT-THE-SECRET || echo NO-SECRET`;

let base: string;
let probe: CommandSandbox['probe'];
let r: Rendered | undefined;
let session: AgentSession | undefined;

beforeAll(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-secret-card-')));
  probe = await probeSandbox();
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
afterEach(async () => {
  session?.interrupt();
  if (r) await unmountAct(r);
  await session?.idle();
  r = undefined;
  session = undefined;
});

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

async function appRunning(command: string): Promise<{ store: AppStore; provider: TestProvider }> {
  const provider = testProvider([respond([toolUse('call-1', 'bash', { command, timeout_ms: 30_000 })]), respond([text('after the command')])]);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: base,
    tools: [bashTool],
    maxTokens: 100,
    sessionDir: path.join(base, `session-${Math.random().toString(36).slice(2)}`),
    askSecrets: true,
    sandbox: { mode: 'workspace', network: false, probe, allowUnsandboxed: false },
  });
  const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
  session = attachDoor(store, { intervalMs: 1 });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: base }} />);
  session.submit('go');
  return { store, provider };
}

describe('the secret card', () => {
  it('shows the prompt, asker, command and folder with a masked field; Enter sends the secret to the program only', async () => {
    const { store, provider } = await appRunning(ASK);
    await until(() => store.getState().mode === 'secret', 'the secret card');
    const card = frame(r!);
    expect(card).toContain('A command asks for a secret');
    expect(card).toContain("alice@example's password:");
    expect(card).toMatch(/asked by \/(usr\/)?bin\/bash \(pid \d+\)/);
    expect(card).toContain('not by ssh/git/sudo — your answer goes to that program');
    expect(card).toContain('command: pw=$(');
    expect(card).toContain(`in ${base}`);
    expect(card).toContain('a command waits for a secret');
    await press(r!, ...SECRET.split(''));
    expect(frame(r!)).toContain('•'.repeat(SECRET.length) + '▏');
    expect(frame(r!)).not.toContain(SECRET);
    await press(r!, KEYS.enter);
    await until(() => store.getState().phase === 'idle' && frame(r!).includes('GOT-THE-SECRET'), 'the command to get the secret');
    expect(store.getState().mode).toBe('input');
    expect(frame(r!)).not.toContain(SECRET);
    expect(JSON.stringify(store.getState().items)).not.toContain(SECRET);
    expect(JSON.stringify(provider.requests)).not.toContain(SECRET);
  }, 40_000);

  it('Esc answers nothing: the program fails as on a wrong password and the turn goes on', async () => {
    const { store } = await appRunning(ASK);
    await until(() => store.getState().mode === 'secret', 'the secret card');
    await press(r!, 'abc', KEYS.esc);
    await until(() => store.getState().phase === 'idle', 'the turn to end');
    expect(frame(r!)).toContain('NO-SECRET');
    expect(frame(r!)).toContain('after the command');
  }, 40_000);

  it("shows ssh's host-key question as a yes/no card; y answers yes", async () => {
    const { store } = await appRunning(`ans=$("$SSH_ASKPASS" "Are you sure you want to continue connecting (yes/no/[fingerprint])?"); echo "ANSWER=$ans"`);
    await until(() => store.getState().mode === 'secret', 'the yes/no card');
    expect(frame(r!)).toContain('A command asks a yes/no question');
    expect(frame(r!)).toContain('(yes/no/[fingerprint])?');
    expect(frame(r!)).toContain('y yes · n no');
    await press(r!, 'y');
    await until(() => store.getState().phase === 'idle', 'the turn to end');
    expect(frame(r!)).toContain('ANSWER=yes');
  }, 40_000);

  it('Ctrl+C stops the turn', async () => {
    const { store } = await appRunning(ASK);
    await until(() => store.getState().mode === 'secret', 'the secret card');
    await press(r!, KEYS.ctrlC);
    await until(() => store.getState().phase === 'idle', 'the turn to stop');
    expect(store.getState().mode).toBe('input');
    expect(store.getState().secrets).toEqual([]);
    expect(frame(r!)).not.toContain('after the command');
  }, 40_000);
});
