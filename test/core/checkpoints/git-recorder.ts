// A `git` wrapper put first on the ledger's PATH: it records every git process's start and end
// (one line each, appended under a lock, so the file's order is the order things happened) and
// passes signals on, so a test can tell how many ledger git processes were alive at once. It can
// also hold git commands back while a file exists, to make a snapshot overrun on cue.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface GitRecord {
  /** PATH with the wrapper first: give it to the ledger's env only. */
  env: NodeJS.ProcessEnv;
  /** The most check-ignore and other git processes alive at once, and the starts with no end. */
  read(): Promise<{ starts: number; maxCheckIgnore: number; maxOther: number; unended: string[]; pids: number[] }>;
}

/** `holdWhile`: while this file exists, every git command but check-ignore waits before it starts (a slow snapshot, on cue). */
export async function gitRecorder(dir: string, opts: { holdWhile?: string } = {}): Promise<GitRecord> {
  const bin = path.join(dir, 'git-wrapper-bin');
  const log = path.join(dir, 'git-processes.log');
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await fs.mkdir(bin, { recursive: true });
  await fs.writeFile(log, '');
  const script = [
    '#!/bin/sh',
    `log='${log}'`,
    'kind=other',
    'for a in "$@"; do [ "$a" = check-ignore ] && kind=check-ignore; done',
    'flock "$log.lock" sh -c \'echo "start $1 $2" >> "$3"\' _ $$ $kind "$log"',
    ...(opts.holdWhile ? [`[ $kind = other ] && while [ -e '${opts.holdWhile}' ]; do sleep 0.05; done`] : []),
    'trap \'kill -TERM $child 2>/dev/null\' TERM INT HUP',
    // A background job's stdin is /dev/null unless it is redirected from a copy made before.
    'exec 3<&0',
    `'${realGit}' "$@" 0<&3 3<&- &`,
    'child=$!',
    'while :; do wait $child; rc=$?; kill -0 $child 2>/dev/null || break; done',
    'flock "$log.lock" sh -c \'echo "end $1 $2 $4" >> "$3"\' _ $$ $kind "$log" $child',
    'exit $rc',
    '',
  ].join('\n');
  await fs.writeFile(path.join(bin, 'git'), script, { mode: 0o755 });
  return {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
    async read() {
      const alive = new Map<string, string>();
      const now = { 'check-ignore': 0, other: 0 };
      let maxCheckIgnore = 0;
      let maxOther = 0;
      let starts = 0;
      const pids: number[] = [];
      for (const line of (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean)) {
        const [what, pid, kind, child] = line.split(' ') as [string, string, 'check-ignore' | 'other', string?];
        pids.push(Number(pid), ...(child ? [Number(child)] : []));
        if (what === 'start') {
          starts++;
          alive.set(pid, kind);
          now[kind]++;
        } else {
          alive.delete(pid);
          now[kind]--;
        }
        maxCheckIgnore = Math.max(maxCheckIgnore, now['check-ignore']);
        maxOther = Math.max(maxOther, now.other);
      }
      return { starts, maxCheckIgnore, maxOther, unended: [...alive].map(([pid, kind]) => `${kind} ${pid}`), pids: [...new Set(pids)] };
    },
  };
}
