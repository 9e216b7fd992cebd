// Server entries to launches: ${VAR} expansion (never inkling's keys), names, which values count
// as secret; the header summary's words.
import { describe, expect, it } from 'vitest';
import { describeServer, prepareServer, serverNameProblem, type McpServerEntry } from '../../../src/core/mcp/server-config.js';
import { summaryText } from '../../../src/core/mcp/status.js';

const opts = { env: { HOME_DIR: '/home/me', TOKEN: 'sk-test-fake-token-123456', SHORT: 'abc' }, secretEnvNames: ['ANTHROPIC_API_KEY'], baseDir: '/ws' };
const entry = (settings: McpServerEntry['settings'], name = 'srv'): McpServerEntry => ({ name, settings, source: 'user' });

describe('prepareServer', () => {
  it('expands ${VAR} and ${VAR:-default} in command, args, env, url and headers', () => {
    expect(prepareServer(entry({ command: '${HOME_DIR}/bin/srv', args: ['--dir', '${DATA:-/tmp/data}'], env: { API_TOKEN: '${TOKEN}' }, cwd: 'sub' }), opts)).toEqual({
      ok: true,
      launch: { kind: 'stdio', command: '/home/me/bin/srv', args: ['--dir', '/tmp/data'], env: { API_TOKEN: 'sk-test-fake-token-123456' }, cwd: '/ws/sub' },
      secrets: ['sk-test-fake-token-123456'],
    });
    expect(prepareServer(entry({ url: 'https://x.test/${SHORT}', headers: { Authorization: 'Bearer ${TOKEN}' } }), opts)).toEqual({
      ok: true,
      launch: { kind: 'remote', transport: 'auto', url: 'https://x.test/abc', headers: { Authorization: 'Bearer sk-test-fake-token-123456' } },
      secrets: ['sk-test-fake-token-123456', 'Bearer sk-test-fake-token-123456'],
    });
  });

  it('counts every header value, expanded values and env values of secret-looking names as secret (8+ characters)', () => {
    const r = prepareServer(entry({ command: 'srv', env: { GITHUB_TOKEN: 'ghp_literal_value_1', NODE_ENV: 'production', PASSWORD: 'short' } }), opts);
    expect(r.ok && r.secrets).toEqual(['ghp_literal_value_1']);
  });

  it('refuses inkling’s own key variables and unset variables, naming where', () => {
    expect(prepareServer(entry({ command: 'srv', env: { K: '${ANTHROPIC_API_KEY}' } }), { ...opts, env: { ANTHROPIC_API_KEY: 'sk-test-fake-k' } })).toEqual({
      ok: false,
      reason: "env.K: ${ANTHROPIC_API_KEY} is not expanded (inkling's own API keys never go to MCP servers)",
    });
    expect(prepareServer(entry({ url: '${NOPE}/mcp' }), opts)).toEqual({ ok: false, reason: 'url: ${NOPE} is not set in the environment' });
  });

  it('refuses a URL that is not http(s)', () => {
    expect(prepareServer(entry({ url: 'ftp://x.test' }), opts)).toEqual({ ok: false, reason: 'url must be http(s), got "ftp:"' });
    expect(prepareServer(entry({ url: 'not a url' }), opts)).toEqual({ ok: false, reason: 'url is not a URL: "not a url"' });
  });
});

describe('server names', () => {
  it.each([
    ['github', null],
    ['my-server_2', null],
    ['a__b', 'server name "a__b" may not contain "__" (tool names are mcp__<server>__<tool>)'],
    ['has space', 'server name "has space" may only use letters, digits, - and _ (at most 40)'],
    ['', 'server name "" may only use letters, digits, - and _ (at most 40)'],
  ])('%j → %j', (name, problem) => expect(serverNameProblem(name)).toBe(problem));
});

it('describes a server by its command line or URL, never its env or headers', () => {
  expect(describeServer({ command: 'npx', args: ['-y', 'pkg'], env: { T: 'secret-value-1' } })).toBe('npx -y pkg');
  expect(describeServer({ type: 'sse', url: 'https://x.test/sse', headers: { A: 'secret-value-1' } })).toBe('sse https://x.test/sse');
  expect(describeServer({ url: 'https://x.test/mcp' })).toBe('http https://x.test/mcp');
});

it.each([
  [{ total: 0, ready: 0, starting: 0, failed: 0, reconnecting: 0, disabled: 0, needsLogin: 0 }, ''],
  [{ total: 3, ready: 3, starting: 0, failed: 0, reconnecting: 0, disabled: 0, needsLogin: 0 }, 'MCP 3'],
  [{ total: 3, ready: 2, starting: 0, failed: 1, reconnecting: 0, disabled: 0, needsLogin: 0 }, 'MCP 3 (1 failed)'],
  [{ total: 3, ready: 0, starting: 2, failed: 0, reconnecting: 1, disabled: 0, needsLogin: 0 }, 'MCP 3 (2 starting, 1 reconnecting)'],
  [{ total: 2, ready: 1, starting: 0, failed: 0, reconnecting: 0, disabled: 0, needsLogin: 1 }, 'MCP 2 (1 needs login)'],
])('the header says %j as %j', (summary, text) => expect(summaryText(summary)).toBe(text));
