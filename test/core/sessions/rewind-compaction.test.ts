// /rewind to a prompt a compaction summarised, over the real SDK and the fake Messages API with a
// recorded session and real bash: the conversation forks to a new session rebuilt from the records
// before that prompt (the next request is JSON-compared with the one first sent for that prompt),
// the bash log under the session's bash/ folder comes along, and the old session stays as it was
// and resumable. Where the records cannot (a session file cut by hand), nothing is forked.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { createRedactor } from '../../../src/core/redact.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { collect } from '../../helpers/collect.js';
import { tempHome } from './session-fixtures.js';

let server: FakeAnthropic;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());

type Body = { messages: { role: string; content: unknown }[] };
const sentMessages = (i: number) => (server.requests[i]!.body as Body).messages;

function recordedAgent() {
  const dirs = tempHome();
  const paths = sessionPaths(dirs.home, dirs.workspace);
  const recorder = new SessionRecorder({
    paths,
    workspaceRoot: dirs.workspace,
    describe: () => ({ model: 'claude-test', provider: 'anthropic' }),
    inklingVersion: '0.0.0-test',
    redact: createRedactor([]),
  });
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: dirs.workspace, maxTokens: 2000, tools: [bashTool], recorder, streamRetry: { baseDelayMs: 1 } });
  return { agent, recorder, paths };
}

/**
 * Four turns, the first running bash (its log goes to the session's bash/ folder), a /compact
 * (which keeps the last two turns: the first and second become the summary), then a fifth turn.
 */
async function compactedSession(a: ReturnType<typeof recordedAgent>) {
  server.requests.length = 0;
  server.enqueue(reply({ toolUses: [{ id: 'toolu_b1', name: 'bash', input: { command: 'echo from-the-first-turn' } }] }), reply({ text: 'First answer.' }));
  await collect(a.agent.run('first'));
  server.enqueue(reply({ text: 'Second answer.' }));
  await collect(a.agent.run('second'));
  const secondRequest = server.requests.length - 1;
  server.enqueue(reply({ text: 'Third answer.' }));
  await collect(a.agent.run('third'));
  server.enqueue(reply({ text: 'Fourth answer.' }));
  await collect(a.agent.run('fourth'));
  server.enqueue(reply({ text: 'Summary: first and second.' }));
  await collect(a.agent.compact!());
  server.enqueue(reply({ text: 'Fifth answer.' }));
  await collect(a.agent.run('fifth'));
  expect(JSON.stringify(a.agent.messages)).not.toContain('Second answer.');
  return { secondRequest };
}

describe('rewind past a compaction', () => {
  it('forks a new session rebuilt from the records before that prompt; the old one stays and resumes', async () => {
    const a = recordedAgent();
    const { secondRequest } = await compactedSession(a);
    const oldId = a.recorder.id;
    const oldFile = a.paths.file(oldId);
    const oldText = readFileSync(oldFile, 'utf8');
    const oldLog = path.join(a.paths.logsDir(oldId), 'bash', 'toolu_b1.log');
    expect(existsSync(oldLog)).toBe(true);

    expect(a.agent.canRewindConversation!(2)).toBe(true);
    const fork = a.agent.forkConversation!(2);
    expect(fork).toEqual({ prompt: 'second', sessionId: expect.any(String), forkedFrom: oldId });
    expect(fork!.sessionId).not.toBe(oldId);
    expect(readFileSync(oldFile, 'utf8')).toBe(oldText);

    // The bash log the kept records name is the fork's own, in the same place under its folder.
    const newLog = path.join(a.paths.logsDir(fork!.sessionId!), 'bash', 'toolu_b1.log');
    expect(readFileSync(newLog, 'utf8')).toBe(readFileSync(oldLog, 'utf8'));

    server.enqueue(reply({ text: 'Second answer, again.' }));
    await collect(a.agent.run('second, differently'));
    const next = sentMessages(server.requests.length - 1);
    const before = sentMessages(secondRequest);
    // Everything before the prompt is what was first sent for it (the log path now names the fork's folder).
    const oldDir = a.paths.logsDir(oldId);
    const newDir = a.paths.logsDir(fork!.sessionId!);
    expect(JSON.stringify(next.slice(0, -1))).toBe(JSON.stringify(before.slice(0, -1)).split(oldDir).join(newDir));
    expect(JSON.stringify(next.at(-1))).toContain('second, differently');
    expect(JSON.stringify(next)).not.toContain(SUMMARY_HEADER);
    expect(JSON.stringify(next)).not.toContain('Third answer.');
    expect(JSON.stringify(next)).toContain('from-the-first-turn');

    // The old session is untouched and resumable: its summary and its later turns.
    expect(readFileSync(oldFile, 'utf8')).toBe(oldText);
    const { restored } = await openSession(oldFile);
    expect(restored.prompts.map((p) => p.prompt)).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
    expect(JSON.stringify(restored.messages)).toContain('Summary: first and second.');
    expect(JSON.stringify(restored.messages)).toContain('Fifth answer.');
  });

  it('forks nothing when the session file no longer holds the prompt (cut by hand)', async () => {
    const a = recordedAgent();
    await compactedSession(a);
    const file = a.paths.file(a.recorder.id);
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, `${lines[0]}\n`);
    const messages = structuredClone(a.agent.messages);
    expect(a.agent.canRewindConversation!(2)).toBe(false);
    expect(a.agent.forkConversation!(2)).toBeUndefined();
    expect(a.agent.messages).toEqual(messages);
  });
});
