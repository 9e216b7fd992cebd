// SessionEnd's `reason` and the session a session hook names, as Claude Code's hooks reference
// gives them, through the session's agent as the TUI builds it (createSessionAgent, your own
// ~/.claude/settings.json, a fake Anthropic server on 127.0.0.1): /clear ends a session with
// "clear", /resume leaving a session that had a prompt ends it with "resume", and leaving from the
// prompt ends the last one with "prompt_input_exit". Each hook names the session it concerns.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun, type InklingConfig } from '../../src/cli/config.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import { resumeInto } from '../../src/cli/session-recording.js';
import { findSession } from '../../src/core/sessions/session-catalog.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';

let dir: string;
let claude: FakeAnthropic;
const home = process.env.HOME;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-end-reasons-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  process.env.HOME = home;
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

/** A workspace whose person's ~/.claude/settings.json logs `events`' inputs (event, reason or source, session) to `log`. */
async function loggingHooks(events: string[]): Promise<{ ws: string; log: string; config: InklingConfig }> {
  const ws = join(dir, 'ws');
  const log = join(dir, 'hooks.jsonl');
  await mkdir(join(dir, 'claude-home', '.claude'), { recursive: true });
  await mkdir(ws, { recursive: true });
  const logging = [{ type: 'command', command: `jq -c '{e:.hook_event_name,why:(.reason // .source),id:.session_id}' >> ${log}` }];
  await writeFile(join(dir, 'claude-home', '.claude', 'settings.json'), JSON.stringify({ hooks: Object.fromEntries(events.map((e) => [e, [{ hooks: logging }]])) }));
  process.env.HOME = join(dir, 'claude-home');
  const env = { INKLING_HOME: join(dir, 'home'), ANTHROPIC_API_KEY: 'sk-test-fake-end-reasons-01', ANTHROPIC_BASE_URL: claude.url };
  return { ws, log, config: await checkedConfig(await prepareRun(parseArgs(['--yolo']), env, ws)) };
}

it('clear, resume and prompt_input_exit, each for the session it ends; SessionStart names the session it starts', async () => {
  const { ws, log, config } = await loggingHooks(['SessionStart', 'SessionEnd']);
  const agent = await createSessionAgent(config, await createProvider(config));
  claude.enqueue(reply({ text: 'one' }), reply({ text: 'two' }), reply({ text: 'three' }));

  await collect(agent.run('first'));
  const first = agent.sessionId!;
  agent.clear();
  const second = agent.sessionId!;
  await collect(agent.run('second'));
  const found = await findSession(join(dir, 'home'), ws, first);
  if (!found.ok) throw new Error(found.reason);
  await resumeInto(agent, found.session.file);
  await collect(agent.run('third'));
  await agent.dispose('prompt_input_exit');

  // /clear's and /resume's SessionEnd are not waited for (the session goes on): wait for all six.
  const read = async () => (await readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { e: string; why: string; id: string });
  await vi.waitFor(async () => expect(await read()).toHaveLength(6), { timeout: 10_000 });
  const lines = (await read()).sort((a, b) => a.why.localeCompare(b.why));
  expect(first).not.toBe(second);
  expect(lines.filter((l) => l.e === 'SessionEnd')).toEqual([
    { e: 'SessionEnd', why: 'clear', id: first },
    { e: 'SessionEnd', why: 'prompt_input_exit', id: first },
    { e: 'SessionEnd', why: 'resume', id: second },
  ]);
  expect(lines.filter((l) => l.e === 'SessionStart')).toEqual([
    { e: 'SessionStart', why: 'clear', id: second },
    { e: 'SessionStart', why: 'resume', id: first },
    { e: 'SessionStart', why: 'startup', id: first },
  ]);
}, 60_000);

it('a run that opens with a session (--resume, --continue) ends nothing as it opens it', async () => {
  const { ws, log, config } = await loggingHooks(['SessionEnd']);
  const earlier = await createSessionAgent(config, await createProvider(config));
  claude.enqueue(reply({ text: 'one' }));
  await collect(earlier.run('first'));
  const id = earlier.sessionId!;
  await earlier.dispose();
  const agent = await createSessionAgent(config, await createProvider(config));
  const found = await findSession(join(dir, 'home'), ws, id);
  if (!found.ok) throw new Error(found.reason);
  await resumeInto(agent, found.session.file);
  await agent.dispose();
  const reasons = (await readFile(log, 'utf8')).trim().split('\n').map((l) => (JSON.parse(l) as { why: string }).why);
  expect(reasons).toEqual(['other', 'other']);
}, 60_000);
