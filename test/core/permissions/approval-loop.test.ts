// The permission gate inside the real loop and scheduler, with the real file tools and bash on a
// temp workspace: asking, answering, remembering, declining with a message, -p, plan, interrupt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import type { ApprovalDecision, PermissionMode } from '../../../src/core/permissions/approval.js';
import { parseRules, PermissionGate } from '../../../src/core/permissions/gate.js';
import { rememberedChoicesFile } from '../../../src/core/permissions/remembered-choices.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';

let root: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-perm-')));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function setup(responders: Responder[], opts: { mode?: PermissionMode; canAsk?: boolean; allow?: string[] } = {}) {
  const gate = new PermissionGate({
    mode: opts.mode ?? 'default',
    rules: { allow: parseRules(opts.allow ?? [], 'test').rules, ask: [], deny: [] },
    workspaceRoot: root,
    home: os.homedir(),
    canAsk: opts.canAsk ?? true,
  });
  const provider = testProvider(responders);
  const agent = createAgent({ provider, model: 'test', workspaceRoot: root, maxTokens: 1000, tools: [...fileTools(), bashTool], permissions: gate, streamRetry: { baseDelayMs: 1 } });
  return { agent, provider, gate };
}

/** Runs a turn, answering each approval_request with the next decision. */
async function runAnswering(agent: ReturnType<typeof setup>['agent'], prompt: string, answers: ApprovalDecision[], opts: { signal?: AbortSignal; onAsk?: (e: AgentEvent) => void } = {}) {
  const events: AgentEvent[] = [];
  for await (const e of agent.run(prompt, opts.signal ? { signal: opts.signal } : {})) {
    events.push(e);
    if (e.type === 'approval_request') {
      opts.onAsk?.(e);
      const answer = answers.shift();
      if (answer) expect(agent.respondToApproval!(e.id, answer)).toBe(true);
    }
  }
  return events;
}

const statuses = (events: AgentEvent[], id: string) => events.flatMap((e) => (e.type === 'tool_status' && e.id === id ? [e.status] : []));
const resultOf = (events: AgentEvent[], id: string) => events.find((e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.id === id);

describe('approvals in the loop', () => {
  it('asks before an edit with the exact diff, and writes only after yes', async () => {
    fs.writeFileSync(path.join(root, 'a.txt'), 'one\ntwo\n');
    const { agent } = setup([
      respond([toolUse('r', 'read_file', { path: 'a.txt' }), toolUse('e', 'edit_file', { path: 'a.txt', old_string: 'two', new_string: 'TWO' })]),
      respond([text('done')]),
    ]);
    let before = '';
    const events = await runAnswering(agent, 'edit', [{ kind: 'yes' }], { onAsk: () => (before = fs.readFileSync(path.join(root, 'a.txt'), 'utf8')) });
    const ask = events.find((e) => e.type === 'approval_request');
    expect(ask).toMatchObject({ id: 'e', tool: 'edit_file', waiting: 0, remember: { rule: 'edit(a.txt)' } });
    expect(ask?.type === 'approval_request' && ask.preview).toMatchObject({ kind: 'edit', path: 'a.txt', created: false, hunks: [{ oldLines: ['two'], newLines: ['TWO'] }] });
    expect(before).toBe('one\ntwo\n');
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('one\nTWO\n');
    expect(statuses(events, 'e')).toEqual(['queued', 'awaiting_approval', 'running', 'done']);
    expect(statuses(events, 'r')).toEqual(['queued', 'running', 'done']);
    expect(events.find((e) => e.type === 'approval_response')).toMatchObject({ id: 'e', decision: { kind: 'yes' } });
  });

  it('sends the person\'s message to the model when they decline', async () => {
    const { agent, provider } = setup([respond([toolUse('b', 'bash', { command: 'touch made.txt' })]), respond([text('ok')])]);
    const events = await runAnswering(agent, 'go', [{ kind: 'no', message: 'use the Makefile instead' }]);
    expect(fs.existsSync(path.join(root, 'made.txt'))).toBe(false);
    expect(statuses(events, 'b')).toEqual(['queued', 'awaiting_approval', 'denied']);
    expect(resultOf(events, 'b')).toMatchObject({ isError: true, content: 'The person declined this tool call; it was not run. They said: use the Makefile instead' });
    const sent = JSON.stringify(provider.requests[1]!.messages.at(-1));
    expect(sent).toContain('use the Makefile instead');
    const ask = events.find((e) => e.type === 'approval_request');
    expect(ask?.type === 'approval_request' && ask.preview).toEqual({ kind: 'command', command: 'touch made.txt', cwd: root, findings: ['touch of 1 path'] });
  });

  it('Esc (stop) declines the call and ends the turn: nothing after it runs, the model is not asked again, the conversation stays valid', async () => {
    fs.writeFileSync(path.join(root, 'a.txt'), 'one\n');
    const { agent, provider } = setup([
      respond([toolUse('r', 'read_file', { path: 'a.txt' }), toolUse('b1', 'bash', { command: 'touch one.txt' }), toolUse('b2', 'bash', { command: 'touch two.txt' })]),
      respond([text('should not be asked for')]),
      respond([text('fine')]),
    ]);
    const events = await runAnswering(agent, 'go', [{ kind: 'stop' }, { kind: 'yes' }]);
    expect(events.filter((e) => e.type === 'approval_request').map((e) => e.type === 'approval_request' && e.id)).toEqual(['b1']);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(provider.requests).toHaveLength(1);
    expect(resultOf(events, 'r')?.isError).toBe(false);
    expect(resultOf(events, 'b1')).toMatchObject({ isError: true, content: 'The person declined this tool call and stopped the turn; it was not run. Wait for their next message.' });
    expect(resultOf(events, 'b2')).toMatchObject({ isError: true, content: 'Not run: the person stopped the turn at an earlier call.' });
    expect(fs.existsSync(path.join(root, 'one.txt')) || fs.existsSync(path.join(root, 'two.txt'))).toBe(false);

    // The next turn sends a conversation where every tool_use has its result, in order.
    await runAnswering(agent, 'do something else', []);
    const sent = provider.requests[1]!.messages;
    const uses = sent.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id) : []));
    const results = sent.flatMap((m) => (m.role === 'user' && Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result').map((b) => (b as { tool_use_id: string }).tool_use_id) : []));
    expect(uses).toEqual(['r', 'b1', 'b2']);
    expect(results).toEqual(uses);
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sent.at(-1))).toContain('do something else');
  });

  it('does not ask again this session for a remembered prefix, and asks for other commands', async () => {
    const { agent } = setup([
      respond([toolUse('b1', 'bash', { command: 'touch one.txt' })]),
      respond([toolUse('b2', 'bash', { command: 'touch two.txt' }), toolUse('b3', 'bash', { command: 'mkdir d' })]),
      respond([text('ok')]),
    ]);
    const asked: string[] = [];
    await runAnswering(agent, 'go', [{ kind: 'yes-session' }, { kind: 'yes' }], { onAsk: (e) => e.type === 'approval_request' && asked.push(e.id) });
    expect(asked).toEqual(['b1', 'b3']);
    expect(fs.existsSync(path.join(root, 'two.txt'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'd'))).toBe(true);
  });

  it('saves "yes, always" as an allow rule in the remembered choices, not in the workspace', async () => {
    const { agent } = setup([respond([toolUse('b', 'bash', { command: 'touch x.txt' })]), respond([text('ok')])]);
    const events = await runAnswering(agent, 'go', [{ kind: 'yes-always' }]);
    const file = rememberedChoicesFile(process.env.INKLING_HOME!, root);
    expect(events.find((e) => e.type === 'approval_response')).toMatchObject({ savedTo: file });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).allow.map((c: { rule: string }) => c.rule)).toEqual(['bash(touch:*)']);
    expect(fs.existsSync(path.join(root, '.inkling'))).toBe(false);
  });

  it('asks one call at a time, in order, saying how many more wait; later reads wait behind a prompt', async () => {
    const { agent } = setup([
      respond([
        toolUse('w1', 'write_file', { path: 'n1.txt', content: 'a\n' }),
        toolUse('w2', 'write_file', { path: 'n2.txt', content: 'b\n' }),
        toolUse('l', 'list_files', { path: '.' }),
      ]),
      respond([text('ok')]),
    ]);
    const seen: string[] = [];
    const events = await runAnswering(agent, 'go', [{ kind: 'yes' }, { kind: 'yes' }], {
      onAsk: (e) => e.type === 'approval_request' && seen.push(`${e.id}:${e.waiting}:${fs.existsSync(path.join(root, 'n1.txt'))}`),
    });
    expect(seen).toEqual(['w1:1:false', 'w2:0:true']);
    const order = events.filter((e) => e.type === 'tool_status' && e.status === 'running').map((e) => e.type === 'tool_status' && e.id);
    expect(order).toEqual(['w1', 'w2', 'l']);
    const created = events.find((e) => e.type === 'approval_request' && e.id === 'w1');
    expect(created?.type === 'approval_request' && created.preview).toMatchObject({ kind: 'edit', created: true, hunks: [{ newStart: 1, newLines: ['a'] }] });
  });

  it('cancels cleanly when interrupted while a prompt waits', async () => {
    const { agent } = setup([respond([toolUse('b', 'bash', { command: 'touch x' }), toolUse('c', 'bash', { command: 'touch y' })])]);
    const controller = new AbortController();
    const events = await runAnswering(agent, 'go', [], { signal: controller.signal, onAsk: () => setImmediate(() => controller.abort()) });
    expect(statuses(events, 'b')).toEqual(['queued', 'awaiting_approval', 'cancelled']);
    expect(statuses(events, 'c')).toEqual(['queued', 'cancelled']);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(agent.respondToApproval!('b', { kind: 'yes' })).toBe(false);
    expect(fs.existsSync(path.join(root, 'x'))).toBe(false);
    expect(agent.messages.at(-1)?.role).toBe('user');
  });

  it('never waits in -p: a call that would ask is denied with how to allow it', async () => {
    const { agent } = setup([respond([toolUse('b', 'bash', { command: 'npm test' }), toolUse('e', 'write_file', { path: 'a.txt', content: 'x' })]), respond([text('ok')])], { canAsk: false });
    const events = await runAnswering(agent, 'go', []);
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(resultOf(events, 'b')?.content).toBe("This command needs approval: rerun with --allowed-tools 'bash(npm test:*)' or --yolo.");
    expect(resultOf(events, 'e')?.content).toBe("write_file a.txt needs approval: rerun with --permission-mode accept-edits, --allowed-tools 'edit(a.txt)' or --yolo.");
    expect(statuses(events, 'b')).toEqual(['queued', 'denied']);
    expect(fs.existsSync(path.join(root, 'a.txt'))).toBe(false);
  });

  it('refuses without asking what the tool would refuse anyway', async () => {
    const { agent } = setup([respond([toolUse('e', 'edit_file', { path: 'missing.txt', old_string: 'a', new_string: 'b' })]), respond([text('ok')])]);
    const events = await runAnswering(agent, 'go', []);
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(resultOf(events, 'e')?.content).toContain('does not exist');
  });

  it('refuses writes in plan mode and lets the mode change between calls', async () => {
    const { agent } = setup([respond([toolUse('e', 'write_file', { path: 'a.txt', content: 'x' })]), respond([text('ok')]), respond([toolUse('f', 'write_file', { path: 'a.txt', content: 'x' })]), respond([text('ok')])], { mode: 'plan' });
    const events = await runAnswering(agent, 'go', []);
    expect(resultOf(events, 'e')?.content).toContain('plan mode');
    expect(agent.permissionMode).toBe('plan');
    agent.setPermissionMode!('accept-edits');
    const second = await runAnswering(agent, 'go', []);
    expect(statuses(second, 'f')).toEqual(['queued', 'running', 'done']);
    expect(fs.readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('x');
  });

  it('runs proven read-only commands and allowed ones unasked', async () => {
    const { agent } = setup([respond([toolUse('b', 'bash', { command: 'ls && echo hi' }), toolUse('c', 'bash', { command: 'touch t.txt' })]), respond([text('ok')])], { allow: ['bash(touch t.txt)'] });
    const events = await runAnswering(agent, 'go', []);
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(resultOf(events, 'b')?.isError).toBe(false);
    expect(fs.existsSync(path.join(root, 't.txt'))).toBe(true);
  });

  it('refuses a catastrophic command even in yolo, telling the model why', async () => {
    const { agent } = setup([respond([toolUse('b', 'bash', { command: 'rm -rf ~' })]), respond([text('ok')])], { mode: 'yolo' });
    const events = await runAnswering(agent, 'go', []);
    expect(resultOf(events, 'b')?.content).toContain('it deletes your home directory recursively');
    expect(statuses(events, 'b')).toEqual(['queued', 'denied']);
  });
});
