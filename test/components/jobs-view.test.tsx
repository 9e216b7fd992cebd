// /jobs after a resume: the earlier run's jobs (ended, as the session view hands them over) are
// listed on the picker beside this run's, and Enter shows one with its state and log. The
// picker, the job view and their actions load when /jobs is first used, not with the App.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import type { JobInfo } from '../../src/core/jobs/job-types.js';
import { createAppStore } from '../../src/store/app-store.js';
import { modulesLoadedOnUse } from '../../src/store/loaded-on-use.js';
import { showSession } from '../../src/store/session-picker.js';
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
    r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} markdownDelayMs={100_000} />);
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
    expect(frame(r)).toContain('no screen of it in this run: its output is in its log, /logs/bash/call-2.log');
    expect(frame(r)).toContain('log: /logs/bash/call-2.log');
    await press(r, 'q');
    expect(store.getState().mode).toBe('jobs');
  });
});
