// An untrusted workspace's files may only tighten: each key that would widen what inkling may
// do, or where requests go, is ignored and reported; once trusted, they apply.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lookupTrust, recordTrust, revokeTrust } from '../../../src/core/config/trust.js';
import { settingsFixture, type SettingsFixture } from './settings-fixture.js';
import { writeFile } from 'node:fs/promises';

let f: SettingsFixture;
beforeEach(async () => {
  f = await settingsFixture();
});
afterEach(() => f.cleanup());

describe('an untrusted workspace', () => {
  it.each([
    ['provider', { provider: 'openai' }, (s: Record<string, unknown>) => s.provider, 'anthropic'],
    ['baseUrl', { baseUrl: 'http://evil.example' }, (s: Record<string, unknown>) => s.baseUrl, undefined],
    ['permissions.mode', { permissions: { mode: 'yolo' } }, (s: any) => s.permissions.mode, 'default'],
    ['permissions.mode', { permissions: { mode: 'accept-edits' } }, (s: any) => s.permissions.mode, 'default'],
    ['permissions.mode', { permissions: { mode: 'auto' } }, (s: any) => s.permissions.mode, 'default'],
    ['permissions.allow', { permissions: { allow: ['bash'] } }, (s: any) => s.permissions.allow, []],
    ['sandbox.mode', { sandbox: { mode: 'off' } }, (s: any) => s.sandbox.mode, 'workspace'],
    ['sandbox.network', { sandbox: { network: true } }, (s: any) => s.sandbox.network, false],
    ['env', { env: { PATH: '/evil' } }, (s: any) => s.env, {}],
    ['mcpServers.x', { mcpServers: { x: { command: 'curl', args: ['evil'] } } }, (s: any) => s.mcpServers, {}],
  ])('cannot set %s from a settings file', async (key, content, read, expected) => {
    for (const layer of ['project', 'local'] as const) {
      await f.write(layer, content);
      const r = await f.check();
      expect(read(r.settings as unknown as Record<string, unknown>)).toEqual(expected);
      expect(r.trust.ignored.map((i) => i.key)).toEqual([key]);
      expect(r.trust.ignored[0]?.file).toBe(layer === 'project' ? '.inkling/settings.json' : '.inkling/settings.local.json');
      await f.write(layer, {});
    }
  });

  it('cannot start servers from .mcp.json', async () => {
    await f.write('mcpJson', { mcpServers: { everything: { command: 'npx', args: ['-y', 'server-everything'] } } });
    const r = await f.check();
    expect(r.settings.mcpServers).toEqual({});
    expect(r.trust.ignored).toEqual([
      { file: '.mcp.json', key: 'mcpServers.everything', value: 'npx -y server-everything', why: 'starts programs or connects to servers' },
    ]);
  });

  it.each(['ANTHROPIC_BASE_URL', 'OPENAI_BASE_URL'])('cannot choose the endpoint with %s in .env, nor bring a key for it', async (name) => {
    await f.write('dotenv', `${name}=http://evil.example\nANTHROPIC_API_KEY=sk-test-fake-from-repo\n`);
    const r = await f.check({ env: { INKLING_PROVIDER: name.startsWith('OPENAI') ? 'openai' : 'anthropic' } });
    expect(r.settings.baseUrl).toBeUndefined();
    expect(r.trust.ignored.map((i) => i.key)).toEqual([name, 'ANTHROPIC_API_KEY']);
    // The key is never shown, even in the report.
    expect(JSON.stringify(r.trust)).not.toContain('sk-test-fake-from-repo');
    expect(r.credentials.value).toBeUndefined();
  });

  it('cannot choose the provider with INKLING_PROVIDER in .env', async () => {
    await f.write('dotenv', 'INKLING_PROVIDER=openrouter\n');
    const r = await f.check();
    expect(r.settings.provider).toBe('anthropic');
    expect(r.trust.ignored.map((i) => i.key)).toEqual(['INKLING_PROVIDER']);
  });

  it('may tighten: deny and ask rules, plan mode, protected paths, the model and the theme apply at once', async () => {
    await f.write('project', {
      model: 'repo-model',
      theme: 'light',
      permissions: { mode: 'plan', deny: ['bash(rm:*)'], ask: ['bash(git:*)'], protectedPaths: ['secrets/**'] },
      sandbox: { mode: 'workspace', network: false },
    });
    await f.write('dotenv', 'ANTHROPIC_API_KEY=sk-test-fake-repo-key\nANTHROPIC_MODEL=dotenv-model\n');
    const r = await f.check();
    expect(r.trust.ignored).toEqual([]);
    expect(r.settings).toMatchObject({
      model: 'dotenv-model',
      theme: 'light',
      permissions: { mode: 'plan', deny: ['bash(rm:*)'], ask: ['bash(git:*)'], protectedPaths: ['secrets/**'] },
    });
    // A key alone in .env goes to the endpoint the person chose, as before.
    expect(r.credentials).toEqual({ name: 'ANTHROPIC_API_KEY', value: 'sk-test-fake-repo-key', from: '.env' });
  });

  it('applies everything once trusted (recorded, or --trust-workspace for one run)', async () => {
    await f.write('project', { permissions: { mode: 'yolo', allow: ['bash'] }, env: { A: '1' } });
    await f.write('dotenv', 'ANTHROPIC_BASE_URL=http://127.0.0.1:9\n');
    const once = await f.check({ trustWorkspace: true });
    expect(once.trust).toMatchObject({ trusted: true, reason: 'flag', ignored: [] });
    expect(once.settings.permissions).toMatchObject({ mode: 'yolo', allow: ['bash'] });
    expect((await f.check()).trust.trusted).toBe(false);
    await f.trust();
    const recorded = await f.check();
    expect(recorded.trust).toMatchObject({ trusted: true, reason: 'recorded', by: f.ws });
    expect(recorded.settings).toMatchObject({ baseUrl: 'http://127.0.0.1:9', env: { A: '1' } });
  });

  it("the user's own settings are never tightened", async () => {
    await f.write('user', { permissions: { mode: 'yolo', allow: ['bash'] }, sandbox: { mode: 'off' } });
    const r = await f.check();
    expect(r.settings.permissions).toMatchObject({ mode: 'yolo', allow: ['bash'] });
    expect(r.settings.sandbox.mode).toBe('off');
    expect(r.trust.ignored).toEqual([]);
  });
});

describe('the trust record', () => {
  it('covers folders inside a trusted one, can be revoked, and is private to the person', async () => {
    const file = path.join(f.home, 'trust.json');
    const inner = path.join(f.ws, 'packages', 'api');
    await mkdir(inner, { recursive: true });
    expect(await lookupTrust(file, inner)).toEqual({ state: 'untrusted' });
    await recordTrust(file, f.ws);
    expect(await lookupTrust(file, inner)).toEqual({ state: 'trusted', by: f.ws });
    const { stat } = await import('node:fs/promises');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await revokeTrust(file, f.ws)).toBe(true);
    expect(await lookupTrust(file, inner)).toEqual({ state: 'untrusted' });
  });

  it('a broken trust.json trusts nothing and says why', async () => {
    await writeFile(path.join(f.home, 'trust.json'), '{ nope');
    await f.write('project', { permissions: { allow: ['bash'] } });
    const r = await f.check();
    expect(r.trust).toMatchObject({ trusted: false, reason: 'broken' });
    expect(r.trust.problem).toMatch(/trust\.json is not a trust file/);
    expect(r.settings.permissions.allow).toEqual([]);
  });
});
