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

/** The command cut so that what follows it on its row (`after` columns) still fits: a long command never hides the state. */
function commandIn(job: JobInfo, width: number, after: number): string {
  return fitLine(flat(job.command), Math.max(12, width - after));
}

/** A path cut from its start, so its file name stays. */
function pathIn(file: string, width: number): string {
  return file.length <= width ? file : `…${file.slice(file.length - Math.max(1, width - 1))}`;
}

export function jobLine(job: JobInfo, width: number, now: number): string {
  const status = `${jobStateText(job)} · ${jobRuntime(job, now)}`;
  const state = job.state === 'running' ? paint.accent(status) : paint.dim(status);
  const last = job.lastLine ? paint.dim(`  ${flat(job.lastLine)}`) : '';
  // The selection mark, the id and the gaps take 8 columns; a third of the rest stays for the last line.
  const room = width - 8 - status.length;
  return fitLine(`${String(job.id).padStart(2)}  ${commandIn(job, room, Math.floor(room / 3))}  ${state}${last}`, width - 2);
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

/** The job's pane: its screen's last rows that fit, under a head line; its log's path and the keys on the last rows. */
export function jobViewLines(job: JobInfo | undefined, screen: readonly string[] | undefined, typing: boolean, width: number, height: number): string[] {
  if (!job) return [emptyRow('no such job')];
  const status = `${jobStateText(job)} · ${jobRuntime(job, Date.now())} · pid ${job.pid}`;
  const label = `job ${job.id}`;
  const head = fitLine(`${paint.bold(label)} ${commandIn(job, width, label.length + status.length + 3)}  ${job.state === 'running' ? paint.accent(status) : paint.dim(status)}`, width);
  const keys = typing ? 'the job has the keys — Ctrl+T gives them back' : job.state === 'running' ? 'Ctrl+T type into it · x kill · o log · q/Esc back' : 'o log · q/Esc back';
  const room = Math.max(1, height - 4);
  // An earlier run's job (resumed) has no screen here: its output is in its log.
  const rows = screen ? screen.slice(-room).map((l) => fitLine(l, width)) : [paint.dim(fitLine('no screen of it in this run: its output is in its log (below)', width))];
  return [head, paint.dim('─'.repeat(Math.max(0, width))), ...rows, ...Array(Math.max(0, room - rows.length)).fill(''), paint.dim(`  log: ${pathIn(job.logPath, Math.max(12, width - 7))}`), paint.dim(fitLine(`  ${keys}`, width))];
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
