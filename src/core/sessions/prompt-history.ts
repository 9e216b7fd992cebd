// The prompts typed in a workspace, across its sessions (↑ in the input walks them): one JSON
// line per prompt in sessions/<workspace-key>/history.jsonl, the last HISTORY_LIMIT kept.
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './session-paths.js';

export const HISTORY_LIMIT = 1000;

export function appendPromptHistory(file: string, prompt: string, at: number): void {
  makePrivateDir(path.dirname(file));
  appendFileSync(file, `${JSON.stringify({ at, prompt })}\n`, { mode: 0o600 });
}

/** Oldest first. A file grown past twice the limit is cut back to the limit (atomically). */
export function readPromptHistory(file: string, limit = HISTORY_LIMIT): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const prompts: string[] = [];
  for (const line of lines) {
    try {
      const value = JSON.parse(line) as { prompt?: unknown };
      if (typeof value.prompt === 'string') prompts.push(value.prompt);
    } catch {
      // A torn last line (the process was killed mid-write) is not a prompt.
    }
  }
  if (lines.length > 2 * limit) {
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, `${lines.slice(-limit).join('\n')}\n`, { mode: 0o600 });
      renameSync(tmp, file);
    } catch {
      // Trimming is housekeeping; the history still reads.
    }
  }
  return prompts.slice(-limit);
}
