// The file list `@` completes from: read once after the first frame, and again (in the
// background, at most every `minIntervalMs`; an ask within it, when it is over) whenever completion
// asks for it; a read that finds a different list tells `onChange`, so an open menu shows files
// made during the session.
import { listWorkspaceFiles } from '../core/files/file-completion.js';

export interface WorkspaceFileList {
  /** The list as last read (empty until the first read is done); asking may start a re-read. */
  get(): readonly string[];
  /** Starts a read now (after the first frame). */
  refresh(): Promise<void>;
}

export function workspaceFileList(
  root: string,
  opts: { minIntervalMs?: number; now?: () => number; onChange?: (files: readonly string[]) => void } = {},
): WorkspaceFileList {
  const minInterval = opts.minIntervalMs ?? 500;
  const now = opts.now ?? Date.now;
  let files: readonly string[] = [];
  let lastStart = -Infinity;
  let reading: Promise<void> | null = null;
  let trailing: NodeJS.Timeout | null = null;
  const refresh = (): Promise<void> => {
    if (reading) return reading;
    lastStart = now();
    reading = listWorkspaceFiles(root).then(
      (f) => {
        const changed = f.length !== files.length || f.some((name, i) => name !== files[i]);
        files = f;
        if (changed) opts.onChange?.(f);
      },
      () => undefined,
    ).finally(() => (reading = null));
    return reading;
  };
  return {
    get() {
      const wait = lastStart + minInterval - now();
      if (wait <= 0) void refresh();
      // Asked within the interval: read again once it is over, or a file made just after the last
      // read would not show until the next keystroke.
      else if (!trailing) {
        trailing = setTimeout(() => {
          trailing = null;
          void refresh();
        }, wait);
        trailing.unref?.();
      }
      return files;
    },
    refresh,
  };
}
