// A session's background jobs in its file: each start and end is recorded, and a resumed session's
// transcript says how the earlier run's jobs ended — those still running when it stopped (kill -9)
// ended with it; the resumed agent lists them as ended (job_output reads their logs) and numbers
// its own jobs after theirs.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { jobTools } from '../../../src/core/jobs/job-tools.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { collect } from '../../helpers/collect.js';
import { QUICK_FIRST_LINES_MS } from '../../helpers/quick-jobs.js';
import { within } from '../../helpers/survivors.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { recordingAgent, tempHome } from '../sessions/session-fixtures.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('background jobs in the session file', () => {
  it('are recorded, and a resumed session lists the earlier run\'s jobs as ended', async () => {
    const { home, workspace } = tempHome();
    dirs.push(home, workspace);
    const { agent, recorder } = recordingAgent(
      [respond([toolUse('a', 'bash', { command: 'echo quick-job', background: true }), toolUse('b', 'bash', { command: 'sleep 120', background: true })]), respond([text('both started')])],
      { home, workspace, tools: [bashTool as unknown as Tool<never>], agent: { jobFirstLinesMs: QUICK_FIRST_LINES_MS } },
    );
    await collect(agent.run('start two jobs'));
    expect(await within(10_000, () => agent.jobs.list()[0]?.state === 'exited')).toBe(true);
    const file = recorder.filePath;
    // The file as a kill -9 would leave it: job 2 still running.
    const killedMidway = fs.readFileSync(file, 'utf8');
    await agent.dispose();
    const atExit = (await openSession(file)).restored.replay.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(atExit).toEqual([
      expect.stringMatching(/^job 1 `echo quick-job` of the earlier run exited 0 \(its log: \S+\)$/),
      expect.stringMatching(/^job 2 `sleep 120` of the earlier run was killed \(exit\) \(its log: \S+\)$/),
    ]);
    fs.writeFileSync(file, killedMidway);
    const afterKill = (await openSession(file)).restored.replay.filter((e) => e.type === 'notice').map((e) => (e as { message: string }).message);
    expect(afterKill.at(-1)).toMatch(/^job 2 `sleep 120` of the earlier run ended with the inkling that ran it/);

    // Resumed in a new run: both listed as ended, job 1's log read by job_output, this run's job is 3.
    const opened = await openSession(file);
    const next = recordingAgent(
      [respond([toolUse('c', 'job_output', { id: 1 }), toolUse('d', 'bash', { command: 'echo third', background: true })]), respond([text('read it')])],
      { home, workspace, tools: [bashTool, ...jobTools] as unknown as Tool<never>[], agent: { jobFirstLinesMs: QUICK_FIRST_LINES_MS } },
    );
    next.agent.resume(opened.restored);
    expect(next.agent.jobs.list().map((j) => [j.id, j.state, j.killedBy])).toEqual([[1, 'exited', undefined], [2, 'killed', 'its inkling ended']]);
    expect(opened.restored.jobs[1]!.endedAt).toBeGreaterThanOrEqual(opened.restored.jobs[1]!.startedAt);
    const results = (await collect(next.agent.run('what did job 1 print?'))).flatMap((e) => (e.type === 'tool_result' ? [e.content] : []));
    expect(results[0]).toContain('quick-job');
    expect(results[1]).toMatch(/as job 3\b/);
    await next.agent.dispose();
  }, 60_000);
});
