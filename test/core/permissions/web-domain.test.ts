// web_fetch's permission branch in the real loop and scheduler, fetching from a real local server:
// a new domain asks once (a plain yes covers it for the session), "always" goes to the person's
// remembered-choice store, yolo allows, -p denies with a message that says how to allow it, and
// the domain: rule grammar.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import type { ApprovalDecision, PermissionMode } from '../../../src/core/permissions/approval.js';
import { parseRules, PermissionGate } from '../../../src/core/permissions/gate.js';
import { readRememberedChoices } from '../../../src/core/permissions/remembered-choices.js';
import { parseRule } from '../../../src/core/permissions/rules.js';
import { createWebFetchTool } from '../../../src/core/tools/web_fetch.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { startPageServer, type PageServer } from '../../helpers/web-pages.js';

let root: string;
let server: PageServer;
beforeAll(async () => {
  server = await startPageServer();
});
afterAll(() => server.close());
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-web-perm-')));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

// Two names for the one local server: both resolve to 127.0.0.1 through the injected lookup.
const HOSTS = ['docs.test', 'other.test'];

function setup(responders: Responder[], opts: { mode?: PermissionMode; canAsk?: boolean; allow?: string[] } = {}) {
  const rememberedFile = path.join(root, 'home', 'permissions', 'ws.json');
  const gate = new PermissionGate({
    mode: opts.mode ?? 'default',
    rules: { allow: parseRules(opts.allow ?? [], 'test').rules, ask: [], deny: [] },
    workspaceRoot: root,
    home: os.homedir(),
    canAsk: opts.canAsk ?? true,
    rememberedFile,
  });
  const webFetch = createWebFetchTool({
    lookup: async (host) => (HOSTS.includes(host) ? [{ address: '127.0.0.1', family: 4 }] : []),
    // The guard lets these local names through as a rule naming them would.
    hostNamedByRule: (host) => HOSTS.includes(host),
    beforeConnect: (t) => {
      if (t.address !== '127.0.0.1') throw new Error(`a socket to ${t.address} was attempted`);
    },
  });
  const agent = createAgent({ provider: testProvider(responders), model: 'test', workspaceRoot: root, maxTokens: 1000, tools: [webFetch], permissions: gate, streamRetry: { baseDelayMs: 1 } });
  return { agent, gate, rememberedFile };
}

const page = (host: string, p = '/article') => `http://${host}:${server.port}${p}`;

async function run(agent: ReturnType<typeof setup>['agent'], answers: ApprovalDecision[]) {
  const events: AgentEvent[] = [];
  for await (const e of agent.run('read the docs')) {
    events.push(e);
    if (e.type === 'approval_request') agent.respondToApproval!(e.id, answers.shift() ?? { kind: 'no' });
  }
  return events;
}

const asks = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'approval_request' }> => e.type === 'approval_request');
const result = (events: AgentEvent[], id: string) => events.find((e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.id === id);

describe('web_fetch permissions', () => {
  it.each<PermissionMode>(['default', 'accept-edits', 'plan', 'auto'])('asks once per new domain in %s mode: a yes covers the domain for the session', async (mode) => {
    const { agent } = setup(
      [
        respond([toolUse('a', 'web_fetch', { url: page('docs.test') }), toolUse('b', 'web_fetch', { url: page('docs.test', '/plain.txt') }), toolUse('c', 'web_fetch', { url: page('other.test') })]),
        respond([toolUse('d', 'web_fetch', { url: page('docs.test', '/readme.md') })]),
        respond([text('done')]),
      ],
      { mode },
    );
    const events = await run(agent, [{ kind: 'yes' }, { kind: 'yes' }]);
    expect(asks(events).map((e) => [e.id, e.reason])).toEqual([
      ['a', 'a domain not fetched from before: docs.test'],
      ['c', 'a domain not fetched from before: other.test'],
    ]);
    expect(asks(events)[0]!.remember).toEqual({ label: 'pages on docs.test', rule: 'web_fetch(domain:docs.test)', onYes: true });
    for (const id of ['a', 'b', 'c', 'd']) expect(result(events, id)?.isError).toBe(false);
    expect(result(events, 'a')?.content).toContain('Parsing is the process');
  });

  it('"always" saves the domain in the person\'s remembered-choice store, not in the workspace', async () => {
    const { agent, rememberedFile } = setup([respond([toolUse('a', 'web_fetch', { url: page('docs.test') })]), respond([text('ok')])]);
    const events = await run(agent, [{ kind: 'yes-always' }]);
    expect(events.find((e) => e.type === 'approval_response')).toMatchObject({ savedTo: rememberedFile });
    const read = await readRememberedChoices(rememberedFile);
    expect(read.ok && read.allow.map((c) => c.rule)).toEqual(['web_fetch(domain:docs.test)']);
    expect(fs.readdirSync(root)).toEqual(['home']);
  });

  it('runs unasked in yolo mode and where a rule covers the domain (*.host included)', async () => {
    const yolo = setup([respond([toolUse('a', 'web_fetch', { url: page('docs.test') })]), respond([text('ok')])], { mode: 'yolo' });
    expect(asks(await run(yolo.agent, []))).toEqual([]);
    const ruled = setup([respond([toolUse('a', 'web_fetch', { url: page('docs.test') })]), respond([text('ok')])], { allow: ['web_fetch(domain:*.test)'] });
    const events = await run(ruled.agent, []);
    expect(asks(events)).toEqual([]);
    expect(result(events, 'a')?.isError).toBe(false);
  });

  it('-p denies a domain no rule covers, saying how to allow it, and the turn goes on', async () => {
    const { agent } = setup([respond([toolUse('a', 'web_fetch', { url: page('docs.test', '/plain.txt') })]), respond([text('ok')])], { canAsk: false });
    const before = server.hits('/plain.txt');
    const events = await run(agent, []);
    expect(result(events, 'a')).toMatchObject({
      isError: true,
      content: "web_fetch of docs.test needs approval: a page is fetched only from a domain the person allowed. Rerun with --allowed-tools 'web_fetch(domain:docs.test)' or --yolo.",
    });
    expect(server.hits('/plain.txt')).toBe(before);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end' });
  });

  it('a deny rule wins over yolo', async () => {
    const gate = new PermissionGate({ mode: 'yolo', rules: { allow: [], ask: [], deny: parseRules(['web_fetch(domain:docs.test)'], 'test').rules }, workspaceRoot: root, home: os.homedir(), canAsk: true });
    expect(await gate.check({ name: 'web_fetch', input: { url: 'https://docs.test/x' }, readOnly: true })).toMatchObject({ kind: 'deny' });
    expect(await gate.check({ name: 'web_fetch', input: { url: 'https://sub.docs.test/x' }, readOnly: true })).toMatchObject({ kind: 'allow' });
  });
});

describe('the domain: rule grammar', () => {
  it('takes an exact host or *.host', () => {
    expect(parseRule('web_fetch(domain:Docs.Python.org)', 't')).toMatchObject({ ok: true, rule: { specifier: { kind: 'domain', host: 'docs.python.org', subdomains: false } } });
    expect(parseRule('web_fetch(domain:*.python.org)', 't')).toMatchObject({ ok: true, rule: { specifier: { kind: 'domain', host: 'python.org', subdomains: true } } });
    expect(parseRule('web_fetch(domain:127.0.0.1)', 't')).toMatchObject({ ok: true });
    expect(parseRule('web_fetch', 't')).toMatchObject({ ok: true, rule: { specifier: { kind: 'any' } } });
  });

  it.each([
    ['web_fetch(domain:https://docs.python.org)', 'no scheme'],
    ['web_fetch(domain:localhost:8080)', 'without a port'],
    ['web_fetch(domain:docs.python.org/3/)', 'no path'],
    ['web_fetch(https://docs.python.org)', 'web_fetch takes domain:<host>'],
    ['web_fetch(domain:bad_host!)', 'is not a host name'],
  ])('%s is refused (%s)', (text, why) => {
    const r = parseRule(text, 't');
    expect(r).toMatchObject({ ok: false });
    expect(r.ok ? '' : r.problem).toContain(why);
  });
});
