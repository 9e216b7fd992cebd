// `inkling config` through the real executable: the resolved settings with their sources and
// secrets hidden, get/set/unset round trips on real files, trust, and the JSON Schema.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-Zq81xLm2Pw0';
const TOKEN = 'ghp_testfake_9Xk2Lq7Wm3';
let home: string;
let ws: string;
const outputs: BinResult[] = [];

async function inkling(args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  const r = await runBin(args, { cwd: ws, env: { INKLING_HOME: home, ...env } });
  outputs.push(r);
  return r;
}

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'inkling-home-'));
  ws = await mkdtemp(join(tmpdir(), 'inkling-ws-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});
afterAll(() => {
  for (const r of outputs) for (const secret of [KEY, TOKEN]) expect(r.stdout + r.stderr).not.toContain(secret);
});

describe('inkling config', () => {
  it('prints each resolved value with where it came from, secrets hidden', async () => {
    await writeFile(
      join(home, 'settings.json'),
      JSON.stringify({
        theme: 'light',
        env: { GITHUB_TOKEN: TOKEN, NODE_ENV: 'test' },
        mcpServers: { gh: { url: 'https://mcp.example/', headers: { Authorization: `Bearer ${TOKEN}` } } },
      }),
    );
    await mkdir(join(ws, '.inkling'));
    await writeFile(join(ws, '.inkling', 'settings.json'), JSON.stringify({ permissions: { deny: ['bash(rm:*)'] }, maxIterations: 9 }));
    const r = await inkling(['config', '--model', 'flag-model'], { ANTHROPIC_API_KEY: KEY });
    expect(r.code).toBe(0);
    const line = (key: string) => r.stdout.split('\n').find((l) => l.trimStart().startsWith(`${key} `))?.trim().split(/\s{2,}/);
    expect(line('model')).toEqual(['model', '"flag-model"', '--model']);
    expect(line('theme')).toEqual(['theme', '"light"', join(home, 'settings.json')]);
    expect(line('maxIterations')).toEqual(['maxIterations', '9', '.inkling/settings.json']);
    expect(line('permissions.deny[0]')).toEqual(['permissions.deny[0]', '"bash(rm:*)"', '.inkling/settings.json']);
    expect(line('bashTimeoutMs')).toEqual(['bashTimeoutMs', '120000', 'default']);
    expect(line('env.GITHUB_TOKEN')?.[1]).toBe('"<hidden>"');
    expect(line('env.NODE_ENV')?.[1]).toBe('"test"');
    expect(line('mcpServers.gh')?.[1]).toBe('{"url":"https://mcp.example/","headers":{"Authorization":"<hidden>"}}');
    expect(line('ANTHROPIC_API_KEY')).toEqual(['ANTHROPIC_API_KEY', '<hidden>', 'env']);
  });

  it('--json gives the same as data', async () => {
    const r = await inkling(['config', '--json'], { ANTHROPIC_MODEL: 'env-model' });
    const data = JSON.parse(r.stdout) as { settings: { model: string }; sources: Record<string, string> };
    expect(data.settings.model).toBe('env-model');
    expect(data.sources.model).toBe('env ANTHROPIC_MODEL');
  });

  it('set, get and unset round-trip through the file, keeping its other keys and formatting', async () => {
    await mkdir(join(ws, '.inkling'));
    const file = join(ws, '.inkling', 'settings.local.json');
    await writeFile(file, '{\n    "theme": "dark",\n    "permissions": { "deny": ["bash(rm:*)"] }\n}\n');
    let r = await inkling(['config', 'set', 'maxTokens', '4096', '--local']);
    expect(r.stdout).toBe('set maxTokens = 4096 in .inkling/settings.local.json\n');
    r = await inkling(['config', 'set', 'permissions.allow', '["bash(npm test)"]', '--local']);
    expect(r.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(
      '{\n    "theme": "dark",\n    "permissions": { "deny": ["bash(rm:*)"],\n        "allow": [\n            "bash(npm test)"\n        ] },\n    "maxTokens": 4096\n}\n',
    );
    expect((await inkling(['config', 'get', 'maxTokens'])).stdout).toBe('4096\n');
    // Not JSON, so taken as a string.
    await inkling(['config', 'set', 'model', 'claude-opus-4-7']);
    expect(JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))).toEqual({ model: 'claude-opus-4-7' });
    expect((await inkling(['config', 'get', 'model'])).stdout).toBe('claude-opus-4-7\n');
    r = await inkling(['config', 'unset', 'maxTokens', '--local']);
    expect(r.stdout).toBe('removed maxTokens from .inkling/settings.local.json\n');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ theme: 'dark', permissions: { deny: ['bash(rm:*)'], allow: ['bash(npm test)'] } });
  });

  it('refuses unknown keys and bad values with a clear message and exit 2', async () => {
    let r = await inkling(['config', 'set', 'colour', 'red']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown setting "colour"/);
    r = await inkling(['config', 'set', 'maxTokens', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('maxTokens: expected a positive whole number, got "lots"');
    r = await inkling(['config', 'get', 'baseUrl']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('inkling: baseUrl is not set\n');
  });

  it('trust records the workspace and says what now applies; a project setting notes it needs trust', async () => {
    let r = await inkling(['config', 'set', 'permissions.allow', '["bash"]', '--project']);
    expect(r.stdout).toMatch(/note: this workspace is not trusted, so permissions\.allow from \.inkling\/settings\.json is ignored/);
    r = await inkling(['config', 'trust']);
    expect(r.stdout).toBe(`trusted ${ws}; now applied: permissions.allow (.inkling/settings.json)\n`);
    expect((await inkling(['config', 'get', 'permissions.allow'])).stdout).toBe('[\n  "bash"\n]\n');
    r = await inkling(['config', 'trust', '--revoke']);
    expect(r.stdout).toBe(`${ws} is no longer trusted\n`);
  });

  it('--schema prints the JSON Schema of a settings file', async () => {
    const r = await inkling(['config', '--schema']);
    const schema = JSON.parse(r.stdout) as { properties: Record<string, { description?: string }> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['model', 'permissions', 'mcpServers', 'theme', 'bashTimeoutMs']));
    expect(schema.properties.theme?.description).toMatch(/auto asks the terminal/);
  });

  it('a subcommand name is a subcommand, not a prompt (every one is built now)', async () => {
    const r = await inkling(['mcp']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^No MCP servers configured/);
  });
});
