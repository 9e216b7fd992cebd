// /jobs and the job view: the list of the session's background jobs on the one picker (command,
// state, runtime, last line), and one job's live pane filling the main view (its screen as the
// emulator renders it, newest rows at the bottom), with its keys on the last row.
import React from 'react';
import { Box } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import type { JobInfo } from '../src/core/jobs/job-types.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { shownJob, visibleJobs } from '../src/store/job-actions.js';
import { jobRuntime, jobStateText } from '../src/store/job-events.js';
import { loadedOnUse } from '../src/store/loaded-on-use.js';
import { Lines } from './Lines.js';
import { ListView } from './ListPicker.js';
import { emptyRow, windowStart } from './picker-rows.js';
import { useApp } from './store-context.js';
import { fitLine, paint } from './text-layout.js';

loadedOnUse('components/JobsView');

function flat(text: string): string {
  return toSafeText(text.replace(/\s*\n\s*/g, ' ⏎ ').trim());
}

export function jobLine(job: JobInfo, width: number, now: number): string {
  const state = job.state === 'running' ? paint.accent(jobStateText(job)) : paint.dim(jobStateText(job));
  const last = job.lastLine ? paint.dim(`  ${flat(job.lastLine)}`) : '';
  return fitLine(`${String(job.id).padStart(2)}  ${flat(job.command)}  ${state} · ${jobRuntime(job, now)}${last}`, width - 2);
}

export function JobsPicker({ width, height }: { width: number; height: number }) {
  // The list and the picker only: a job's new line (its screen) re-renders the job view, not this.
  const jobs = useApp(useShallow((st) => ({ list: st.jobs.list, picker: st.jobs.picker })));
  const s = { jobs };
  const p = jobs.picker;
  if (!p) return <Box height={height} />;
  const rows = visibleJobs(s);
  const room = Math.max(1, height - 3);
  const start = windowStart(p.selected, rows.length, room);
  const now = Date.now();
  const lines =
    rows.length === 0
      ? [emptyRow('no job matches the filter')]
      : rows.slice(start, start + room).map((j, i) => (start + i === p.selected ? paint.inverse(`› ${jobLine(j, width, now)}`) : `  ${jobLine(j, width, now)}`));
  const running = s.jobs.list.filter((j) => j.state === 'running').length;
  return (
    <ListView
      width={width}
      height={height}
      head={<Lines lines={[`${paint.bold('Background jobs')} ${paint.dim(`${running} running — type to filter, ↑↓ choose, Enter opens the pane, Esc back`)}`]} />}
      filter={{ label: 'filter: ', placeholder: 'command or last line', focused: true, state: p }}
      rows={['', ...lines]}
    />
  );
}

/** The job's pane: its screen's last rows that fit, under a head line; the keys on the last row. */
export function jobViewLines(job: JobInfo | undefined, screen: readonly string[] | undefined, typing: boolean, width: number, height: number): string[] {
  if (!job) return [emptyRow('no such job')];
  const head = fitLine(`${paint.bold(`job ${job.id}`)} ${flat(job.command)}  ${job.state === 'running' ? paint.accent('running') : paint.dim(jobStateText(job))} · ${jobRuntime(job, Date.now())} · pid ${job.pid}`, width);
  const keys = typing ? 'the job has the keys — Ctrl+T gives them back' : 'Ctrl+T type into it · x kill · q/Esc back';
  const room = Math.max(1, height - 3);
  // An earlier run's job (resumed) has no screen here: its output is in its log.
  const rows = screen ? screen.slice(-room).map((l) => fitLine(l, width)) : [paint.dim(fitLine(`no screen of it in this run: its output is in its log, ${job.logPath}`, width))];
  return [head, paint.dim('─'.repeat(Math.max(0, width))), ...rows, ...Array(Math.max(0, room - rows.length)).fill(''), paint.dim(fitLine(`  ${keys} · log: ${job.logPath}`, width))];
}

export function JobView({ width, height }: { width: number; height: number }) {
  const { job, screen, typing } = useApp(
    useShallow((st) => {
      const shown = shownJob(st);
      return { job: shown, screen: shown ? st.jobs.screens[shown.id]?.lines : undefined, typing: st.mode === 'shell' };
    }),
  );
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={jobViewLines(job, screen, typing, width, height)} />
    </Box>
  );
}
