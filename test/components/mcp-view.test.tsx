// The header's MCP summary and the /mcp view in the real App, over real MCP servers: the
// reference server-everything over stdio and one whose command does not exist.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServers } from '../../src/core/mcp/mcp-servers.js';
import type { AppStore } from '../../src/store/app-store.js';
import { renderWithServers, type McpApp } from './mcp-app.js';
import { everythingStdio } from '../helpers/mcp-servers.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';
import { frame, KEYS, press, settle, type Rendered } from './act-helpers.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let servers: McpServers;
let store: AppStore;
let r: Rendered;
let app: McpApp;

const selectedName = () => store.getState().mcp?.servers[store.getState().mcp!.selected]?.name;

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r)}`);
}

beforeAll(async () => {
  ws = await makeTempWorkspace();
  servers = new McpServers({
    entries: [everythingStdio('everything'), { name: 'broken', settings: { command: path.join(ws.root, 'no-such-server') }, source: 'user' }],
    workspaceTrusted: true,
    workspaceRoot: ws.root,
    logDir: path.join(ws.root, '..', 'session'),
    env: process.env,
    secretEnvNames: [],
    clientVersion: '0.0.0-test',
    reconnect: { maxAttempts: 0, baseDelayMs: 10, maxDelayMs: 10 },
  });
  // /mcp's r and d reach the servers through the door, as in the app.
  app = await renderWithServers(servers);
  ({ store, r } = app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await ws.cleanup();
});

describe('MCP in the TUI', () => {
  it('the header says how many servers there are and that one failed', async () => {
    await until(() => /MCP 2 \(1 failed\)/.test(frame(r)), 'the header summary');
    expect(frame(r).split('\n')[0]).toContain('MCP 2 (1 failed)');
    // Its reason is in the transcript as it fails, before any prompt, once.
    expect(store.getState().items.filter((i) => i.kind === 'user')).toEqual([]);
    const said = store.getState().items.filter((i) => i.kind === 'notice' && i.text.startsWith('MCP server broken failed: '));
    expect(said).toHaveLength(1);
    expect(frame(r)).toMatch(/MCP server broken failed: .*no-such-server/);
  }, 30_000);

  it('/mcp lists each server with its state, target and tools', async () => {
    await press(r, '/mcp', KEYS.enter);
    expect(store.getState().mode).toBe('mcp');
    const f = frame(r);
    expect(f).toMatch(/everything +ready · \d+ tools/);
    expect(f).toContain('echo');
    expect(f).toMatch(/broken +failed: /);
    expect(f).toContain('no-such-server');
  });

  it('d turns the selected server off (its tools leave the model) and r starts it again', async () => {
    if (selectedName() !== 'everything') await press(r, KEYS.down);
    expect(selectedName()).toBe('everything');
    await press(r, 'd');
    await until(() => frame(r).includes('off for this session'), 'the server off');
    await until(() => !servers.tools().some((t) => t.name.startsWith('mcp__everything__')), 'its tools gone from the model');
    expect(frame(r).split('\n')[0]).toContain('MCP 2 (1 failed, 1 off)');
    await press(r, 'r');
    await until(() => /everything +ready/.test(frame(r)), 'the server back');
    expect(servers.tools().some((t) => t.name === 'mcp__everything__echo')).toBe(true);
  }, 30_000);

  it('↓ selects the next server (wrapping); Esc goes back to the input', async () => {
    await press(r, KEYS.down);
    expect(selectedName()).toBe('broken');
    await press(r, KEYS.down);
    expect(selectedName()).toBe('everything');
    await press(r, KEYS.esc);
    expect(store.getState().mode).toBe('input');
  });
});

describe('the header at narrow widths', () => {
  it('keeps a failed server visible as "MCP 3!" when the counts do not fit', async () => {
    const { headerLine } = await import('../../components/Header.js');
    const { default: stripAnsi } = await import('strip-ansi');
    const p = { modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/work/project', mcp: 'MCP 3 (1 failed)' };
    expect(stripAnsi(headerLine({ ...p, width: 100 }))).toContain('MCP 3 (1 failed)');
    const narrow = stripAnsi(headerLine({ ...p, width: 52 }));
    expect(narrow).toContain('MCP 3!');
    expect(narrow).not.toContain('(1 failed)');
  });
});
