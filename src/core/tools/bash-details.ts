// What the UI gets for a bash call while it runs and when it ends (beside bash.ts).
import type { TerminalSnapshot } from '../shell/terminal-snapshot.js';

export interface BashDetails {
  kind: 'bash';
  command: string;
  snapshot: TerminalSnapshot;
  running: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Full output log on disk (may be capped), for the pager. */
  logPath: string;
  totalBytes: number;
  /** Whether it ran in the sandbox (absent: not known, as in old sessions). */
  sandboxed?: boolean;
  /** The command left its call and runs on as this background job (core/jobs). */
  job?: number;
}
