// `inkling rewind`: the prompts of the workspace's latest session with what each changed, and
// putting the files back to just before one of them. A file changed outside inkling since is a
// conflict: nothing is touched, the files are listed and the exit code is 1, unless --force.
import path from 'node:path';
import { EXIT, UsageError, parsePositiveInt, parseSubcommandArgs, type FlagSpec } from './args.js';
import type { SubcommandContext } from './subcommand-context.js';

export const REWIND_USAGE = [
  'Usage:',
  '  inkling rewind --list              the prompts of the latest session in this workspace:',
  '                                     n<TAB>time<TAB>files changed<TAB>first line, numbered from 1',
  '  inkling rewind <n> [--files-only] [--force]',
  '                                     put the files back to just before prompt n; a file changed',
  '                                     outside inkling since is listed and nothing changes (exit 1)',
  '                                     unless --force restores it too; without --files-only the',
  '                                     conversation goes on in a new session forked at that prompt',
  '                                     (the old one stays; inkling --continue opens the new one)',
  'Global flags such as --cwd <dir> (the workspace) may follow.',
  '',
].join('\n');

type OwnFlag = 'list' | 'filesOnly' | 'force' | 'help';

const OWN_FLAGS: readonly FlagSpec<OwnFlag>[] = [
  { key: 'list', long: '--list', kind: 'switch', help: "list the latest session's prompts" },
  { key: 'filesOnly', long: '--files-only', kind: 'switch', help: 'restore the files, not the conversation' },
  { key: 'force', long: '--force', kind: 'switch', help: 'restore files changed outside inkling since, too' },
  { key: 'help', long: '--help', short: '-h', kind: 'switch', help: 'show this help' },
];

interface RewindArgs {
  list: boolean;
  prompt?: number;
  filesOnly: boolean;
  force: boolean;
  cwd?: string;
  help: boolean;
}

export function parseRewindArgs(argv: readonly string[]): RewindArgs {
  const { flags, own, positionals } = parseSubcommandArgs(argv, OWN_FLAGS);
  const args: RewindArgs = {
    list: own.list === true,
    filesOnly: own.filesOnly === true,
    force: own.force === true,
    help: own.help === true || flags.help,
    ...(flags.cwd ? { cwd: flags.cwd } : {}),
  };
  if (positionals.length > 1) throw new UsageError(`inkling rewind takes one prompt number (got ${positionals.length} words)`);
  if (positionals[0] !== undefined) args.prompt = parsePositiveInt(positionals[0], 'the prompt number');
  if (args.help) return args;
  if (args.list && args.prompt !== undefined) throw new UsageError('give --list or a prompt number, not both');
  if (!args.list && args.prompt === undefined) throw new UsageError('inkling rewind needs --list or a prompt number');
  if (args.list && (args.filesOnly || args.force)) throw new UsageError('--files-only and --force go with a prompt number');
  return args;
}

export async function runRewindCommand(argv: string[], ctx: SubcommandContext): Promise<number> {
  const args = parseRewindArgs(argv);
  const out = (text: string) => ctx.stdout.write(ctx.scrub(text));
  const err = (text: string) => ctx.stderr.write(ctx.scrub(text));
  if (args.help) {
    out(REWIND_USAGE);
    return EXIT.ok;
  }
  const workspaceRoot = path.resolve(ctx.cwd, args.cwd ?? '.');
  const [{ inklingHome }, { latestLedgerSession }, { ChangeLedger }] = await Promise.all([
    import('../core/config/paths.js'),
    import('../core/checkpoints/ledger-sessions.js'),
    import('../core/checkpoints/change-ledger.js'),
  ]);
  const home = inklingHome(ctx.env);
  const latest = await latestLedgerSession({ home, workspaceRoot, env: ctx.env });
  if (!latest.ok) {
    err(`inkling: ${latest.reason}\n`);
    return args.list && latest.kind === 'none' ? EXIT.ok : EXIT.error;
  }
  const ledger = new ChangeLedger({ workspaceRoot, home, sessionId: latest.session, env: ctx.env });
  const prompts = await ledger.prompts();
  if (args.list) {
    for (const p of prompts) out(`${p.n}\t${formatTime(p.at)}\t${p.files.length}\t${p.firstLine.replace(/\t/g, ' ')}\n`);
    return EXIT.ok;
  }
  const n = args.prompt!;
  if (n > prompts.length) {
    err(`inkling: there is no prompt ${n}: the latest session has ${prompts.length} (see inkling rewind --list)\n`);
    return EXIT.error;
  }
  const plan = await ledger.planRewind(n);
  if (plan.conflicts.length > 0 && !args.force) {
    err(`inkling: not rewound: ${plan.conflicts.length === 1 ? 'this file' : 'these files'} changed since prompt ${n}, and not by inkling:\n`);
    for (const c of plan.conflicts) err(`  ${c.path} (${c.changedBy.join(', ')})\n`);
    err('Nothing was changed. Run again with --force to restore them too.\n');
    return EXIT.error;
  }
  // Without --files-only the saved conversation forks too: a new session file holding the
  // records before that prompt (the old one stays as it was), which the ledger's chain follows
  // and `inkling --continue` then opens.
  const fork = args.filesOnly ? undefined : await forkConversation(home, workspaceRoot, latest.session, prompts[n - 1]!.ordinal);
  if (fork && 'problem' in fork) err(`inkling: ${fork.problem}; only the files are rewound\n`);
  const forked = fork && 'id' in fork ? fork.id : undefined;
  const outcome = await ledger.rewind(n, { overwriteConflicts: args.force, ...(forked ? { fork: forked } : {}) });
  const { describeChange } = await import('../core/checkpoints/tree-diff.js');
  const changes = [...plan.clean, ...(args.force ? plan.conflicts : [])].filter((c) => outcome.restored.includes(c.path));
  out(`Rewound the files to just before ${plan.label}: ${changes.length === 0 ? 'nothing to change' : `${changes.length} file${changes.length === 1 ? '' : 's'}`}\n`);
  for (const c of changes) out(`  ${describeChange(c)}\n`);
  if (forked) out(`The conversation goes on in a new session, ${forked} (forked from ${latest.session}, which stays as it was): inkling --continue opens it\n`);
  const failed = outcome.left.filter((p) => !plan.conflicts.some((c) => c.path === p) || args.force);
  if (failed.length > 0) {
    err(`inkling: could not restore: ${failed.join(', ')}\n`);
    return EXIT.error;
  }
  return EXIT.ok;
}

/** The fork of the saved conversation at a prompt; a problem to say when there is none to fork. */
async function forkConversation(home: string, workspaceRoot: string, session: string, ordinal: number): Promise<{ id: string } | { problem: string }> {
  const [{ sessionPaths }, { forkSessionOnDisk }, { packageVersion }] = await Promise.all([
    import('../core/sessions/session-paths.js'),
    import('../core/sessions/session-fork.js'),
    import('./version.js'),
  ]);
  const paths = sessionPaths(home, workspaceRoot);
  try {
    const fork = forkSessionOnDisk(paths, session, ordinal, packageVersion());
    return fork ? { id: fork.id } : { problem: `the saved conversation of session ${session} has no prompt ${ordinal}` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? `session ${session} has no saved conversation` : `could not fork the saved conversation: ${(e as Error).message}` };
  }
}

function formatTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
