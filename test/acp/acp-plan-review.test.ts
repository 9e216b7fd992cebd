// exit_plan_mode over ACP, as ACP's session-modes page describes exiting a plan mode: the question
// is a session/request_permission whose tool call is of kind switch_mode and carries the plan; the
// chosen option is honoured (the mode changes, or planning goes on) and a mode change is sent as
// current_mode_update. The SDK's client against the built `inkling --acp` and the fake Messages API.
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionOptionKind, RequestPermissionRequest, RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { nonFrames, startAcp, type AcpChild } from '../helpers/acp-client.js';
import { ensureBuilt } from '../cli/run-bin.js';

let fake: FakeAnthropic;
let ws: string;
let c: AcpChild;
/** How the editor answers the plan's question (by the option's kind, as an editor's buttons do), or cancels it. */
let planAnswer: PermissionOptionKind | 'cancel';

const PLAN = '1. Write a.txt\n2. Report';

/** The editor: the plan's question as `planAnswer` says; an edit's question is allowed once. */
function answer(req: RequestPermissionRequest): RequestPermissionResponse {
  const pick = (kind: PermissionOptionKind) => ({ outcome: { outcome: 'selected' as const, optionId: req.options.find((o) => o.kind === kind)!.optionId } });
  if (req.toolCall.kind !== 'switch_mode') return pick('allow_once');
  return planAnswer === 'cancel' ? { outcome: { outcome: 'cancelled' } } : pick(planAnswer);
}

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic();
  ws = await realpath(await mkdtemp(join(tmpdir(), 'inkling-acp-plan-')));
  c = startAcp({ cwd: ws, env: { ANTHROPIC_API_KEY: 'sk-test-acp-plan', ANTHROPIC_BASE_URL: fake.url }, permission: answer });
  await c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
}, 120_000);
beforeEach(async () => {
  await rm(join(ws, 'a.txt'), { force: true });
  c.asked.length = 0;
  fake.requests.length = 0;
});
afterAll(async () => {
  await c.close();
  await fake.close();
  await rm(ws, { recursive: true, force: true });
});

/** A session in plan mode whose model presents PLAN, then (unless the turn ends there) writes a.txt. */
async function planTurn(key: string, endsAtQuestion = false): Promise<{ sessionId: string; stopReason: string }> {
  const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
  await c.connection.agent.request('session/set_mode', { sessionId, modeId: 'plan' });
  fake.enqueue(reply({ toolUses: [{ name: 'exit_plan_mode', input: { plan: PLAN }, id: `toolu_exit_${key}` }] }));
  if (!endsAtQuestion) fake.enqueue(reply({ toolUses: [{ name: 'write_file', input: { path: 'a.txt', content: 'a\n' }, id: `toolu_write_${key}` }] }), reply({ text: 'done' }));
  const { stopReason } = await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'plan, then do it' }] });
  return { sessionId, stopReason };
}

/** The modes the session announced after it entered plan mode (set_mode's own update comes first). */
const modesAfterPlan = (sessionId: string): string[] =>
  c.updates
    .filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'current_mode_update')
    .map((n) => (n.update as { currentModeId: string }).currentModeId)
    .slice(1);

/** What the model was told of exit_plan_mode's call (the tool result in its next request). */
function toolResultFor(id: string): { content: unknown; is_error?: boolean } | undefined {
  for (const r of fake.requests) {
    const body = r.body as { messages: { role: string; content: unknown }[] };
    for (const m of body.messages) {
      if (!Array.isArray(m.content)) continue;
      const found = (m.content as { type: string; tool_use_id?: string; content: unknown; is_error?: boolean }[]).find((b) => b.type === 'tool_result' && b.tool_use_id === id);
      if (found) return found;
    }
  }
  return undefined;
}

describe('exit_plan_mode over ACP', () => {
  it('asks as a switch_mode permission request carrying the plan; "run" leaves plan mode for default, announced, and edits ask again', async () => {
    planAnswer = 'allow_once';
    const { sessionId, stopReason } = await planTurn('run');
    expect(stopReason).toBe('end_turn');
    const [question, edit, ...more] = c.asked;
    expect(more).toEqual([]);
    expect(question!.toolCall).toMatchObject({ toolCallId: 'toolu_exit_run', kind: 'switch_mode', status: 'pending', content: [{ type: 'content', content: { type: 'text', text: PLAN } }] });
    expect(question!.options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'reject_once']);
    expect(modesAfterPlan(sessionId)).toEqual(['default']);
    // In default mode the write asked the editor (allowed once) and ran.
    expect(edit!.toolCall).toMatchObject({ toolCallId: 'toolu_write_run', kind: 'edit' });
    expect(existsSync(join(ws, 'a.txt'))).toBe(true);
    expect(toolResultFor('toolu_exit_run')).toMatchObject({ content: expect.stringMatching(/approved the plan/) });
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 90_000);

  it('"allow always" leaves plan mode for accept-edits: the write runs unasked', async () => {
    planAnswer = 'allow_always';
    const { sessionId, stopReason } = await planTurn('edits');
    expect(stopReason).toBe('end_turn');
    expect(c.asked.map((a) => a.toolCall.toolCallId)).toEqual(['toolu_exit_edits']);
    expect(modesAfterPlan(sessionId)).toEqual(['accept-edits']);
    expect(existsSync(join(ws, 'a.txt'))).toBe(true);
  }, 90_000);

  it('"reject" keeps planning: the turn stops in plan mode, and the next prompt is what to change', async () => {
    planAnswer = 'reject_once';
    const { sessionId, stopReason } = await planTurn('keep', true);
    expect(stopReason).toBe('end_turn');
    expect(modesAfterPlan(sessionId)).toEqual([]);
    // The model was not asked again: it waits for the person, as Claude Code's "No, keep planning" does.
    expect(fake.requests).toHaveLength(1);
    // The person's next prompt says what to change; the model reads the refusal with it, still in plan mode.
    fake.enqueue(reply({ toolUses: [{ name: 'write_file', input: { path: 'a.txt', content: 'a\n' }, id: 'toolu_write_keep' }] }), reply({ text: 'revised' }));
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'step 2 should also test it' }] });
    expect(toolResultFor('toolu_exit_keep')).toMatchObject({ is_error: true, content: expect.stringMatching(/keep planning/) });
    // Still in plan mode: the write is refused without a question, nothing is written.
    expect(c.asked.map((a) => a.toolCall.toolCallId)).toEqual(['toolu_exit_keep']);
    expect(existsSync(join(ws, 'a.txt'))).toBe(false);
  }, 90_000);

  it('a cancelled question ends the turn in plan mode', async () => {
    planAnswer = 'cancel';
    const { sessionId, stopReason } = await planTurn('cancel', true);
    expect(stopReason).toBe('end_turn');
    expect(modesAfterPlan(sessionId)).toEqual([]);
    // The turn ended at the question: the model was not asked again.
    expect(fake.requests).toHaveLength(1);
    expect(existsSync(join(ws, 'a.txt'))).toBe(false);
  }, 90_000);
});
