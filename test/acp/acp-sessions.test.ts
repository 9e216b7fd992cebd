// Sessions over ACP: commands, mode and usage updates; session/list, session/load (the history
// replayed, the conversation taken up) and session/resume; two sessions with different cwds at once.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../helpers/fake-anthropic.js';
import { agentText, nonFrames, startAcp, type AcpChild } from '../helpers/acp-client.js';
import { ensureBuilt } from '../cli/run-bin.js';

let fake: FakeAnthropic;
let base: string;
let wsA: string;
let wsB: string;

/** Which workspace a request came from: the system prompt names it. */
const from = (req: RecordedRequest, ws: string) => JSON.stringify((req.body as { system?: unknown }).system ?? '').includes(ws);

beforeAll(async () => {
  ensureBuilt();
  base = await realpath(await mkdtemp(join(tmpdir(), 'inkling-acp-sessions-')));
  wsA = join(base, 'alpha');
  wsB = join(base, 'beta');
  for (const ws of [wsA, wsB]) await mkdir(join(ws, '.inkling', 'commands'), { recursive: true });
  await writeFile(join(wsA, 'which.txt'), 'this is alpha\n');
  await writeFile(join(wsB, 'which.txt'), 'this is beta\n');
  await writeFile(join(wsA, '.inkling', 'commands', 'review.md'), '---\ndescription: Review a folder\n---\nReview the folder $ARGUMENTS carefully.\n');
  // Requests of the two-session test are answered by workspace; the others from the queue.
  fake = await startFakeAnthropic({
    route: (req) => {
      const body = JSON.stringify((req.body as { messages?: unknown }).messages ?? '');
      if (!body.includes('which one')) return undefined;
      const read = body.includes('tool_result');
      if (from(req, wsA)) return read ? reply({ text: 'alpha read' }) : reply({ toolUses: [{ name: 'read_file', input: { path: 'which.txt' }, id: 'toolu_a' }], chunkDelayMs: 30 });
      if (from(req, wsB)) return read ? reply({ text: 'beta read' }) : reply({ toolUses: [{ name: 'read_file', input: { path: 'which.txt' }, id: 'toolu_b' }], chunkDelayMs: 30 });
      return undefined;
    },
  });
}, 120_000);
afterAll(async () => {
  await fake.close();
  await rm(base, { recursive: true, force: true });
});

async function editor(): Promise<AcpChild> {
  const c = startAcp({ cwd: base, env: { ANTHROPIC_API_KEY: 'sk-test-acp-sessions', ANTHROPIC_BASE_URL: fake.url } });
  await c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  return c;
}

describe('sessions over ACP', () => {
  it('offers the commands, runs one, reports mode and usage, then lists, loads and resumes the session in a new connection', async () => {
    let sessionId: string;
    const first = await editor();
    try {
      ({ sessionId } = await first.connection.agent.request('session/new', { cwd: wsA, mcpServers: [] }));
      const commands = await first.waitForUpdate((n) => n.update.sessionUpdate === 'available_commands_update', 'the commands');
      expect(commands.update).toMatchObject({ availableCommands: [{ name: 'review', description: 'Review a folder' }] });
      await first.connection.agent.request('session/set_mode', { sessionId, modeId: 'accept-edits' });
      await first.waitForUpdate((n) => n.update.sessionUpdate === 'current_mode_update' && n.update.currentModeId === 'accept-edits', 'the mode update');
      await expect(first.connection.agent.request('session/set_mode', { sessionId, modeId: 'reckless' })).rejects.toMatchObject({ code: -32602 });
      fake.enqueue(reply({ text: 'reviewed it', usage: { input_tokens: 1200, output_tokens: 30 } }));
      await first.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/review src' }] });
      expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('Review the folder src carefully.');
      const usage = await first.waitForUpdate((n) => n.update.sessionUpdate === 'usage_update', 'usage');
      expect(usage.update).toMatchObject({ used: 1230 });
      expect((usage.update as { size: number }).size).toBeGreaterThan(100_000);
      expect(nonFrames(first.stdout())).toEqual([]);
    } finally {
      await first.close();
    }

    const second = await editor();
    try {
      const listed = await second.connection.agent.request('session/list', { cwd: wsA });
      expect(listed.sessions.map((s) => s.sessionId)).toContain(sessionId);
      const loaded = await second.connection.agent.request('session/load', { sessionId, cwd: wsA, mcpServers: [] });
      expect(loaded.modes?.currentModeId).toBeDefined();
      // The history came back before the answer: the prompt as the person's message, the reply as the agent's.
      const user = second.updates.find((n) => n.update.sessionUpdate === 'user_message_chunk');
      expect(JSON.stringify(user?.update)).toContain('Review the folder src carefully.');
      expect(agentText(second.updates, sessionId)).toBe('reviewed it');
      // The conversation goes on from it.
      fake.enqueue(reply({ text: 'again' }));
      await second.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'and now?' }] });
      const messages = (fake.requests.at(-1)!.body as { messages: unknown[] }).messages;
      expect(messages).toHaveLength(3);
      expect(JSON.stringify(messages[1])).toContain('reviewed it');
      // resume takes it up without replaying it.
      const before = second.updates.length;
      await second.connection.agent.request('session/resume', { sessionId, cwd: wsA });
      expect(second.updates.slice(before).filter((n) => n.update.sessionUpdate === 'agent_message_chunk')).toEqual([]);
      expect(nonFrames(second.stdout())).toEqual([]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('runs two sessions with different cwds at once, each in its own workspace', async () => {
    const c = await editor();
    try {
      const a = await c.connection.agent.request('session/new', { cwd: wsA, mcpServers: [] });
      const b = await c.connection.agent.request('session/new', { cwd: wsB, mcpServers: [] });
      const [ra, rb] = await Promise.all([
        c.connection.agent.request('session/prompt', { sessionId: a.sessionId, prompt: [{ type: 'text', text: 'which one?' }] }),
        c.connection.agent.request('session/prompt', { sessionId: b.sessionId, prompt: [{ type: 'text', text: 'which one?' }] }),
      ]);
      expect([ra.stopReason, rb.stopReason]).toEqual(['end_turn', 'end_turn']);
      const readOf = (sessionId: string) =>
        c.updates
          .filter((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'tool_call_update' && n.update.status === 'completed')
          .map((n) => JSON.stringify(n.update))
          .join('');
      expect(readOf(a.sessionId)).toContain('this is alpha');
      expect(readOf(b.sessionId)).toContain('this is beta');
      expect(agentText(c.updates, a.sessionId)).toBe('alpha read');
      expect(agentText(c.updates, b.sessionId)).toBe('beta read');
      expect(nonFrames(c.stdout())).toEqual([]);
    } finally {
      await c.close();
    }
  }, 90_000);
});
