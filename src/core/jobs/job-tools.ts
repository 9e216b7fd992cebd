// The model's tools for background jobs: job_output reads what a job printed (by byte offset into
// its log), job_input types into its pty, job_kill ends it and everything it started.
import type { Tool, ToolContext, ToolResult } from '../tools/tool.js';
import { endedText } from './job-result.js';
import { formatRuntime, readLogSlice } from './job-log.js';
import type { JobTable } from './job-table.js';
import type { JobInfo } from './job-types.js';
import { oneLine } from './job-table.js';

function tableOf(ctx: ToolContext): JobTable | string {
  return ctx.session.jobs ?? 'Background jobs are not available in this session.';
}

function findJob(ctx: ToolContext, id: unknown): { jobs: JobTable; job: JobInfo } | ToolResult {
  const jobs = tableOf(ctx);
  if (typeof jobs === 'string') return { content: jobs, isError: true };
  const job = typeof id === 'number' ? jobs.get(id) : undefined;
  if (job) return { jobs, job };
  const known = jobs.list().map((j) => `${j.id} (${j.state})`);
  return { content: `No job ${String(id)} in this session. ${known.length ? `Jobs: ${known.join(', ')}.` : 'No jobs were started.'}`, isError: true };
}

function stateLine(job: JobInfo): string {
  const head = `Job ${job.id} \`${oneLine(job.command)}\``;
  if (job.state === 'running') return `${head} is running (pid ${job.pid}, for ${formatRuntime(Date.now() - job.startedAt)}).`;
  return `${head} ${endedText(job)} after ${formatRuntime((job.endedAt ?? Date.now()) - job.startedAt)}.`;
}

export const jobOutputTool: Tool<{ id: number; since?: number }> = {
  name: 'job_output',
  description:
    "Reads a background job's output (a bash call with background: true, or one the person or its timeout moved to the background). " +
    'Without `since` it returns what the job printed since your last job_output of it (or since its call returned); with `since`, from that ' +
    'byte offset of its log (each result gives the next offset). Long ranges come as head and tail. Says whether the job still runs, or how it ended.',
  readOnly: true,
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The job id.', minimum: 1 },
      since: { type: 'integer', description: 'Byte offset into the job log to read from (a previous result gives it).', minimum: 0 },
    },
    required: ['id'],
    additionalProperties: false,
  },
  async execute(input, ctx) {
    const found = findJob(ctx, input.id);
    if (!('job' in found)) return found;
    const { jobs, job } = found;
    const from = typeof input.since === 'number' ? input.since : jobs.readFrom(job.id);
    const slice = readLogSlice(job.logPath, from);
    jobs.readFrom(job.id, slice.next);
    if (job.state !== 'running') jobs.markEndTold(job.id);
    const text = slice.text.replace(/\n$/, '');
    return {
      content: [stateLine(job), text === '' ? '(nothing new)' : text, '', `next since: ${slice.next}; full log: ${job.logPath}`].join('\n'),
      isError: false,
    };
  },
};

export const jobInputTool: Tool<{ id: number; text: string }> = {
  name: 'job_input',
  description:
    "Types text into a running background job's terminal, as keys: end a line with \\n (Enter); \\u0003 is Ctrl+C. " +
    'Then read what it answered with job_output.',
  readOnly: false,
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The job id.', minimum: 1 },
      text: { type: 'string', description: 'The keys to send.' },
    },
    required: ['id', 'text'],
    additionalProperties: false,
  },
  async execute(input, ctx) {
    const found = findJob(ctx, input.id);
    if (!('job' in found)) return found;
    const { jobs, job } = found;
    if (job.state !== 'running') return { content: `${stateLine(job)} Nothing was typed.`, isError: true };
    if (!jobs.write(job.id, input.text)) return { content: `Job ${job.id} does not take input now.`, isError: true };
    return { content: `Typed ${input.text.length} characters into job ${job.id}. Read its answer with job_output.`, isError: false };
  },
};

export const jobKillTool: Tool<{ id: number }> = {
  name: 'job_kill',
  description: 'Kills a background job and every process it started (its whole process tree and containment).',
  readOnly: false,
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'integer', description: 'The job id.', minimum: 1 } },
    required: ['id'],
    additionalProperties: false,
  },
  async execute(input, ctx) {
    const found = findJob(ctx, input.id);
    if (!('job' in found)) return found;
    const { jobs, job } = found;
    if (job.state !== 'running') {
      jobs.markEndTold(job.id);
      return { content: `${stateLine(job)} Nothing to kill.`, isError: false };
    }
    await jobs.kill(job.id, 'job_kill');
    const after = jobs.get(job.id) ?? job;
    return { content: `${stateLine(after)} It and every process it started are gone. Full log: ${job.logPath}`, isError: false };
  },
};

export const jobTools = [jobOutputTool, jobInputTool, jobKillTool];
