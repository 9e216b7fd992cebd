// bin/inkling moves the API key out of every process's environment: the provider still gets it,
// no command can read it from /proc/*/environ or `ps eww`, and the pipe it came on is not inherited.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_ENV_NAMES } from '../../src/cli/config.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { REPO, cleanEnv, ensureBuilt, finished } from './run-bin.js';

const LAUNCHER = path.join(REPO, 'bin', 'inkling');
const KEY = 'sk-ant-launcher-Vb6Nq3Rt8Lp2Xw5Zk9Jd';
let fake: FakeAnthropic;
let workspace: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-launch-')));
});
afterEach(async () => {
  await fake.close();
  fs.rmSync(workspace, { recursive: true, force: true });
});

/** The key in two halves: the command that looks for it never holds it whole in its own arguments. */
const half = KEY.length >> 1;
const lookForKey = [
  `a='${KEY.slice(0, half)}'; b='${KEY.slice(half)}'`,
  'grep -a -l -F "$a$b" /proc/[0-9]*/environ > found-environ.txt 2>/dev/null',
  'ps eww -e > ps.txt; grep -c -F "$a$b" ps.txt > found-ps.txt',
  '[ -e /proc/$$/fd/3 ] && echo open > fd3.txt',
  'echo looked',
].join('\n');

async function runLauncher(args: string[]) {
  const child = spawn(LAUNCHER, args, {
    cwd: workspace,
    env: cleanEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return finished(child);
}

describe('bin/inkling, the launcher', () => {
  it('moves exactly the secret variables inkling knows', () => {
    const text = fs.readFileSync(LAUNCHER, 'utf8');
    const names = /^names='([^']*)'/m.exec(text)![1]!.split(' ');
    expect([...names].sort()).toEqual([...SECRET_ENV_NAMES].sort());
  });

  for (const sandbox of ['--no-sandbox', '--sandbox']) {
    it(`gives the provider the key while no process shows it (${sandbox})`, async () => {
      fake.enqueue(reply({ toolUses: [{ id: 'toolu_look', name: 'bash', input: { command: lookForKey } }] }), reply({ text: 'all done' }));
      // --yolo: the command writes its findings to files, and -p cannot ask.
      const r = await runLauncher(['-p', 'look', '--yolo', sandbox]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // Both requests were accepted: the key arrived through the pipe.
      expect(fake.requests).toHaveLength(2);
      expect(r.stdout).toBe('all done\n');
      expect(fs.readFileSync(path.join(workspace, 'found-environ.txt'), 'utf8')).toBe('');
      expect(fs.readFileSync(path.join(workspace, 'found-ps.txt'), 'utf8').trim()).toBe('0');
      expect(fs.existsSync(path.join(workspace, 'fd3.txt'))).toBe(false);
    });
  }

  it('starts node with V8\'s memory reducer off (an idle app runs no GCs of its own accord) and no flag some supported node refuses', async () => {
    // The command walks up from its shell to the first node, inkling's, and writes down its arguments.
    const findNode = [
      'p=$$',
      'while [ "$p" -gt 1 ]; do',
      '  if [ "$(cat /proc/$p/comm)" = node ]; then tr "\\0" " " < /proc/$p/cmdline > node-args.txt; break; fi',
      '  p=$(cut -d" " -f4 /proc/$p/stat)',
      'done',
    ].join('\n');
    fake.enqueue(reply({ toolUses: [{ id: 'toolu_args', name: 'bash', input: { command: findNode } }] }), reply({ text: 'found' }));
    const r = await runLauncher(['-p', 'args', '--yolo', '--no-sandbox']);
    expect(r.code).toBe(0);
    const args = fs.readFileSync(path.join(workspace, 'node-args.txt'), 'utf8').trim().split(' ');
    const nodeFlags = args.slice(0, args.findIndex((a) => a.endsWith('inkling.js')));
    // Exactly flags every supported node's V8 knows (11.3 in Node 20 to 12.4 in Node 22 and later): node
    // refuses to start over one it does not know ("bad option", exit 9), as Node 22 did over
    // --interrupt-budget. A V8-version-specific flag belongs in bin/inkling.js, chosen by V8's version.
    expect(nodeFlags.slice(1)).toEqual(['--max-semi-space-size=2', '--no-memory-reducer']);
  });

  it('without the launcher the key is in inkling\'s environment (what it guards against)', async () => {
    fake.enqueue(reply({ toolUses: [{ id: 'toolu_look', name: 'bash', input: { command: lookForKey } }] }), reply({ text: 'all done' }));
    const child = spawn(process.execPath, [path.join(REPO, 'bin', 'inkling.js'), '-p', 'look', '--yolo', '--no-sandbox'], {
      cwd: workspace,
      env: cleanEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const r = await finished(child);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(workspace, 'found-environ.txt'), 'utf8')).toMatch(/^\/proc\/\d+\/environ\n/);
  });
});
