// Every settings layer beats the one below it (one test per boundary), and the merge rules for
// lists and maps, on real files in temp folders.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsFixture, type SettingsFixture } from './settings-fixture.js';

let f: SettingsFixture;
beforeEach(async () => {
  f = await settingsFixture();
  // Trusted, so the workspace's files apply fully and only the order is under test.
  await f.trust();
});
afterEach(() => f.cleanup());

const flags = (value: Record<string, unknown>, setBy: Record<string, string>) => ({ flags: { value, setBy } });

describe('settings precedence', () => {
  it('flags beat the environment', async () => {
    const r = await f.check({ env: { ANTHROPIC_MODEL: 'env-model' }, ...flags({ model: 'flag-model' }, { model: '--model' }) });
    expect(r.settings.model).toBe('flag-model');
    expect(r.sources.get('model')?.label).toBe('--model');
  });

  it('the environment beats the workspace .env', async () => {
    await f.write('dotenv', 'ANTHROPIC_MODEL=dotenv-model\n');
    const r = await f.check({ env: { ANTHROPIC_MODEL: 'env-model' } });
    expect(r.settings.model).toBe('env-model');
    expect(r.sources.get('model')?.label).toBe('env ANTHROPIC_MODEL');
  });

  it('the workspace .env beats settings.local.json', async () => {
    await f.write('dotenv', 'ANTHROPIC_MODEL=dotenv-model\n');
    await f.write('local', { model: 'local-model' });
    const r = await f.check();
    expect(r.settings.model).toBe('dotenv-model');
    expect(r.sources.get('model')?.label).toBe('.env ANTHROPIC_MODEL');
  });

  it('settings.local.json beats settings.json', async () => {
    await f.write('local', { model: 'local-model' });
    await f.write('project', { model: 'project-model' });
    const r = await f.check();
    expect(r.settings.model).toBe('local-model');
    expect(r.sources.get('model')?.label).toBe('.inkling/settings.local.json');
  });

  it("the project's settings.json beats .mcp.json for a server of the same name", async () => {
    await f.write('mcpJson', { mcpServers: { docs: { command: 'from-mcp-json' } } });
    await f.write('project', { mcpServers: { docs: { command: 'from-project' } } });
    const r = await f.check();
    expect(r.settings.mcpServers.docs).toEqual({ command: 'from-project' });
    expect(r.sources.get('mcpServers.docs')?.label).toBe('.inkling/settings.json');
  });

  it('.mcp.json beats the user settings for a server of the same name', async () => {
    await f.write('user', { mcpServers: { docs: { command: 'from-user' } } });
    await f.write('mcpJson', { mcpServers: { docs: { url: 'http://127.0.0.1:9/mcp' } } });
    const r = await f.check();
    expect(r.settings.mcpServers.docs).toEqual({ url: 'http://127.0.0.1:9/mcp' });
  });

  it('the project settings beat the user settings', async () => {
    await f.write('user', { model: 'user-model', theme: 'light' });
    await f.write('project', { model: 'project-model' });
    const r = await f.check();
    expect(r.settings.model).toBe('project-model');
    // A key the project does not set still comes from the user.
    expect(r.settings.theme).toBe('light');
    expect(r.sources.get('theme')?.label).toMatch(/settings\.json$/);
  });

  it('the user settings beat the defaults', async () => {
    await f.write('user', { maxIterations: 7, permissions: { mode: 'plan' } });
    const r = await f.check();
    expect(r.settings.maxIterations).toBe(7);
    expect(r.settings.permissions.mode).toBe('plan');
    // Keys beside it in the same object keep their defaults.
    expect(r.settings.permissions.allow).toEqual([]);
    expect(r.sources.get('bashTimeoutMs')?.label).toBe('default');
    expect(r.settings.bashTimeoutMs).toBe(120_000);
  });

  it('concatenates permission lists across every layer, flags included, each with its source', async () => {
    await f.write('user', { permissions: { allow: ['bash(npm test)'], deny: ['bash(rm:*)'] } });
    await f.write('project', { permissions: { allow: ['edit(src/**)'], ask: ['bash(git push:*)'] } });
    await f.write('local', { permissions: { allow: ['bash(make)'] } });
    const r = await f.check(flags({ permissions: { allow: ['read'] } }, { 'permissions.allow': '--allowed-tools' }));
    expect(r.settings.permissions.allow).toEqual(['bash(npm test)', 'edit(src/**)', 'bash(make)', 'read']);
    expect(r.settings.permissions.ask).toEqual(['bash(git push:*)']);
    expect(r.settings.permissions.deny).toEqual(['bash(rm:*)']);
    expect(r.sources.get('permissions.allow[1]')?.label).toBe('.inkling/settings.json');
    expect(r.sources.get('permissions.allow[3]')?.label).toBe('--allowed-tools');
  });

  it('merges env and mcpServers by key', async () => {
    await f.write('user', { env: { A: 'user', B: 'user' }, mcpServers: { one: { command: 'a' }, two: { command: 'b' } } });
    await f.write('project', { env: { B: 'project' }, mcpServers: { two: { command: 'c', args: ['x'] } } });
    const r = await f.check();
    expect(r.settings.env).toEqual({ A: 'user', B: 'project' });
    expect(r.settings.mcpServers).toEqual({ one: { command: 'a' }, two: { command: 'c', args: ['x'] } });
  });

  it('reads ANTHROPIC_* variables only for the anthropic provider, OPENAI_* for the others', async () => {
    const env = { ANTHROPIC_MODEL: 'claude-x', OPENAI_MODEL: 'gpt-x', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };
    expect((await f.check({ env })).settings.model).toBe('claude-x');
    const openai = await f.check({ env: { ...env, INKLING_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-fake-openai' } });
    expect(openai.settings).toMatchObject({ provider: 'openai', model: 'gpt-x', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(openai.credentials).toEqual({ name: 'OPENAI_API_KEY', value: 'sk-test-fake-openai', from: 'env' });
  });
});
