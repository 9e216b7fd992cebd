// The TUI's start after its first frame (cli/interactive.ts startAfterFirstFrame), on real settings,
// a real temp workspace and a fake Anthropic server: what only the screen needs (the notices, the
// custom commands) waits for the agent's build, so a prompt typed as the prompt shows goes out sooner.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { prepareRun, previewConfig } from '../../src/cli/config.js';
import { startAfterFirstFrame } from '../../src/cli/interactive.js';
import type { Agent } from '../../src/core/agent.js';
import { startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';

let dir: string;
let claude: FakeAnthropic;
let agent: Agent | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-startup-order-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  await agent?.dispose();
  agent = undefined;
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(flags: string[] = []) {
  const ws = join(dir, 'ws');
  await mkdir(join(ws, '.inkling', 'commands'), { recursive: true });
  await writeFile(join(ws, '.inkling', 'commands', 'review.md'), 'Review the change.\n');
  const env = { INKLING_HOME: join(dir, 'home'), ANTHROPIC_BASE_URL: claude.url, ANTHROPIC_API_KEY: 'sk-test-fake-startup-order-01' };
  const request = await prepareRun(parseArgs(['--yolo', ...flags]), env, ws);
  return startAfterFirstFrame(request, await previewConfig(request), Promise.resolve(), (text) => text);
}

describe('the start after the first frame', () => {
  it('builds the agent before the notices and the custom commands', async () => {
    const startup = await start();
    const order: string[] = [];
    const done = [
      startup.agent.then((a) => ((agent = a), order.push('agent'))),
      startup.info.notices.then(() => order.push('notices')),
      startup.info.customCommands.then(() => order.push('commands')),
    ];
    await Promise.all(done);
    expect(order[0]).toBe('agent');
    expect(order.slice(1).sort()).toEqual(['commands', 'notices']);
    expect((await startup.info.customCommands).commands.map((c) => c.name)).toContain('/review');
  }, 30_000);

  it('still brings the notices and the custom commands when the agent cannot be built', async () => {
    const startup = await start(['--script', join(dir, 'no-such-script.json')]);
    await expect(startup.agent).rejects.toThrow(/no-such-script/);
    expect(await startup.info.notices).toEqual(expect.any(Array));
    expect((await startup.info.customCommands).commands.map((c) => c.name)).toContain('/review');
  }, 30_000);
});
