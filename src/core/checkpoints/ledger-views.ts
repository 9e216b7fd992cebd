// Read-only views of a ledger chain: the prompt list (rewind pickers, `inkling rewind --list`),
// the session-wide diff (/diff), and the lookups the ledger's operations make in it.
import type { Git } from './git.js';
import { OWN_ENTRY_KINDS, type LedgerEntry } from './ledger-chain.js';
import { treeChanges, unifiedDiff, type FileChange } from './tree-diff.js';

export interface PromptSummary {
  /** 1-based position among the chain's prompts: what rewind takes. */
  n: number;
  /** The prompt's ledger entry. */
  entry: string;
  /** Which prompt of the conversation it was (1-based). */
  ordinal: number;
  /** Milliseconds since the epoch. */
  at: number;
  firstLine: string;
  /** Files the turn's calls (and undos, rewinds) changed, in the order first touched. */
  files: string[];
  added: number;
  removed: number;
}

export interface SessionDiff {
  /** Net change per file from the session's start to its last record. */
  files: FileChange[];
  /** The same as one unified diff. */
  diff: string;
  /** Calls that ran while tracking was paused (their changes, if any, are not in `files` as theirs). */
  untracked?: { label: string; reason: string }[];
}

export function promptSummaries(entries: readonly LedgerEntry[]): PromptSummary[] {
  const out: PromptSummary[] = [];
  let current: PromptSummary | undefined;
  for (const entry of entries) {
    if (entry.kind === 'prompt') {
      current = {
        n: out.length + 1,
        entry: entry.id,
        ordinal: entry.prompt?.ordinal ?? out.length + 1,
        at: entry.at,
        firstLine: entry.prompt?.firstLine ?? '',
        files: [],
        added: 0,
        removed: 0,
      };
      out.push(current);
    } else if (current && OWN_ENTRY_KINDS.has(entry.kind) && !entry.parent) {
      // (A child agent's call is counted in its task call's entry.)
      for (const change of entry.changes) {
        if (!current.files.includes(change.path)) current.files.push(change.path);
        current.added += change.added;
        current.removed += change.removed;
      }
    }
  }
  return out;
}

export async function sessionChanges(git: Git, entries: readonly LedgerEntry[]): Promise<SessionDiff> {
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) return { files: [], diff: '' };
  const touched = new Set(entries.filter((e) => OWN_ENTRY_KINDS.has(e.kind)).flatMap((e) => e.changes.map((c) => c.path)));
  const files = (await treeChanges(git, first.before, last.after)).filter((c) => touched.has(c.path));
  const diff = await unifiedDiff(git, first.before, last.after, files.map((c) => c.path));
  return { files, diff };
}

/** The notes for the model that entries since the last prompt carry (an undo's, a rewind's). */
export function notesSinceLastPrompt(entries: readonly LedgerEntry[]): string[] {
  return entries.slice(lastIndexOf(entries, (e) => e.kind === 'prompt') + 1).flatMap((e) => (e.note ? [e.note] : []));
}

/** The entry that recorded a tool call (the latest such entry). */
export function entryOfCall(entries: readonly LedgerEntry[], toolCallId: string): LedgerEntry | undefined {
  return entries[lastIndexOf(entries, (e) => e.call?.id === toolCallId)];
}

function lastIndexOf<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}
