// The session's agent as the TUI and -p build it (createSessionAgent, real settings, a real temp git
// workspace, a fake Anthropic server on 127.0.0.1): at a first prompt the request goes out before
// the change ledger has marked the prompt (opening its shadow repository, the snapshot), and the
// turn ends after the mark. What crashed runs left is swept after the idle warm-up (which waits
// while a turn runs), not as the app starts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun } from '../../src/cli/config.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import type { Agent } from '../../src/core/agent.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';

let dir: string;
let claude: FakeAnthropic;
let agent: Agent | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-turn-start-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  await agent?.dispose();
  agent = undefined;
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

async function sessionAgent(mode: string[] = ['--yolo']): Promise<Agent> {
  const ws = join(dir, 'ws');
  await mkdir(join(dir, 'home'), { recursive: true });
  await mkdir(ws, { recursive: true });
  await writeFile(join(ws, 'a.txt'), 'one\n');
  execFileSync('git', ['init', '-q'], { cwd: ws });
  const env = { INKLING_HOME: join(dir, 'home'), ANTHROPIC_API_KEY: 'sk-test-fake-turn-start-01', ANTHROPIC_BASE_URL: claude.url };
  const config = await checkedConfig(await prepareRun(parseArgs(mode), env, ws));
  agent = await createSessionAgent(config, await createProvider(config));
  return agent;
}

describe('a session’s first prompt', () => {
  it('goes to the model before the change ledger has marked it; the turn ends after the mark', async () => {
    const a = await sessionAgent();
    claude.enqueue(reply({ text: 'hello' }));
    const order = (await collect(a.run('hi'))).map((e) => e.type);
    expect(order.indexOf('request_start')).toBeGreaterThan(-1);
    expect(order.indexOf('turn_checkpoint')).toBeGreaterThan(order.indexOf('request_start'));
    expect(order.at(-1)).toBe('turn_end');
  });

  it('sweeps what a dead run left after the idle warm-up, not when the agent is built', async () => {
    const tmp = join(dir, 'tmp');
    const dead = Number(String(spawnSync('sh', ['-c', 'echo $$']).stdout).trim());
    const left = join(tmp, `inkling-${dead}-scratch-abcd`);
    mkdirSync(left, { recursive: true });
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const a = await sessionAgent([]);
      expect(existsSync(left)).toBe(true);
      await a.warmUp();
      expect(existsSync(left)).toBe(false);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});
