// Tests that start jobs read their lines with job_output (waiting for a condition), not from the
// starting call: its wait for first lines (jobs.firstLinesMs, 1 s by default) is made short.
export const QUICK_FIRST_LINES_MS = 50;
