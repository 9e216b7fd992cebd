// /init and `#` lines take the memory files into the running session: a real session agent against a
// fake Anthropic server sends the AGENTS.md it started with, and after the files are read again the
// next request's system prompt carries what was written (and /context names the new text); /init
// through the store and the real door asks for the reload once its turn has ended.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun } from '../../src/cli/config.js';
import { createProvider, createSessionAgent, loadMemory } from '../../src/cli/session.js';
import { reloadAgentMemory } from '../../src/cli/memory-reload.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { createAppStore } from '../../src/store/app-store.js';
import { submit } from '../../src/keys/input-keys.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { spyDoor } from '../helpers/spy-door.js';

let dir: string;
let claude: FakeAnthropic;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-memory-reload-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

const system = (i: number) => JSON.stringify((claude.requests.filter((r) => r.path.endsWith('/messages'))[i]!.body as { system: unknown }).system);

async function start() {
  const env = { INKLING_HOME: join(dir, 'home'), HOME: join(dir, 'person'), ANTHROPIC_API_KEY: 'sk-test-fake-memory-01', ANTHROPIC_BASE_URL: claude.url };
  const request = await prepareRun(parseArgs(['-p', 'x']), env, dir);
  const config = await checkedConfig(request);
  return { config, agent: await createSessionAgent(config, await createProvider(config)) };
}

describe('memory read again in a running session', () => {
  it('the next request carries the memory files as they are now; /context names them', async () => {
    await writeFile(join(dir, 'AGENTS.md'), '- always use pnpm\n');
    const { config, agent } = await start();
    claude.enqueue(reply({ text: 'one' }), reply({ text: 'two' }));
    await collect(agent.run('one'));
    expect(system(0)).toContain('always use pnpm');
    await writeFile(join(dir, 'AGENTS.md'), '- always use yarn\n');
    await writeFile(join(dir, 'CLAUDE.md'), '- tests live in spec/\n');
    expect(reloadAgentMemory(agent, await loadMemory(config))).toBe(true);
    await collect(agent.run('two'));
    expect(system(1)).toContain('always use yarn');
    expect(system(1)).toContain('tests live in spec/');
    expect(system(1)).not.toContain('always use pnpm');
    expect(agent.contextBreakdown().memory.map((p) => p.label)).toEqual(expect.arrayContaining(['AGENTS.md', 'CLAUDE.md']));
    await agent.dispose();
  });

  it('/init asks the door to read the memory again once its turn has ended', async () => {
    const { agent } = await start();
    claude.enqueue(reply({ text: 'wrote AGENTS.md' }));
    let reloaded = 0;
    const door = spyDoor(createAgentDoor(agent, { reloadMemory: async () => void reloaded++ }));
    const store = createAppStore({}, { door });
    store.setState({ input: { text: '/init', cursor: 5 } });
    submit(store);
    expect(reloaded).toBe(0);
    await new Promise<void>((resolve) => {
      const check = () => (reloaded > 0 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(store.getState().phase).toBe('idle');
    expect(door.requests.map((r) => r.type).filter((t) => t === 'submit' || t === 'reloadMemory')).toEqual(['submit', 'reloadMemory']);
    await agent.dispose();
  });
});
