// /status: what this run is on, from the start-up's parts as the door announces them and the
// checked settings' words for the provider and the workspace's trust.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { attachDoor } from '../../src/store/agent-session.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { submit } from '../../src/keys/input-keys.js';
import type { RunFacts, StartupInfo } from '../../src/core/startup-info.js';
import { createFakeAgent } from './fake-agent.js';
import { parseArgs } from '../../src/cli/args.js';
import { resolveConfig } from '../../src/cli/config.js';
import { runFacts } from '../../src/cli/run-facts.js';

function startup(facts: Promise<RunFacts>): StartupInfo {
  return {
    theme: 'dark',
    notices: Promise.resolve([]),
    trust: Promise.resolve(null),
    memory: Promise.resolve([{ scope: 'project', path: '/w/AGENTS.md', displayPath: 'AGENTS.md', bytes: 120, inPrompt: true, text: 'x', truncated: false }]),
    memoryTargets: Promise.resolve([]),
    customCommands: Promise.resolve({ commands: [], notices: [] }),
    modelLabel: Promise.resolve('claude-sonnet-4-6'),
    mcp: Promise.resolve(null),
    sandbox: Promise.resolve('sandboxed'),
    facts,
  };
}

const lastNotice = (store: ReturnType<typeof createAppStore>) => {
  const item = store.getState().items.at(-1);
  return item?.kind === 'notice' ? String(item.text) : '';
};

const typeLine = (store: ReturnType<typeof createAppStore>, text: string) => {
  store.setState({ input: { text, cursor: text.length } });
  submit(store);
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-status-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('/status', () => {
  it('names model, provider, mode, sandbox, trust, memory files and the session, each part once the start-up has it', async () => {
    let giveFacts: (f: RunFacts) => void = () => {};
    const facts = new Promise<RunFacts>((r) => (giveFacts = r));
    const door = createAgentDoor(createFakeAgent(async function* () {}), { startup: startup(facts), modelName: () => 'claude-sonnet-4-6' });
    const store = createAppStore({ permission: { mode: 'accept-edits', cycle: [], bell: false } }, { door });
    attachDoor(store);
    await new Promise((r) => setTimeout(r, 0));
    typeLine(store, '/status');
    const early = lastNotice(store);
    expect(early).toMatch(/model\s+claude-sonnet-4-6/);
    expect(early).toMatch(/provider\s+still loading/);
    expect(early).toMatch(/mode\s+accept-edits/);
    expect(early).toMatch(/sandbox\s+sandboxed/);
    expect(early).toMatch(/memory\s+AGENTS\.md \(120 bytes\)/);
    expect(early).toMatch(/MCP\s+none configured/);
    expect(early).toMatch(/session\s+not recorded yet/);

    giveFacts({ provider: 'anthropic (api.anthropic.com)', trust: 'trusted', sessionsDir: '/h/sessions/w-1234' });
    await facts;
    await new Promise((r) => setTimeout(r, 0));
    typeLine(store, '/status');
    const later = lastNotice(store);
    expect(later).toMatch(/provider\s+anthropic \(api\.anthropic\.com\)/);
    expect(later).toMatch(/trust\s+trusted/);
    expect(store.getState().flash).toBeFalsy();
  });

  it('says where requests go and whether the workspace is trusted, from the checked settings', async () => {
    const home = join(dir, 'home');
    const ws = join(dir, 'ws');
    await mkdir(join(ws, '.inkling'), { recursive: true });
    await writeFile(join(ws, '.inkling', 'settings.json'), JSON.stringify({ permissions: { allow: ['bash(rm -rf *)'] } }));
    const env = { INKLING_HOME: home, ANTHROPIC_API_KEY: 'sk-test-fake-status-01', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' };
    const config = await resolveConfig(parseArgs(['-p', 'x']), env, ws);
    const words = runFacts(config, (s) => s);
    expect(words.provider).toBe('anthropic at http://127.0.0.1:9');
    expect(words.trust).toMatch(/^not trusted: its files only tighten settings \(1 setting left out\)$/);
    const trusted = runFacts(await resolveConfig(parseArgs(['-p', 'x', '--trust-workspace']), env, ws), (s) => s);
    expect(trusted.trust).toBe('trusted (--trust-workspace)');
  });
});
