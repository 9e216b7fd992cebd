// The crash: inkling is killed (-9) in the middle of a large write_file. The target is
// never torn, and the next start removes the hidden temp file the write left in the workspace
// (found through the journal under INKLING_HOME, not by walking the workspace).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_FILE_NAME } from '../../src/core/cleanup/tmp-journal.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, finished, runBin, startBin } from './run-bin.js';

const KEY = 'sk-ant-killwrite-test-key';
const OLD = 'the old content, whole\n';
const BIG = 24 * 1024 * 1024;
let fake: FakeAnthropic;
let base: string;
let workspace: string;
let home: string;

beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
});
afterEach(() => fake.close());
beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-killwrite-')));
  workspace = path.join(base, 'ws');
  home = path.join(base, 'home');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'big.txt'), OLD);
}, 120_000);
afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

const env = () => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_HOME: home });
const tempFiles = () => fs.readdirSync(workspace).filter((name) => TEMP_FILE_NAME.test(name));
const journal = () => (fs.existsSync(path.join(home, 'tmp-journal')) ? fs.readdirSync(path.join(home, 'tmp-journal')) : []);

/** Starts a -p run that rewrites big.txt, and sends `signal` once the write's temp file exists. */
async function interruptWrite(signal: NodeJS.Signals, content: string) {
  fake.enqueue(
    reply({ toolUses: [{ id: 'toolu_read', name: 'read_file', input: { path: 'big.txt' } }] }),
    reply({ toolUses: [{ id: 'toolu_write', name: 'write_file', input: { path: 'big.txt', content } }] }),
    reply({ text: 'written' }),
  );
  const child = startBin(['-p', 'rewrite big.txt', '--yolo', '--no-sandbox'], { cwd: workspace, env: env() });
  const exited = finished(child);
  let gone = false;
  void exited.then(() => (gone = true));
  let seen: string[] = [];
  while (!gone && seen.length === 0) {
    await new Promise((r) => setTimeout(r, 2));
    seen = tempFiles();
  }
  child.kill(signal);
  return { seen, result: await exited };
}

describe('a signal in the middle of an atomic write', () => {
  it('on SIGINT finishes or removes the temp file before exiting: nothing left, the target old or new, whole', async () => {
    fs.writeFileSync(path.join(workspace, 'big.txt'), OLD);
    const content = 'y'.repeat(BIG - 1) + '\n';
    const { seen, result } = await interruptWrite('SIGINT', content);
    expect(seen.length).toBe(1);
    expect(result.code).toBe(130);
    expect(tempFiles()).toEqual([]);
    expect(journal()).toEqual([]);
    const now = fs.readFileSync(path.join(workspace, 'big.txt'), 'utf8');
    expect(now === OLD || now === content).toBe(true);
    fs.writeFileSync(path.join(workspace, 'big.txt'), OLD);
  }, 60_000);

  it('leaves the target whole, and the next start removes the temp file and its journal entry', async () => {
    // Killed the moment its temp file appears beside the target (the write is then in progress).
    const { seen, result: killed } = await interruptWrite('SIGKILL', 'x'.repeat(BIG - 1) + '\n');
    expect(seen.length).toBe(1);
    expect(killed.signal).toBe('SIGKILL');
    // What the crash left: the hidden partial file, its journal entry, and the target as it was.
    expect(tempFiles()).toEqual(seen);
    expect(journal().length).toBe(1);
    expect(fs.readFileSync(path.join(workspace, 'big.txt'), 'utf8')).toBe(OLD);

    await fake.close();
    fake = await startFakeAnthropic({ apiKey: KEY });
    fake.enqueue(reply({ text: 'nothing to do' }));
    const next = await runBin(['-p', 'hello', '--yolo', '--no-sandbox'], { cwd: workspace, env: env() });
    expect(next.stderr).toBe('');
    expect(next.code).toBe(0);
    expect(tempFiles()).toEqual([]);
    expect(journal()).toEqual([]);
    expect(fs.readFileSync(path.join(workspace, 'big.txt'), 'utf8')).toBe(OLD);
  }, 60_000);
});
