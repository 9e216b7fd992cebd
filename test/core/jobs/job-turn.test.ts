// Background jobs in the real agent loop with bash in a real pty: a job that exits while a turn
// runs is told to the model in that turn's next request, once, and the session file keeps that
// note where it went (a resumed conversation is the one the model saw); one that ends while idle
// waits for the next prompt and starts no turn; /clear and dispose kill what still runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { jobTools } from '../../../src/core/jobs/job-tools.js';
import type { ProviderEvent, ProviderRequest } from '../../../src/core/providers/provider.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { collect } from '../../helpers/collect.js';
import { QUICK_FIRST_LINES_MS } from '../../helpers/quick-jobs.js';
import { within } from '../../helpers/survivors.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { recordingAgent, tempHome } from '../sessions/session-fixtures.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(prefix: string): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  dirs.push(d);
  return d;
}

/** Everything the request's last message says, as text. */
function lastMessageText(request: ProviderRequest): string {
  const last = request.messages.at(-1)!;
  return last.content.map((b) => ('text' in b ? b.text : b.type === 'tool_result' ? String(b.content) : '')).join('\n');
}

/** Answers once `ready` holds (the test decides when the model answers). */
function respondWhen(ready: () => boolean, responder: Responder): Responder {
  return async function* (request, signal): AsyncGenerator<ProviderEvent> {
    await within(20_000, ready);
    yield* responder(request, signal);
  };
}

describe('jobs in the agent loop', () => {
  it('a job that exits during a turn reaches that turn next request, once, and the session keeps the note there', async () => {
    const { home, workspace } = tempHome();
    dirs.push(home, workspace);
    const gate = path.join(workspace, 'gate');
    let agentRef: ReturnType<typeof createAgent> | null = null;
    const ended = () => agentRef?.jobs.list()[0]?.state === 'exited';
    const { agent, provider, recorder } = recordingAgent([
      respond([toolUse('start', 'bash', { command: `until [ -e ${gate} ]; do sleep 0.02; done; echo server-crashed; exit 1`, background: true })]),
      // The model works on; meanwhile the job ends (the gate opens, and it is seen to end before the answer).
      async function* (request, signal) {
        fs.writeFileSync(gate, '');
        yield* respondWhen(ended, respond([toolUse('other', 'bash', { command: 'echo other-call', timeout_ms: 10_000 })]))(request, signal);
      },
      respond([text('done')]),
      respond([text('second turn')]),
    ], { home, workspace, tools: [bashTool, ...jobTools] as unknown as Tool<never>[], agent: { jobFirstLinesMs: QUICK_FIRST_LINES_MS } });
    agentRef = agent;
    const events = await collect(agent.run('start the server'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(lastMessageText(provider.requests[1]!)).toMatch(/Started in the background as job 1/);
    const third = lastMessageText(provider.requests[2]!);
    expect(third).toContain('other-call');
    expect(third).toMatch(/\[background job 1 `until [^`]*` exited 1 after \d+ s; last lines:\nserver-crashed\n/);
    // Told once: the next prompt's request does not repeat it.
    await collect(agent.run('and now'));
    expect(lastMessageText(provider.requests[3]!)).toBe('and now');
    await agent.dispose();
    // Resumed, the conversation holds the note in the results message it went with.
    const resumed = (await openSession(recorder.filePath)).restored.messages;
    const told = provider.requests[2]!.messages;
    expect(resumed.slice(0, told.length).map((m) => JSON.stringify(m))).toEqual(told.map((m) => JSON.stringify(m)));
  }, 60_000);

  it('a job that ends while idle waits for the next prompt; /clear kills the jobs still running', async () => {
    const workspace = tmp('inkling-job-idle-');
    const gate = path.join(workspace, 'gate');
    const provider = testProvider([
      respond([
        toolUse('a', 'bash', { command: `until [ -e ${gate} ]; do sleep 0.02; done; echo finished-a`, background: true }),
        toolUse('b', 'bash', { command: 'echo b-runs; sleep 120', background: true }),
      ]),
      respond([text('started both')]),
      respond([text('noted')]),
    ]);
    const agent = createAgent({ provider, model: 'test', workspaceRoot: workspace, tools: [bashTool, ...jobTools], maxTokens: 100, sessionDir: tmp('inkling-job-session-'), jobFirstLinesMs: QUICK_FIRST_LINES_MS });
    await collect(agent.run('start them'));
    expect(agent.jobs.list().map((j) => [j.id, j.state])).toEqual([[1, 'running'], [2, 'running']]);
    const seen: string[] = [];
    const off = agent.jobs.subscribe((e) => {
      if (e.type !== 'job_output') seen.push(`${e.type} ${e.job.id} ${e.job.state}`);
    });
    fs.writeFileSync(gate, '');
    expect(await within(20_000, () => agent.jobs.list()[0]!.state === 'exited')).toBe(true);
    // Idle: no request was made for it.
    expect(provider.requests).toHaveLength(2);
    await collect(agent.run('what happened?'));
    expect(lastMessageText(provider.requests[2]!)).toMatch(/^what happened\?\n\[background job 1 `until [^`]*` exited 0 after/);
    agent.clear();
    expect(await within(10_000, () => agent.jobs.list()[1]!.state === 'killed')).toBe(true);
    expect(agent.jobs.list()[1]!.killedBy).toBe('/clear');
    expect(seen).toEqual(['job_end 1 exited', 'job_end 2 killed']);
    off();
    await agent.dispose();
  }, 60_000);
});
