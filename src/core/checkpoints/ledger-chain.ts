// A session's ledger as a chain of commits in the shadow repository: each entry is a commit
// whose tree is the workspace after it and whose message is the entry's JSON; the session's ref
// refs/inkling/<session>/ledger points at the newest, which keeps every recorded tree reachable.
import type { Git } from './git.js';
import { splitNul } from './git.js';
import { RefMovedError, readRef, updateRef, writeCommit } from './git-objects.js';
import type { SkippedFile } from './snapshot.js';
import type { FileChange } from './tree-diff.js';

export type LedgerEntryKind =
  /** The workspace as the session first saw it. */
  | 'baseline'
  /** A prompt was sent: the state to rewind to. Changes nothing. */
  | 'prompt'
  /** A tool call that may write. */
  | 'tool'
  /** Changes no tool made (an editor, a background process). */
  | 'outside'
  /** The person reverted one entry's changes. */
  | 'undo'
  /** The person restored the files to just before a prompt. */
  | 'rewind';

/** Entries that are inkling's own doing: what a rewind reverts and /diff shows. */
export const OWN_ENTRY_KINDS: ReadonlySet<LedgerEntryKind> = new Set<LedgerEntryKind>(['tool', 'undo', 'rewind']);

export interface LedgerEntryMeta {
  v: 1;
  kind: LedgerEntryKind;
  /** The session that recorded the entry (a forked chain starts with its parent's entries). */
  session: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** "edit_file src/a.ts", "bash sed -i …", "changed outside inkling", "undo of …". */
  label: string;
  /** Tree before the entry (the tree after it is the commit's own). */
  before: string;
  changes: FileChange[];
  skipped?: SkippedFile[];
  /** kind 'prompt': which prompt of the conversation (1-based) and its first line. */
  prompt?: { ordinal: number; firstLine: string };
  /** kind 'tool': the call. */
  call?: { id: string; name: string };
  /** kind 'tool' made by a child agent: its task call, whose own entry holds this one's changes too. */
  parent?: string;
  /** kind 'undo': the entry reverted; kind 'rewind': the prompt entry rewound to. */
  reverts?: string;
  /** Told to the model at the start of the next turn. */
  note?: string;
  /** kind 'outside' recorded after calls that were not tracked: why tracking was paused. */
  paused?: string;
  /** kind 'rewind' starting a forked chain: where it came from. */
  forkedFrom?: { session: string; entry: string };
  /** Background jobs that ran meanwhile: 'outside' changes by them, a 'tool' call that may include theirs. */
  jobs?: number[];
}

export interface LedgerEntry extends LedgerEntryMeta {
  /** The commit's id. */
  id: string;
  /** Tree after the entry. */
  after: string;
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isValidSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

export function ledgerRef(session: string): string {
  if (!isValidSessionId(session)) throw new Error(`invalid session id for the ledger: ${JSON.stringify(session)}`);
  return `refs/inkling/${session}/ledger`;
}

/** Another process moved the session's ref meanwhile; reload and try again. */
export class ChainMovedError extends Error {
  override readonly name = 'ChainMovedError';
}

export class LedgerChain {
  private list: LedgerEntry[] = [];
  private headId: string | undefined;

  constructor(
    private readonly git: Git,
    readonly session: string,
  ) {}

  get entries(): readonly LedgerEntry[] {
    return this.list;
  }

  head(): LedgerEntry | undefined {
    return this.list.at(-1);
  }

  /** Reads the chain from the repository (empty when the session has none yet). */
  async load(): Promise<void> {
    const head = await readRef(this.git.location.gitDir, ledgerRef(this.session));
    this.headId = head;
    this.list = head ? await readChain(this.git, head) : [];
  }

  /**
   * Appends an entry with `after` as its tree. `parentOverride` starts a forked chain on another
   * session's entry (only for a chain that is still empty).
   */
  async append(meta: LedgerEntryMeta, after: string, parentOverride?: LedgerEntry[]): Promise<LedgerEntry> {
    const parent = parentOverride ? parentOverride.at(-1)?.id : this.headId;
    const { gitDir } = this.git.location;
    const id = await writeCommit(gitDir, { tree: after, ...(parent ? { parent } : {}), message: JSON.stringify(meta) });
    try {
      await updateRef(gitDir, ledgerRef(this.session), id, this.headId);
    } catch (err) {
      if (err instanceof RefMovedError) throw new ChainMovedError(`the ledger of session ${this.session} was changed by another process`);
      throw err;
    }
    const entry: LedgerEntry = { ...meta, id, after };
    if (parentOverride) this.list = [...parentOverride];
    this.list.push(entry);
    this.headId = id;
    return entry;
  }
}

export interface LedgerSessionHead {
  session: string;
  head: LedgerEntry;
}

/** Every session with a ledger in this shadow repository, newest last entry first. */
export async function listLedgerSessions(git: Git): Promise<LedgerSessionHead[]> {
  const out = splitNul(
    await git.run(['for-each-ref', '--format=%(refname)%01%(objectname)%01%(tree)%01%(contents)%00', 'refs/inkling/']),
  );
  const heads: LedgerSessionHead[] = [];
  for (const line of out) {
    const [ref, id, tree, body] = line.replace(/^\n/, '').split('\x01');
    const m = /^refs\/inkling\/([^/]+)\/ledger$/.exec(ref ?? '');
    const meta = parseMeta(body);
    if (m && id && tree && meta) heads.push({ session: m[1]!, head: { ...meta, id, after: tree } });
  }
  return heads.sort((a, b) => b.head.at - a.head.at);
}

async function readChain(git: Git, head: string): Promise<LedgerEntry[]> {
  const records = splitNul(await git.run(['log', '-z', '--format=%H%x01%T%x01%B', head]));
  const entries: LedgerEntry[] = [];
  for (const record of records) {
    const [id, tree, body] = record.replace(/^\n/, '').split('\x01');
    const meta = parseMeta(body);
    // A commit this version cannot read (a newer format) is left out, not fatal.
    if (id && tree && meta) entries.push({ ...meta, id, after: tree });
  }
  return entries.reverse();
}

function parseMeta(body: string | undefined): LedgerEntryMeta | undefined {
  if (!body) return undefined;
  try {
    const meta = JSON.parse(body) as LedgerEntryMeta;
    return meta && meta.v === 1 && typeof meta.kind === 'string' && typeof meta.before === 'string' ? meta : undefined;
  } catch {
    return undefined;
  }
}
