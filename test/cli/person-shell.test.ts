// `!command`: what the person types runs at once through the real agent (bash in a pty, the
// sandbox when it works, the change ledger), deny rules still refuse it, its change is an undoable
// ledger entry named "! … (you)", and its output reaches the model with the next prompt.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun } from '../../src/cli/config.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { submit } from '../../src/keys/input-keys.js';
import type { Agent } from '../../src/core/agent.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';

let dir: string;
let claude: FakeAnthropic;
let agent: Agent | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-bang-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  await agent?.dispose();
  agent = undefined;
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

async function setUp() {
  const ws = join(dir, 'ws');
  await mkdir(join(dir, 'home'), { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(join(dir, 'home', 'settings.json'), JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }));
  const env = { INKLING_HOME: join(dir, 'home'), ANTHROPIC_API_KEY: 'sk-test-fake-bang-01', ANTHROPIC_BASE_URL: claude.url };
  const request = await prepareRun(parseArgs([]), env, ws);
  const config = await checkedConfig(request);
  agent = await createSessionAgent(config, await createProvider(config));
  const door = createAgentDoor(agent);
  const store = createAppStore({}, { door });
  attachDoor(store);
  return { store, door, ws };
}

async function type(store: AppStore, line: string, door: ReturnType<typeof createAgentDoor>) {
  store.setState({ input: { text: line, cursor: line.length } });
  submit(store);
  await door.send({ type: 'whenIdle' });
  for (let i = 0; i < 400 && store.getState().phase !== 'idle'; i++) await new Promise((r) => setTimeout(r, 10));
}

const notices = (store: AppStore) => store.getState().items.flatMap((i) => (i.kind === 'notice' ? [String(i.text)] : []));

describe('!command', () => {
  it('runs at once as a card, its change undoable as "! … (you)", its output sent with the next prompt', async () => {
    const { store, door, ws } = await setUp();
    await type(store, '!echo hello > made.txt && echo wrote it', door);
    expect(existsSync(join(ws, 'made.txt'))).toBe(true);
    expect(claude.requests).toHaveLength(0);
    const card = store.getState().items.find((i) => i.kind === 'tool');
    expect(card?.kind === 'tool' && card.status).toBe('done');
    expect(notices(store)).toContain('! echo hello > made.txt && echo wrote it');
    // It ended as a command does, not as a turn cut short.
    expect(notices(store).some((n) => /interrupted/.test(n))).toBe(false);
    expect(store.getState().phase).toBe('idle');
    const entry = card?.kind === 'tool' ? card.changes?.entry : undefined;
    expect(entry).toBeDefined();
    const plan = await door.send({ type: 'planUndo', entry: entry! });
    expect(JSON.stringify(plan)).toContain('made.txt');
    const history = await agent!.ledger!.entries();
    expect(JSON.stringify(history)).toContain('! echo hello > made.txt && echo wrote it (you)');

    claude.enqueue(reply({ text: 'seen' }));
    await type(store, 'what did it print?', door);
    const sent = claude.requests.at(-1)!.body as { messages: { role: string; content: { type: string; text?: string }[] }[] };
    const text = sent.messages.at(-1)!.content.map((b) => b.text ?? '').join('\n');
    expect(text).toContain('<shell command="echo hello > made.txt &amp;&amp; echo wrote it">');
    expect(text).toContain('wrote it');
    expect(text).toContain('what did it print?');
  }, 60_000);

  it('a deny rule refuses it (nothing asks, nothing runs); the session goes on', async () => {
    const { store, door, ws } = await setUp();
    await writeFile(join(ws, 'keep.txt'), 'x');
    await type(store, '!rm keep.txt', door);
    expect(existsSync(join(ws, 'keep.txt'))).toBe(true);
    expect(notices(store).some((n) => n.startsWith('not run: Refused by the permission rule "bash(rm:*)"'))).toBe(true);
    expect(store.getState().phase).toBe('idle');
  }, 60_000);
});
