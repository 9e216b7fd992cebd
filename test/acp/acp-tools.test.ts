// Tool calls over ACP: a read (kind, location, raw input), an edit (its diff from the ledger), a
// bash command (its screen streams as content, then head/tail and the log's path), and a command
// cancelled midway (its process is gone, the prompt answers cancelled).
import { readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionNotification } from '@agentclientprotocol/sdk';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { agentText, nonFrames, startAcp, type AcpChild } from '../helpers/acp-client.js';
import { ensureBuilt } from '../cli/run-bin.js';
import { sleepersWith, within } from '../helpers/survivors.js';

const KEY = 'sk-test-fake-acp-tools-9Xk2';
let fake: FakeAnthropic;
let ws: string;

/** Files the editor was asked for (fs/read_text_file): open.txt has unsaved changes there. */
const asked: string[] = [];
let c: AcpChild;

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic();
  // One editor for the file's tests (a start costs about a second); each test opens a session in a new folder.
  c = startAcp({
    cwd: tmpdir(),
    args: ['--yolo'],
    env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url },
    readTextFile: (file) => {
      asked.push(file);
      return file.endsWith('open.txt') ? 'edited in the editor\n' : readFileSync(file, 'utf8');
    },
  });
  await c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } });
}, 120_000);
afterAll(async () => {
  await c.close();
  await fake.close();
});
afterEach(() => rm(ws, { recursive: true, force: true }));

async function session(): Promise<{ c: AcpChild; sessionId: string }> {
  ws = await realpath(await mkdtemp(join(tmpdir(), 'inkling-acp-tools-')));
  const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
  return { c, sessionId };
}

type Update = Extract<SessionNotification['update'], { sessionUpdate: 'tool_call' | 'tool_call_update' }>;
const callUpdates = (c: AcpChild, id: string): Update[] =>
  c.updates.map((n) => n.update).filter((u): u is Update => (u.sessionUpdate === 'tool_call' || u.sessionUpdate === 'tool_call_update') && u.toolCallId === id);
const textOf = (u: Update): string => (u.content ?? []).map((b) => (b.type === 'content' && b.content.type === 'text' ? b.content.text : '')).join('');

describe('tool calls over ACP', () => {
  it('a read, an edit with its diff from the ledger, and a command whose output streams', async () => {
    const { c, sessionId } = await session();
    await writeFile(join(ws, 'a.txt'), 'one\nkeep\n');
    fake.enqueue(
      reply({ toolUses: [{ name: 'read_file', input: { path: 'a.txt' }, id: 'toolu_read' }] }),
      reply({ toolUses: [{ name: 'edit_file', input: { path: 'a.txt', old_string: 'one', new_string: 'two' }, id: 'toolu_edit' }] }),
      reply({ toolUses: [{ name: 'bash', input: { command: 'for i in 1 2 3 4; do echo line$i; sleep 0.4; done' }, id: 'toolu_bash' }] }),
      reply({ text: 'all done' }),
    );
    const answer = await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'work' }] });
    expect(answer.stopReason).toBe('end_turn');

    const read = callUpdates(c, 'toolu_read');
    expect(read[0]).toMatchObject({ sessionUpdate: 'tool_call', kind: 'read', status: 'pending', rawInput: { path: 'a.txt' }, locations: [{ path: join(ws, 'a.txt') }] });
    expect(read.at(-1)).toMatchObject({ status: 'completed' });
    expect(textOf(read.at(-1)!)).toContain('keep');

    const edit = callUpdates(c, 'toolu_edit');
    expect(edit[0]).toMatchObject({ kind: 'edit', title: 'Edit a.txt' });
    expect(edit.at(-1)).toMatchObject({ status: 'completed', content: [{ type: 'diff', path: join(ws, 'a.txt'), oldText: 'one\nkeep\n', newText: 'two\nkeep\n' }] });

    const bash = callUpdates(c, 'toolu_bash');
    expect(bash[0]).toMatchObject({ kind: 'execute', title: 'for i in 1 2 3 4; do echo line$i; sleep 0.4; done' });
    const done = bash.findIndex((u) => u.status === 'completed');
    // The screen came while the command ran: content updates before the one that completes it.
    const live = bash.slice(0, done).filter((u) => textOf(u).includes('line1'));
    expect(live.length).toBeGreaterThan(0);
    expect(live.some((u) => !textOf(u).includes('line4'))).toBe(true);
    const final = textOf(bash[done]!);
    expect(final).toContain('line4');
    expect(final).toMatch(/Full output: \/.+\.log/);
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 90_000);

  it('reads through the editor when it offers fs/read_text_file: an unsaved buffer is what the model sees', async () => {
    const { c, sessionId } = await session();
    await writeFile(join(ws, 'open.txt'), 'saved on disk\n');
    await writeFile(join(ws, 'closed.txt'), 'same everywhere\n');
    fake.enqueue(
      reply({ toolUses: [{ name: 'read_file', input: { path: 'open.txt' }, id: 'toolu_open' }, { name: 'read_file', input: { path: 'closed.txt' }, id: 'toolu_closed' }] }),
      reply({ text: 'read' }),
    );
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'read both' }] });
    expect(asked.filter((f) => f.startsWith(ws)).sort()).toEqual([join(ws, 'closed.txt'), join(ws, 'open.txt')]);
    const sent = JSON.stringify((fake.requests.at(-1)!.body as { messages: unknown[] }).messages.at(-1));
    expect(sent).toContain('edited in the editor');
    expect(sent).not.toContain('saved on disk');
    expect(sent).toContain('same everywhere');
  }, 90_000);

  it('a child agent’s calls are tool calls of their own, named under the task call', async () => {
    const { c, sessionId } = await session();
    await writeFile(join(ws, 'a.txt'), 'child reads this\n');
    fake.enqueue(
      reply({ toolUses: [{ name: 'task', input: { description: 'look at a', prompt: 'read a.txt', agent: 'explore' }, id: 'toolu_task' }] }),
      reply({ toolUses: [{ name: 'read_file', input: { path: 'a.txt' }, id: 'toolu_child_read' }] }),
      reply({ text: 'the file says: child reads this' }),
      reply({ text: 'done' }),
    );
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'delegate' }] });
    expect(callUpdates(c, 'toolu_task')[0]).toMatchObject({ kind: 'think', title: 'Agent: look at a' });
    const child = callUpdates(c, 'toolu_child_read');
    expect(child[0]).toMatchObject({ sessionUpdate: 'tool_call', kind: 'read', _meta: { inkling: { parentToolCallId: 'toolu_task' } } });
    expect(child.at(-1)).toMatchObject({ status: 'completed' });
    expect(textOf(child.at(-1)!)).toContain('child reads this');
    // The child's text is its answer to the task, not the session's message.
    expect(agentText(c.updates, sessionId)).toBe('done');
  }, 90_000);

  it('cancelled mid-command: the command and what it started end, and the prompt answers cancelled', async () => {
    const { c, sessionId } = await session();
    const marker = `123.${process.pid}`;
    fake.enqueue(reply({ toolUses: [{ name: 'bash', input: { command: `echo started; sleep ${marker}` }, id: 'toolu_long' }] }), reply({ text: 'after' }));
    const answer = c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    await c.waitForUpdate((n) => n.update.sessionUpdate === 'tool_call_update' && textOf(n.update).includes('started'), 'the command’s first output');
    expect(sleepersWith(marker)).not.toEqual([]);
    await c.connection.agent.notify('session/cancel', { sessionId });
    await expect(answer).resolves.toEqual({ stopReason: 'cancelled' });
    expect(await within(10_000, () => sleepersWith(marker).length === 0)).toBe(true);
    expect(callUpdates(c, 'toolu_long').at(-1)).toMatchObject({ status: 'failed' });
    // The session goes on: the next prompt is answered.
    fake.enqueue(reply({ text: 'still here' }));
    await expect(c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'again' }] })).resolves.toEqual({ stopReason: 'end_turn' });
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 90_000);
});
