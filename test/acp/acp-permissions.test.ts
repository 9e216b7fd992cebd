// Approvals over ACP: an ask becomes session/request_permission; "always allow" goes to the
// person's remembered-choice store and the next such call runs unasked; a cancelled request is a no.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { nonFrames, startAcp, type AcpChild } from '../helpers/acp-client.js';
import { ensureBuilt } from '../cli/run-bin.js';
import { rememberedChoicesFile } from '../../src/core/permissions/remembered-choices.js';

let fake: FakeAnthropic;
let ws: string;
let c: AcpChild;

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic();
  ws = await realpath(await mkdtemp(join(tmpdir(), 'inkling-acp-perm-')));
  // One editor for both tests: it allows commands always and cancels everything else.
  c = startAcp({
    cwd: ws,
    env: { ANTHROPIC_API_KEY: 'sk-test-acp-perm', ANTHROPIC_BASE_URL: fake.url },
    permission: (req) => (req.toolCall.kind === 'execute' ? { outcome: { outcome: 'selected', optionId: req.options.find((o) => o.kind === 'allow_always')!.optionId } } : { outcome: { outcome: 'cancelled' } }),
  });
  await c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
}, 120_000);
afterAll(async () => {
  await c.close();
  await fake.close();
  await rm(ws, { recursive: true, force: true });
});

describe('permissions over ACP', () => {
  it('asks the editor; allow always is remembered for the next call; a cancelled request is a denial', async () => {
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
    fake.enqueue(
      reply({ toolUses: [{ name: 'bash', input: { command: 'touch made-1.txt' }, id: 'toolu_first' }] }),
      reply({ toolUses: [{ name: 'bash', input: { command: 'touch made-2.txt' }, id: 'toolu_second' }] }),
      reply({ toolUses: [{ name: 'write_file', input: { path: 'refused.txt', content: 'no' }, id: 'toolu_write' }] }),
      reply({ text: 'ok' }),
    );
    const answer = await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'make files' }] });
    expect(answer.stopReason).toBe('end_turn');
    // Asked for the first command (all four choices offered) and for the write, not for the second command.
    expect(c.asked.map((a) => a.toolCall.toolCallId)).toEqual(['toolu_first', 'toolu_write']);
    expect(c.asked[0]!.options.map((o) => o.kind)).toEqual(['allow_once', 'allow_always', 'reject_once', 'reject_always']);
    expect(c.asked[0]!.toolCall).toMatchObject({ kind: 'execute', rawInput: { command: 'touch made-1.txt' } });
    expect(existsSync(join(ws, 'made-1.txt')) && existsSync(join(ws, 'made-2.txt'))).toBe(true);
    // The choice went to the person's store (under INKLING_HOME), not into the workspace.
    const stored = JSON.parse(await readFile(rememberedChoicesFile(process.env.INKLING_HOME!, ws), 'utf8')) as { allow: Array<{ rule: string }> };
    expect(stored.allow.map((a) => a.rule)).toEqual([expect.stringMatching(/^bash\(touch/)]);
    // The cancelled request refused the write.
    expect(existsSync(join(ws, 'refused.txt'))).toBe(false);
    const write = c.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'toolu_write');
    expect(write.at(-1)).toMatchObject({ status: 'failed' });
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 90_000);

  it('sends the plan as plan updates', async () => {
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
    fake.enqueue(
      reply({ toolUses: [{ name: 'update_plan', input: { plan: [{ step: 'read the code', status: 'completed' }, { step: 'change it', status: 'in_progress' }] } }] }),
      reply({ text: 'working on it' }),
    );
    const answer = await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'plan it' }] });
    expect(answer.stopReason).toBe('end_turn');
    const plan = c.updates.find((n) => n.update.sessionUpdate === 'plan');
    expect(plan?.update).toMatchObject({ entries: [{ content: 'read the code', status: 'completed', priority: 'medium' }, { content: 'change it', status: 'in_progress' }] });
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 90_000);
});
