import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  collectCommandProcesses,
  isAlive,
  killCommandTree,
  readProcess,
} from '../../../src/core/shell/process-tree.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-proc-'));
const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(file: string, count: number): Promise<number[]> {
  for (let i = 0; i < 500; i++) {
    const pids = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number) : [];
    if (pids.length >= count) return pids;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no pids in ${file}`);
}

describe('process tree', () => {
  it('reads /proc/<pid>/stat even when the command name holds spaces and parentheses', async () => {
    const odd = path.join(dir, 'a b) (c');
    fs.copyFileSync('/bin/sleep', odd);
    fs.chmodSync(odd, 0o755);
    const child = spawn(odd, ['30'], { stdio: 'ignore' });
    started.push(child.pid!);
    await new Promise((r) => child.once('spawn', r));
    const info = readProcess(child.pid!)!;
    expect(info.ppid).toBe(process.pid);
    expect(info.startTime).toMatch(/^\d+$/);
    child.kill('SIGKILL');
  });

  it('collects descendants that left the group and kills them all, leaving others alone', async () => {
    const pidFile = path.join(dir, 'pids');
    const bystander = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    started.push(bystander.pid!);
    const root = spawn(
      'bash',
      ['-c', `sleep 30 & echo $! > ${pidFile}; setsid sh -c 'echo $$ > ${pidFile}-sid; exec sleep 30' & wait`],
      { stdio: 'ignore', detached: true },
    );
    started.push(root.pid!);
    const [bg] = await waitFor(pidFile, 1);
    const [sid] = await waitFor(`${pidFile}-sid`, 1);
    const found = collectCommandProcesses(root.pid!).map((p) => p.pid);
    expect(found).toEqual(expect.arrayContaining([root.pid, bg, sid]));
    expect(found).not.toContain(bystander.pid);
    expect(readProcess(sid!)!.pgrp).not.toBe(root.pid);

    const killed = await killCommandTree(root.pid!);
    expect(killed.every((p) => !isAlive(p))).toBe(true);
    for (const pid of [bg!, sid!]) expect(isAlive(readProcess(pid) ?? { pid, ppid: 0, pgrp: 0, startTime: 'gone', state: 'X' })).toBe(false);
    expect(readProcess(bystander.pid!)?.state).not.toBe('Z');
    bystander.kill('SIGKILL');
  });

  it('does not treat a pid that is not our child as a command root', () => {
    expect(collectCommandProcesses(1)).toEqual([]);
    expect(collectCommandProcesses(process.pid)).toEqual([]);
  });
});
