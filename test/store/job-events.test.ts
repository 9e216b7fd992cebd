// The door's job events in the store: busy jobs' screens are committed once a frame (the newest
// per job), and a job's end lands after the screens that came before it.
import { describe, expect, it } from 'vitest';
import type { JobInfo } from '../../src/core/jobs/job-types.js';
import { createAppStore } from '../../src/store/app-store.js';
import { jobEvent } from '../../src/store/job-events.js';
import { within } from '../helpers/survivors.js';

const job = (id: number, over: Partial<JobInfo> = {}): JobInfo => ({
  id, command: `loop ${id}`, callId: `c${id}`, pid: id, logPath: `/l/${id}.log`, startedAt: 0, state: 'running', exitCode: null, signal: null, lastLine: '', sandboxed: false, movedBy: 'request', ...over,
});
const screen = (text: string) => ({ lines: [text], cursor: null } as unknown as Extract<Parameters<typeof jobEvent>[1], { type: 'job_output' }>['snapshot']);

describe('job events in the store', () => {
  it('commits the screens of busy jobs once a frame, the newest of each, and an end after them', async () => {
    const store = createAppStore();
    jobEvent(store, { type: 'job_start', job: job(1) });
    jobEvent(store, { type: 'job_start', job: job(2) });
    let commits = 0;
    const off = store.subscribe(() => commits++);
    for (let i = 1; i <= 5; i++) {
      jobEvent(store, { type: 'job_output', id: 1, snapshot: screen(`one-${i}`), totalBytes: i });
      jobEvent(store, { type: 'job_output', id: 2, snapshot: screen(`two-${i}`), totalBytes: i });
    }
    expect(await within(5000, () => store.getState().jobs.screens[2] !== undefined)).toBe(true);
    expect(commits).toBe(1);
    expect(store.getState().jobs.list.map((j) => j.lastLine)).toEqual(['one-5', 'two-5']);
    jobEvent(store, { type: 'job_output', id: 1, snapshot: screen('one-last'), totalBytes: 9 });
    jobEvent(store, { type: 'job_end', job: job(1, { state: 'exited', exitCode: 0, lastLine: 'one-last', endedAt: 5000 }) });
    expect(store.getState().jobs.screens[1]?.lines).toEqual(['one-last']);
    off();
  });
});
