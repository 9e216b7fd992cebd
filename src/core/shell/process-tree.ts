// Finds every process a command started and ends them all. Walking /proc is the only way to reach
// descendants that left the command's process group (setsid, nohup, daemons); an environment marker
// catches the ones whose parent already exited and were re-parented to init.
import fs from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  /** Clock ticks since boot at process start: tells a live process from a reused pid. */
  startTime: string;
  state: string;
}

/** Parses /proc/<pid>/stat; the command name may hold spaces and parentheses, so split after the last ')'. */
export function readProcess(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  if (close === -1) return null;
  const fields = stat.slice(close + 2).split(' ');
  // fields[0] is field 3 (state) of proc(5); starttime is field 22.
  return {
    pid,
    state: fields[0] ?? '?',
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    startTime: fields[19] ?? '',
  };
}

function listPids(): number[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    if (name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57) pids.push(Number(name));
  }
  return pids;
}

function hasEnvMarker(pid: number, marker: string): boolean {
  try {
    const env = fs.readFileSync(`/proc/${pid}/environ`);
    return env.includes(`\0${marker}\0`) || env.subarray(0, marker.length + 1).equals(Buffer.from(`${marker}\0`));
  } catch {
    return false;
  }
}

function readProcessTable(): Map<number, ProcessInfo> {
  const all = new Map<number, ProcessInfo>();
  for (const pid of listPids()) {
    const info = readProcess(pid);
    if (info) all.set(pid, info);
  }
  return all;
}

/** The given processes, their descendants (by parent pid), their groups' members, and env-marked ones. */
/**
 * Marks one command's processes: an environment entry (NAME=value) every descendant inherits, and
 * the shell's start time, so only processes started since then need their environment read.
 */
export interface CommandTag {
  env: string;
  startedAfter: number;
}

function collectFrom(all: Map<number, ProcessInfo>, roots: ProcessInfo[], tag?: CommandTag): ProcessInfo[] {
  const children = new Map<number, number[]>();
  for (const info of all.values()) {
    const list = children.get(info.ppid);
    if (list) list.push(info.pid);
    else children.set(info.ppid, [info.pid]);
  }
  const found = new Map<number, ProcessInfo>();
  const queue: number[] = [];
  const add = (pid: number) => {
    const info = all.get(pid);
    if (!info || found.has(pid) || isProtected(pid)) return;
    found.set(pid, info);
    queue.push(pid);
  };
  for (const root of roots) if (all.get(root.pid)?.startTime === root.startTime) add(root.pid);
  const leaders = new Set(roots.map((r) => r.pid));
  for (const info of all.values()) if (leaders.has(info.pgrp)) add(info.pid);
  if (tag) {
    for (const info of all.values()) {
      if (!found.has(info.pid) && Number(info.startTime) >= tag.startedAfter && hasEnvMarker(info.pid, tag.env)) add(info.pid);
    }
  }
  while (queue.length > 0) {
    const pid = queue.pop()!;
    for (const child of children.get(pid) ?? []) add(child);
  }
  return [...found.values()];
}

/**
 * The command's shell `rootPid` (only if it is still our own child: a dead pid may be reused), its
 * descendants, its process group, and any process carrying its tag in the environment. Call this BEFORE killing anything: once a parent dies its children are
 * re-parented and the tree can no longer be walked.
 */
export function collectCommandProcesses(rootPid: number, tag?: CommandTag): ProcessInfo[] {
  const all = readProcessTable();
  const root = all.get(rootPid);
  return collectFrom(all, root && root.ppid === process.pid ? [root] : [], tag);
}

/** read(2)'s number as /proc/<pid>/syscall shows it; it differs between architectures. */
const READ_SYSCALL: Partial<Record<string, number>> = { x64: 0, arm64: 63, riscv64: 63, ia32: 3, arm: 3 };

/**
 * Whether any of the processes is blocked in read(2) on a terminal: a prompt (read -p, a password
 * or y/n question) waiting for someone to type. Programs that wait with poll/epoll are not seen.
 */
export function readingTerminal(processes: ProcessInfo[]): boolean {
  const readNr = READ_SYSCALL[process.arch];
  if (readNr === undefined) return false;
  for (const p of processes) {
    let fields: string[];
    try {
      fields = fs.readFileSync(`/proc/${p.pid}/syscall`, 'utf8').split(' ');
    } catch {
      continue;
    }
    // "<nr> <arg1> …" while blocked in a syscall; "running" otherwise.
    if (Number(fields[0]) !== readNr || fields[1] === undefined) continue;
    try {
      const target = fs.readlinkSync(`/proc/${p.pid}/fd/${Number.parseInt(fields[1], 16)}`);
      if (target.startsWith('/dev/pts/') || target.startsWith('/dev/tty')) return true;
    } catch {
      // The fd closed meanwhile.
    }
  }
  return false;
}

/** Never signal ourselves, our own group, or init, whatever /proc says. */
function isProtected(pid: number): boolean {
  return pid <= 1 || pid === process.pid || pid === process.ppid;
}

/** Alive = the same process (same start time) still exists and is not a zombie. */
export function isAlive(info: ProcessInfo): boolean {
  const now = readProcess(info.pid);
  return now !== null && now.startTime === info.startTime && now.state !== 'Z' && now.state !== 'X';
}

function signalProcess(info: ProcessInfo, signal: NodeJS.Signals): void {
  if (isProtected(info.pid) || !isAlive(info)) return;
  try {
    process.kill(info.pid, signal);
  } catch {
    // Already gone, or not ours to signal: either way nothing more to do.
  }
}

function signalGroup(pgid: number, members: Iterable<ProcessInfo>, signal: NodeJS.Signals): void {
  if (isProtected(pgid)) return;
  // Only while a process we know is still in it: a dead group's id may have been reused.
  if (![...members].some((p) => p.pgrp === pgid && isAlive(p))) return;
  const own = readProcess(process.pid);
  if (own && own.pgrp === pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is empty already.
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM to the command's group and every process found for it, then SIGKILL to whatever is left
 * after `graceMs`. Resolves once none of them is alive (or after a last short wait).
 */
export async function killCommandTree(rootPid: number, tag?: CommandTag, graceMs = 200): Promise<ProcessInfo[]> {
  return killProcesses(collectCommandProcesses(rootPid, tag), tag, graceMs);
}

/** Same, starting from processes collected earlier (e.g. while the shell was still alive). */
export async function killProcesses(initial: ProcessInfo[], tag?: CommandTag, graceMs = 200): Promise<ProcessInfo[]> {
  const targets = new Map<number, ProcessInfo>();
  for (const p of initial) if (isAlive(p)) targets.set(p.pid, p);
  // Ours may be dead already while env-marked strays remain.
  if (tag) for (const p of collectFrom(readProcessTable(), [], tag)) targets.set(p.pid, p);
  if (targets.size === 0) return [];
  const signalAll = (signal: NodeJS.Signals) => {
    for (const leader of targets.values()) signalGroup(leader.pid, targets.values(), signal);
    for (const p of targets.values()) signalProcess(p, signal);
  };
  signalAll('SIGTERM');
  // A stopped process only acts on SIGTERM once continued.
  for (const p of targets.values()) signalProcess(p, 'SIGCONT');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && [...targets.values()].some(isAlive)) await sleep(20);
  if (![...targets.values()].some(isAlive)) return [...targets.values()];
  // Survivors may have started new children meanwhile: look again before the final blow.
  const alive = [...targets.values()].filter(isAlive);
  for (const q of collectFrom(readProcessTable(), alive, tag)) targets.set(q.pid, q);
  signalAll('SIGKILL');
  for (let i = 0; i < 25 && [...targets.values()].some(isAlive); i++) await sleep(20);
  return [...targets.values()];
}
