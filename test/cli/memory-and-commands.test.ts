// Project memory and custom commands reach the model: the real bin with -p against the fake
// Messages API, which records the system prompt and the user message it receives.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-Mem0ry4Cmd5';
let fake: FakeAnthropic;
let home: string;
let ws: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  home = await mkdtemp(join(tmpdir(), 'inkling-home-'));
  ws = await mkdtemp(join(tmpdir(), 'inkling-ws-'));
});
afterEach(async () => {
  await fake.close();
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

async function ask(prompt: string, extra: string[] = []): Promise<{ result: BinResult; system: string; user: string }> {
  fake.enqueue(reply({ text: 'ok' }));
  const result = await runBin(['-p', prompt, ...extra], { cwd: ws, env: { INKLING_HOME: home, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
  expect(result.stderr).not.toContain(KEY);
  const body = fake.requests.at(-1)?.body as { system: string | { text: string }[]; messages: { content: { type: string; text?: string }[] }[] };
  const system = typeof body.system === 'string' ? body.system : body.system.map((b) => b.text).join('');
  const user = body.messages[0]!.content.map((b) => b.text ?? '').join('');
  return { result, system, user };
}

describe('project memory in the system prompt', () => {
  it('includes AGENTS.md, the person\'s own file, and lists nested AGENTS.md by path', async () => {
    await writeFile(join(ws, 'AGENTS.md'), 'Always use pnpm.\n');
    await writeFile(join(ws, 'CLAUDE.md'), 'Claude-only rule.\n');
    await writeFile(join(home, 'AGENTS.md'), 'Answer in British English.\n');
    await mkdir(join(ws, 'packages', 'api'), { recursive: true });
    await writeFile(join(ws, 'packages', 'api', 'AGENTS.md'), 'API rules.\n');
    await mkdir(join(ws, 'node_modules', 'x'), { recursive: true });
    await writeFile(join(ws, 'node_modules', 'x', 'AGENTS.md'), 'not ours\n');
    const { result, system } = await ask('hi');
    expect(result.code).toBe(0);
    expect(system).toMatch(/^You are inkling/);
    expect(system).toContain('# Project instructions (AGENTS.md)');
    expect(system).toContain('Always use pnpm.');
    // At the root both are read, AGENTS.md first (issue 33; before, AGENTS.md hid CLAUDE.md).
    expect(system).toContain('# Project instructions (CLAUDE.md)');
    expect(system.indexOf('Always use pnpm.')).toBeLessThan(system.indexOf('Claude-only rule.'));
    expect(system).toContain("# The person's own instructions");
    expect(system).toContain('Answer in British English.');
    expect(system).toContain('- packages/api/AGENTS.md');
    expect(system).not.toContain('API rules.');
    expect(system).not.toContain('node_modules');
  });

  it('reads CLAUDE.md when there is no AGENTS.md', async () => {
    await writeFile(join(ws, 'CLAUDE.md'), 'Claude-style rule.\n');
    const { system } = await ask('hi');
    expect(system).toContain('# Project instructions (CLAUDE.md)');
    expect(system).toContain('Claude-style rule.');
  });

  it('cuts a file over 40 KB and says so', async () => {
    await writeFile(join(ws, 'AGENTS.md'), `${'a'.repeat(40 * 1024)}TAIL-MARKER${'b'.repeat(20 * 1024)}`);
    const { system } = await ask('hi');
    expect(system).toContain('a'.repeat(1000));
    expect(system).not.toContain('TAIL-MARKER');
    expect(system).toContain('[AGENTS.md is 60 KB; only its first 40 KB are shown here. Read the file for the rest.]');
  });

  it('--system-prompt replaces the default (memory stays), --append-system-prompt adds to the end', async () => {
    await writeFile(join(ws, 'AGENTS.md'), 'Always use pnpm.\n');
    await writeFile(join(ws, 'prompt.md'), 'You are a terse reviewer.');
    const { system } = await ask('hi', ['--system-prompt', '@prompt.md', '--append-system-prompt', 'End with DONE.']);
    expect(system).toMatch(/^You are a terse reviewer\./);
    expect(system).not.toContain('You are inkling');
    expect(system).toContain('Always use pnpm.');
    expect(system).toMatch(/End with DONE\.$/);
    const missing = await runBin(['-p', 'hi', '--system-prompt', '@nope.md'], { cwd: ws, env: { INKLING_HOME: home, ANTHROPIC_API_KEY: KEY } });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--system-prompt @nope\.md: cannot read .*nope\.md \(ENOENT\)/);
  });
});

describe('custom commands', () => {
  it('expands a project command with its arguments', async () => {
    await mkdir(join(ws, '.inkling', 'commands'), { recursive: true });
    await writeFile(
      join(ws, '.inkling', 'commands', 'review.md'),
      '---\ndescription: Review a folder\nargument-hint: <folder> [focus]\n---\nReview the code in $1, focusing on $2.\nAll arguments: $ARGUMENTS\n',
    );
    const { result, user } = await ask('/review src/core "error handling"');
    expect(result.code).toBe(0);
    expect(user).toBe('Review the code in src/core, focusing on error handling.\nAll arguments: src/core "error handling"');
  });

  it('a project command shadows a user one with a notice; .claude/commands is read', async () => {
    await mkdir(join(home, 'commands'), { recursive: true });
    await writeFile(join(home, 'commands', 'fix.md'), 'user fix $ARGUMENTS');
    await mkdir(join(ws, '.claude', 'commands'), { recursive: true });
    await writeFile(join(ws, '.claude', 'commands', 'fix.md'), 'project fix $ARGUMENTS');
    const { result, user } = await ask('/fix the bug');
    expect(user).toBe('project fix the bug');
    expect(result.stderr).toContain(`inkling: /fix from ${join(ws, '.claude', 'commands', 'fix.md')} shadows your own ${join(home, 'commands', 'fix.md')}`);
  });

  it('a prompt that names no custom command is sent as typed', async () => {
    const { user } = await ask('/etc/hosts looks odd');
    expect(user).toBe('/etc/hosts looks odd');
  });
});

describe('settings problems in -p', () => {
  it('an invalid settings file is reported on stderr and the run goes on without it', async () => {
    await mkdir(join(ws, '.inkling'));
    await writeFile(join(ws, '.inkling', 'settings.json'), '{ "maxIterations": "many" }');
    const { result } = await ask('hi');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('ok\n');
    expect(result.stderr).toContain('inkling: .inkling/settings.json: maxIterations: expected a positive whole number, got "many"\n');
    expect(result.stderr).toContain('inkling: .inkling/settings.json: the file is ignored until this is fixed\n');
  });

  it('says once what an untrusted workspace may not set', async () => {
    await writeFile(join(ws, '.env'), 'ANTHROPIC_BASE_URL=http://127.0.0.1:9/\n');
    const { result } = await ask('hi');
    expect(result.code).toBe(0);
    const lines = result.stderr.split('\n').filter((l) => l.includes('not trusted'));
    expect(lines).toEqual([
      'inkling: this workspace is not trusted, so its files may only tighten settings: ignored ANTHROPIC_BASE_URL (.env). ' +
        'To apply them, rerun with --trust-workspace, or trust it once with "inkling config trust"',
    ]);
  });
});
