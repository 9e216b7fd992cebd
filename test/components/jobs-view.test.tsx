// /jobs after a resume: the earlier run's jobs (ended, as the session view hands them over) are
// listed on the picker beside this run's, and Enter shows one with its state and log. The
// picker, the job view and their actions load when /jobs is first used, not with the App.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import type { JobInfo } from '../../src/core/jobs/job-types.js';
import { createAppStore } from '../../src/store/app-store.js';
import { modulesLoadedOnUse } from '../../src/store/loaded-on-use.js';
import { showSession } from '../../src/store/session-picker.js';
import stripAnsi from 'strip-ansi';
import { frame, KEYS, press, renderAct, settleUntil, unmountAct, type Rendered } from './act-helpers.js';

let r: Rendered | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
});

const earlier = (id: number, command: string, ended: Partial<JobInfo>): JobInfo => ({
  id,
  command,
  callId: `call-${id}`,
  pid: 1000 + id,
  logPath: `/logs/bash/call-${id}.log`,
  startedAt: 1_000_000,
  endedAt: 1_065_000,
  state: 'exited',
  exitCode: 0,
  signal: null,
  lastLine: '',
  sandboxed: true,
  movedBy: 'request',
  ...ended,
});

describe('/jobs after a resume', () => {
  it('lists the earlier run’s jobs as ended, and Enter shows one with its log; the view loads on first use', async () => {
    const store = createAppStore({ size: { cols: 100, rows: 24 } }, { layout: screenLayout });
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
    await showSession(store, {
      id: 'abcdef1234',
      replay: [],
      notices: [],
      jobs: [earlier(1, 'echo quick-job', { lastLine: 'quick-job' }), earlier(2, 'sleep 120', { state: 'killed', killedBy: 'its inkling ended', exitCode: null })],
    });
    expect(modulesLoadedOnUse()).toEqual([]);
    await press(r, '/jobs', KEYS.enter);
    await settleUntil(() => frame(r!).includes('Background jobs'));
    const rows = frame(r).split('\n');
    expect(rows.find((l) => l.includes('sleep 120'))).toMatch(/2 {2}sleep 120 {2}killed \(its inkling ended\) · 1 min/);
    expect(rows.find((l) => l.includes('echo quick-job'))).toMatch(/1 {2}echo quick-job {2}exited 0 · 1 min {2}quick-job/);
    expect(modulesLoadedOnUse()).toEqual(expect.arrayContaining(['src/store/job-actions', 'components/JobsView']));
    await press(r, KEYS.enter);
    expect(frame(r)).toMatch(/job 2 sleep 120 {2}killed \(its inkling ended\) · 1 min · pid 1002/);
    expect(frame(r)).toContain('no screen of it in this run: its output is in its log (below)');
    expect(frame(r)).toContain('log: /logs/bash/call-2.log');
    // Ended: nothing to type into or kill.
    expect(frame(r).split('\n').some((l) => l.trimEnd() === '  o log · q/Esc back')).toBe(true);
    await press(r, 'q');
    expect(store.getState().mode).toBe('jobs');
  });
});

describe('o in the job view', () => {
  it('pages the job’s whole log from its call’s card (a resumed one too); q comes back to the job', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-job-log-'));
    const logPath = path.join(dir, 'call-3.log');
    fs.writeFileSync(logPath, Array.from({ length: 50 }, (_, i) => `served request ${i + 1}`).join('\n') + '\n');
    const store = createAppStore({ size: { cols: 100, rows: 24 } }, { layout: screenLayout });
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
    const details = { kind: 'bash' as const, command: 'serve', snapshot: { lines: ['served request 3'], cursor: null } as never, running: false, exitCode: null, signal: null, timedOut: false, logPath, totalBytes: 900, job: 3 };
    await showSession(store, {
      id: 'abcdef1234',
      replay: [
        { type: 'turn_start', prompt: 'serve it' },
        { type: 'tool_call', id: 'call-3', name: 'bash', input: { command: 'serve', background: true }, readOnly: false },
        { type: 'tool_result', id: 'call-3', content: 'Started in the background as job 3', isError: false, details, durationMs: 5 },
        { type: 'turn_end', reason: 'end_turn' },
      ],
      notices: [],
      jobs: [earlier(3, 'serve', { logPath, state: 'killed', killedBy: 'its inkling ended', exitCode: null })],
    });
    await press(r, '/jobs', KEYS.enter);
    await settleUntil(() => frame(r!).includes('Background jobs'));
    await press(r, KEYS.enter, 'o');
    await settleUntil(() => frame(r!).includes('served request 1'));
    expect(store.getState().mode).toBe('pager');
    expect(frame(r)).toContain('served request 1');
    await press(r, 'q');
    await settleUntil(() => store.getState().mode !== 'pager');
    expect(store.getState().mode).toBe('job');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('a job with a long command', () => {
  it('keeps its state, runtime and pid on its row and the log file’s name on its row, at 60 columns', async () => {
    // Imported here: the test above checks the module is not loaded before /jobs.
    const { jobLine, jobViewLines } = await import('../../components/JobsView.js');
    const job = earlier(7, `npm run dev -- ${'--flag '.repeat(30)}`, { lastLine: 'ready on :3000', logPath: `/home/someone/.inkling/sessions/${'x'.repeat(60)}/bash/toolu_7.log` });
    const row = stripAnsi(jobLine(job, 60, 1_065_000));
    expect(row).toMatch(/^ 7 {2}npm run dev -- --flag .*… {2}exited 0 · 1 min {2}ready/);
    const lines = jobViewLines(job, ['ready on :3000'], false, 60, 10).map((l) => stripAnsi(l));
    expect(lines[0]).toMatch(/^job 7 npm run dev .*… {2}exited 0 · 1 min · pid 1007$/);
    expect(lines.at(-2)).toMatch(/^  log: …\S*\/bash\/toolu_7\.log$/);
    expect(lines.every((l) => l.length <= 60)).toBe(true);
  });
});
