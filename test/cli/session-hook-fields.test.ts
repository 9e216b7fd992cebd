// What SessionStart and SessionEnd hooks read on stdin in a real `inkling -p` run, field by field
// as Claude Code's hooks reference gives them: the common fields, SessionStart's `source` and
// `model` (the model answering), SessionEnd's `reason`. Your own ~/.claude/settings.json, the
// built program, the fake Messages API on 127.0.0.1.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin } from './run-bin.js';

const COMMON = ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name'];
let fake: FakeAnthropic;
let base: string;

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic();
  base = await mkdtemp(join(tmpdir(), 'inkling-session-hooks-'));
}, 120_000);
afterAll(async () => {
  await fake.close();
  await rm(base, { recursive: true, force: true });
});

it('SessionStart gets source and model, SessionEnd gets reason, beside the common fields', async () => {
  const log = join(base, 'hooks.jsonl');
  const logging = [{ type: 'command', command: `cat >> ${log}; echo >> ${log}` }];
  await mkdir(join(base, 'home', '.claude'), { recursive: true });
  await mkdir(join(base, 'ws'));
  await writeFile(join(base, 'home', '.claude', 'settings.json'), JSON.stringify({ hooks: { SessionStart: [{ matcher: 'startup', hooks: logging }], SessionEnd: [{ hooks: logging }] } }));
  fake.enqueue(reply({ text: 'hello' }));
  const r = await runBin(['-p', 'say hello', '--model', 'claude-sonnet-4-6'], {
    cwd: join(base, 'ws'),
    env: { HOME: join(base, 'home'), ANTHROPIC_API_KEY: 'sk-test-session-hooks', ANTHROPIC_BASE_URL: fake.url },
  });
  expect(r.code).toBe(0);
  const [start, end, ...more] = (await readFile(log, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(more).toEqual([]);
  expect(Object.keys(start!).sort()).toEqual([...COMMON, 'source', 'model'].sort());
  expect(start).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup', model: 'claude-sonnet-4-6', cwd: join(base, 'ws') });
  expect(Object.keys(end!).sort()).toEqual([...COMMON, 'reason'].sort());
  expect(end).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other', session_id: start!.session_id });
}, 60_000);
