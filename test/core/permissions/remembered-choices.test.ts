// "Yes, always" is the person's: it goes to $INKLING_HOME/permissions/<workspace-key>.json, sticks
// across restarts in an untrusted workspace (the real config resolution, gate, loop and bash), is
// never written under the workspace, survives `config trust --revoke`, and `inkling config` names
// its file as the rules' origin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args.js';
import { resolveConfig } from '../../../src/cli/config.js';
import { printResolved } from '../../../src/cli/config-print.js';
import { sessionPermissions } from '../../../src/cli/permission-session.js';
import { checkSettings } from '../../../src/core/config/resolve.js';
import { recordTrust, revokeTrust } from '../../../src/core/config/trust.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { forgetChoice, readRememberedChoices, rememberChoice, rememberedChoicesFile } from '../../../src/core/permissions/remembered-choices.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { respond, testProvider, text, toolUse } from '../../helpers/test-provider.js';

let home: string;
let ws: string;
beforeEach(() => {
  home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-remember-home-')));
  ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-remember-ws-')));
});
afterEach(() => {
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(ws, { recursive: true, force: true });
});

const env = () => ({ INKLING_HOME: home, PATH: process.env.PATH ?? '' });

/** One start of inkling as the TUI does it: settings resolved, the gate built, one turn run. */
async function start(command: string, answer?: 'yes-always') {
  const config = await resolveConfig(parseArgs([]), env(), ws);
  const { gate } = sessionPermissions(config, undefined);
  const provider = testProvider([respond([toolUse('b', 'bash', { command })]), respond([text('ok')])]);
  const agent = createAgent({ provider, model: 'test', workspaceRoot: ws, maxTokens: 1000, tools: [bashTool], permissions: gate, streamRetry: { baseDelayMs: 1 } });
  const events: AgentEvent[] = [];
  for await (const e of agent.run('go')) {
    events.push(e);
    if (e.type === 'approval_request' && answer) agent.respondToApproval!(e.id, { kind: answer });
  }
  return { config, events, asked: events.filter((e) => e.type === 'approval_request').length };
}

describe('remembered choices', () => {
  it('"yes, always" in an untrusted workspace sticks across restarts and never writes under the workspace', async () => {
    const first = await start('touch one.txt', 'yes-always');
    expect(first.config.report?.trust.trusted).toBe(false);
    expect(first.asked).toBe(1);
    const file = rememberedChoicesFile(home, ws);
    expect(first.events.find((e) => e.type === 'approval_response')).toMatchObject({ savedTo: file });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ version: 1, allow: [{ rule: 'bash(touch:*)', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }] });
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');
    expect(fs.readdirSync(ws)).toEqual(['one.txt']);

    const second = await start('touch two.txt');
    expect(second.asked).toBe(0);
    expect(fs.existsSync(path.join(ws, 'two.txt'))).toBe(true);
    expect(fs.readdirSync(ws).sort()).toEqual(['one.txt', 'two.txt']);
  });

  it('inkling config names the file as the rule\'s origin; trust --revoke leaves the rules', async () => {
    const file = rememberedChoicesFile(home, ws);
    await rememberChoice(file, 'bash(npm test:*)');
    await recordTrust(path.join(home, 'trust.json'), ws);
    expect(await revokeTrust(path.join(home, 'trust.json'), ws)).toBe(true);
    const config = await resolveConfig(parseArgs([]), env(), ws);
    expect(config.settings.permissions.allow).toEqual(['bash(npm test:*)']);
    const printed = printResolved(await checkSettings({ home, workspaceRoot: ws, env: env() }));
    const shown = path.relative(os.homedir(), file).startsWith('..') ? file : `~/${path.relative(os.homedir(), file)}`;
    expect(printed).toContain(`permissions.allow[0]`);
    expect(printed).toMatch(new RegExp(`permissions\\.allow\\[0\\]\\s+"bash\\(npm test:\\*\\)"\\s+${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('rules in .inkling/settings.local.json still apply once the workspace is trusted', async () => {
    fs.mkdirSync(path.join(ws, '.inkling'));
    fs.writeFileSync(path.join(ws, '.inkling', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['bash(make:*)'] } }));
    await rememberChoice(rememberedChoicesFile(home, ws), 'bash(npm test:*)');
    expect((await resolveConfig(parseArgs([]), env(), ws)).settings.permissions.allow).toEqual(['bash(npm test:*)']);
    await recordTrust(path.join(home, 'trust.json'), ws);
    expect((await resolveConfig(parseArgs([]), env(), ws)).settings.permissions.allow).toEqual(['bash(make:*)', 'bash(npm test:*)']);
  });

  it('keeps a rule once, keeps two quick answers, forgets one, and leaves a broken file alone', async () => {
    const file = rememberedChoicesFile(home, ws);
    await Promise.all([rememberChoice(file, 'edit(src/**)'), rememberChoice(file, 'bash(ls:*)'), rememberChoice(file, 'edit(src/**)')]);
    const read = await readRememberedChoices(file);
    expect(read.ok && read.allow.map((c) => c.rule)).toEqual(['edit(src/**)', 'bash(ls:*)']);
    expect(await forgetChoice(file, 'edit(src/**)')).toBe(true);
    expect(await forgetChoice(file, 'edit(src/**)')).toBe(false);
    fs.writeFileSync(file, '{ not json');
    expect(await rememberChoice(file, 'bash(x:*)')).toEqual({ error: `${file} is not valid JSON; the rule was not saved (fix or remove the file)` });
    expect(fs.readFileSync(file, 'utf8')).toBe('{ not json');
    const config = await resolveConfig(parseArgs([]), env(), ws);
    expect(config.report?.diagnostics.map((d) => d.message).join('\n')).toMatch(/permissions\/.*\.json: invalid JSON/);
  });
});
