// What the model gets when its bash call became a background job: the job's id and pid, the
// output so far (bounded head and tail of the log), where to read on, and how to stop it.
import type { BashDetails } from '../tools/bash-details.js';
import type { ToolResult } from '../tools/tool.js';
import type { JobRunOutcome } from './bash-job.js';
import { readLogSlice } from './job-log.js';
import type { JobTable } from './job-table.js';
import type { JobInfo } from './job-types.js';

const HOW: Record<JobInfo['movedBy'], (id: number) => string> = {
  request: (id) => `Started in the background as job ${id}`,
  person: (id) => `The person moved this command to the background as job ${id}`,
  timeout: (id) => `The command reached its timeout and was moved to the background as job ${id}`,
};

/** How a job ended, as a result line says it. */
export function endedText(job: JobInfo): string {
  if (job.state === 'killed') return `was killed (${job.killedBy ?? 'killed'})`;
  if (job.signal) return `was ended by ${job.signal}`;
  return `exited with code ${job.exitCode ?? 'unknown'}`;
}

export function jobResult(outcome: Extract<JobRunOutcome, { kind: 'job' }>, jobs: JobTable, base: Pick<BashDetails, 'command' | 'logPath' | 'sandboxed'>): ToolResult {
  const { job } = outcome;
  // The output so far; job_output without `since` goes on from here.
  const slice = readLogSlice(job.logPath, 0);
  jobs.readFrom(job.id, slice.next);
  const lines = [
    `${HOW[job.movedBy](job.id)} (pid ${job.pid}).`,
    slice.text.trim() === '' ? '(no output yet)' : `Output so far:\n${slice.text.replace(/\n$/, '')}`,
    '',
  ];
  if (outcome.ended) {
    jobs.markEndTold(job.id);
    lines.push(`Job ${job.id} already ${endedText(job)}. Full log: ${job.logPath}`);
  } else {
    lines.push(
      `Job ${job.id} runs on. job_output {"id": ${job.id}} reads what it prints next (or since=<byte offset>; next offset: ${slice.next}); ` +
        `job_input types into it; job_kill stops it and everything it started. Full log: ${job.logPath}`,
    );
  }
  const details: BashDetails = {
    kind: 'bash',
    ...base,
    snapshot: outcome.snapshot ?? { cols: 80, rows: 24, lines: [], totalLines: 0 },
    running: false,
    exitCode: outcome.ended ? job.exitCode : null,
    signal: outcome.ended ? job.signal : null,
    timedOut: false,
    totalBytes: outcome.totalBytes,
    job: job.id,
  };
  return { content: lines.join('\n'), isError: false, details };
}
