// Start-up while the workspace changes (issue 28): a process outside inkling is already flipping
// a folder and a symlink out of the workspace when `inkling -p` starts (a build tool, a test
// watcher, a hostile repository). Every start sends its first request and ends its turn — before
// the ledger's bounds, 3 starts of 6 never sent it — and nothing outside the workspace is written.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-start-churn-4Kd9';
const STARTS = 3;
let fake: FakeAnthropic | undefined;
let flipper: ChildProcess | undefined;
let base: string | undefined;

beforeAll(() => ensureBuilt(), 120_000);

afterEach(async () => {
  const child = flipper;
  flipper = undefined;
  if (child && child.exitCode === null) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
  }
  await fake?.close();
  fake = undefined;
  if (base) await rm(base, { recursive: true, force: true });
  base = undefined;
});

describe('inkling -p in a workspace that changes while it starts', () => {
  it(`sends its first request and ends the turn, ${STARTS} starts out of ${STARTS}, with a folder/symlink flipper already running`, async () => {
    base = await mkdtemp(join(tmpdir(), 'inkling-start-churn-'));
    const ws = join(base, 'ws');
    const outside = join(base, 'outside');
    await mkdir(ws);
    await mkdir(outside);
    await writeFile(join(outside, 'secret.txt'), 'not the workspace\n');
    await writeFile(join(ws, 'README.md'), '# churn\n');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ws, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'P', GIT_AUTHOR_EMAIL: 'p@p', GIT_COMMITTER_NAME: 'P', GIT_COMMITTER_EMAIL: 'p@p' } });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'first');

    // Outside inkling: `flip` is a folder, then a symlink out of the workspace, again and again.
    // Each round is counted in a file outside the workspace, so the test knows it is running.
    const rounds = join(base, 'rounds');
    flipper = spawn('sh', ['-c', `while :; do mkdir -p flip/in && echo x > flip/in/f && rm -rf flip && ln -s '${outside}' flip && echo >> '${rounds}' && rm -f flip; done`], {
      cwd: ws,
      stdio: 'ignore',
    });
    await vi.waitFor(async () => expect((await readFile(rounds, 'utf8').catch(() => '')).length).toBeGreaterThan(20), { timeout: 30_000, interval: 20 });

    fake = await startFakeAnthropic({ apiKey: KEY });
    for (let start = 1; start <= STARTS; start++) {
      fake.enqueue(reply({ toolUses: [{ name: 'bash', input: { command: `echo ${start} > made-${start}.txt` } }] }), reply({ text: `done ${start}` }));
      const sent = fake.requests.length;
      const r = await runBin(['-p', 'make a file', '--yolo'], { cwd: ws, env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
      expect(r.stderr).not.toMatch(/inkling:/);
      expect(r.code).toBe(0);
      // The first request went out (and the one after the call): the start did not wait on the churn.
      expect(fake.requests.length - sent).toBe(2);
      expect(r.stdout).toBe(`done ${start}\n`);
      expect(await readFile(join(ws, `made-${start}.txt`), 'utf8')).toBe(`${start}\n`);
    }
    // Through every start, nothing outside the workspace was written.
    expect((await readdir(outside)).sort()).toEqual(['secret.txt']);
    expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('not the workspace\n');
  }, 240_000);
});
