// A settings file that is wrong says exactly what and where, and only that file is ignored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsFixture, type SettingsFixture } from './settings-fixture.js';

let f: SettingsFixture;
beforeEach(async () => {
  f = await settingsFixture();
});
afterEach(() => f.cleanup());

const messages = (r: Awaited<ReturnType<SettingsFixture['check']>>) => r.diagnostics.map((d) => `${d.severity}: ${d.message}`);

describe('invalid settings files', () => {
  it('names the file, the field, what was expected and what it got; the file is ignored, others apply', async () => {
    await f.write('project', { model: 'project-model', permissions: { allow: ['bash(npm test)', 'edit(src/**)', 42] } });
    await f.write('user', { theme: 'light' });
    const r = await f.check();
    expect(messages(r)).toEqual([
      'error: .inkling/settings.json: permissions.allow[2]: expected a string like "bash(npm test)", got 42',
      'error: .inkling/settings.json: the file is ignored until this is fixed',
    ]);
    expect(r.settings.model).toBeUndefined();
    expect(r.settings.theme).toBe('light');
    expect(r.files.find((x) => x.layer === 'project')?.status).toBe('invalid');
  });

  it.each([
    [{ maxTokens: 'lots' }, 'maxTokens: expected a positive whole number, got "lots"'],
    [{ maxTokens: 2.5 }, 'maxTokens: expected a positive whole number, got 2.5'],
    [{ thinking: 500 }, 'thinking: expected a token budget of at least 1024, or false, got 500'],
    [{ permissions: { mode: 'sometimes' } }, 'permissions.mode: expected one of "default", "accept-edits", "plan", "auto", "yolo", got "sometimes"'],
    [{ sandbox: { network: 'yes' } }, 'sandbox.network: expected true or false, got "yes"'],
    [{ baseUrl: 'ftp://x' }, 'baseUrl: expected an http(s) URL, got "ftp://x"'],
    [{ mcpServers: { gh: { args: ['x'] } } }, 'mcpServers.gh: expected a server with "command" (a program to start) or "url" (an HTTP server), got an object'],
    [{ mcpServers: { gh: { command: '' } } }, 'mcpServers.gh.command: expected the program to run, like "npx", got ""'],
    [{ mcpServers: { gh: { url: 'nope' } } }, 'mcpServers.gh.url: expected an http(s) URL, got "nope"'],
    [{ mcpServers: { gh: { command: 'npx', env: { TOKEN: 7 } } } }, 'mcpServers.gh.env.TOKEN: expected a string, got 7'],
    [{ env: { GITHUB_TOKEN: 5 } }, 'env.GITHUB_TOKEN: expected a string, got 5'],
    [{ permissions: ['bash'] }, 'permissions: expected an object like { "allow": ["bash(npm test)"] }, got a list'],
  ])('%j → %s', async (content, message) => {
    await f.write('user', content);
    const r = await f.check();
    expect(r.diagnostics[0]?.message).toBe(`${f.home}/settings.json: ${message}`);
    expect(r.diagnostics[0]?.severity).toBe('error');
  });

  it('warns about an unknown key (with the likely name) and applies the rest of the file', async () => {
    await f.write('project', { model: 'm', permisions: { allow: [] }, sandbox: { mode: 'workspace', colour: 'red' } });
    const r = await f.check();
    expect(messages(r)).toEqual([
      'warning: .inkling/settings.json: unknown setting "sandbox.colour" (ignored)',
      'warning: .inkling/settings.json: unknown setting "permisions" (ignored); did you mean "permissions"?',
    ]);
    expect(r.settings.model).toBe('m');
    expect(r.settings.sandbox.mode).toBe('workspace');
  });

  it('says statusLine was removed, and applies the rest of the file', async () => {
    await f.write('project', { model: 'm', statusLine: { cost: false } });
    const r = await f.check();
    expect(messages(r)).toEqual(['warning: .inkling/settings.json: "statusLine" is no longer a setting: its switches never changed the status line, so they were removed (ignored)']);
    expect(r.settings.model).toBe('m');
  });

  it('says where broken JSON breaks (line and column) and ignores the file', async () => {
    await f.write('local', '{\n  "model": "x",\n  "theme": "dark"\n  "maxTokens": 5\n}\n');
    const r = await f.check();
    expect(messages(r)).toEqual([`error: .inkling/settings.local.json: invalid JSON at line 4, column 3: expected a comma; the file is ignored`]);
    expect(r.settings.theme).toBe('auto');
  });

  it('refuses comments and trailing commas, which JSON does not have', async () => {
    await f.write('user', '{\n  // mine\n  "model": "x"\n}');
    expect((await f.check()).diagnostics[0]?.message).toMatch(/line 2, column 3: comments are not allowed in JSON; the file is ignored$/);
    await f.write('user', '{ "model": "x", }');
    expect((await f.check()).diagnostics[0]?.message).toMatch(/line 1, column 17: expected a property name in double quotes/);
  });

  it('takes an empty file as no settings, and a file that is not an object as an error', async () => {
    await f.write('user', '');
    expect((await f.check()).diagnostics).toEqual([]);
    await f.write('user', '["model"]');
    expect((await f.check()).diagnostics[0]?.message).toBe(`${f.home}/settings.json: expected an object of settings ({ ... }), got a list`);
  });

  it('reports a bad value in the environment by its variable, apart from file problems', async () => {
    const r = await f.check({ env: { ANTHROPIC_BASE_URL: 'not a url', INKLING_THEME: 'pink' } });
    expect(r.environmentProblems.map((d) => d.message)).toEqual([
      'ANTHROPIC_BASE_URL: expected an http(s) URL, got "not a url"',
      'INKLING_THEME: expected one of "dark", "light", "auto", got "pink"',
    ]);
    expect(r.settings.baseUrl).toBeUndefined();
  });
});
