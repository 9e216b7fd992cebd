// Hooks from a workspace's .claude/settings.json run code, so -p runs them only in a trusted
// workspace: untrusted, the hook does not run and stderr says why; with --trust-workspace it runs.
// The person's own ~/.claude/settings.json hooks run either way.
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-H00ksTrust';
let fake: FakeAnthropic;
let base: string;
const exists = (p: string) => access(p).then(() => true, () => false);

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  base = await mkdtemp(join(tmpdir(), 'inkling-hooks-bin-'));
  for (const d of ['home/.claude', 'inkling', 'ws/.claude']) await mkdir(join(base, d), { recursive: true });
  const hook = (marker: string) => ({ hooks: { PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: `touch ${marker}` }] }] } });
  // A workspace's hook runs in the sandbox: it may write in the workspace only.
  await writeFile(join(base, 'ws', '.claude', 'settings.json'), JSON.stringify(hook(join(base, 'ws', 'workspace-hook-ran'))));
  await writeFile(join(base, 'home', '.claude', 'settings.json'), JSON.stringify(hook(join(base, 'user-hook-ran'))));
  await writeFile(join(base, 'ws', 'a.txt'), 'hello\n');
});
afterEach(async () => {
  await fake.close();
  await rm(base, { recursive: true, force: true });
});

async function ask(flags: string[]) {
  fake.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'a.txt' }, id: 'toolu_r' }] }), reply({ text: 'ok' }));
  return runBin(['-p', 'read a.txt', ...flags], { cwd: join(base, 'ws'), env: { HOME: join(base, 'home'), INKLING_HOME: join(base, 'inkling'), ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
}

describe('hooks and workspace trust in -p', () => {
  it("an untrusted workspace's hooks do not run and stderr names them; the person's own run", async () => {
    const result = await ask([]);
    expect(result.code).toBe(0);
    expect(await exists(join(base, 'ws', 'workspace-hook-ran'))).toBe(false);
    expect(await exists(join(base, 'user-hook-ran'))).toBe(true);
    expect(result.stderr).toMatch(/\.claude\/settings\.json: 1 hook not run: this workspace is not trusted/);
  });

  it('--trust-workspace runs them', async () => {
    const result = await ask(['--trust-workspace']);
    expect(result.code).toBe(0);
    expect(await exists(join(base, 'ws', 'workspace-hook-ran'))).toBe(true);
  });
});

describe("Claude Code's permission rules in .claude/settings.json", () => {
  it('a deny rule denies in an untrusted workspace; an allow rule is not applied there, and says so', async () => {
    await writeFile(join(base, 'ws', '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./secret.txt)', 'Glob'], allow: ['Bash(rm:*)'] } }));
    await writeFile(join(base, 'ws', 'secret.txt'), 'TOP SECRET\n');
    fake.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'secret.txt' }, id: 'toolu_s' }] }), reply({ text: 'ok' }));
    const result = await runBin(['-p', 'read the secret'], { cwd: join(base, 'ws'), env: { HOME: join(base, 'home'), INKLING_HOME: join(base, 'inkling'), ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
    expect(result.code).toBe(0);
    const second = JSON.stringify(fake.requests.at(-1)!.body);
    expect(second).not.toContain('TOP SECRET');
    expect(second).toMatch(/secret\.txt/);
    expect(result.stderr).toMatch(/Glob has no equivalent in inkling/);
    expect(result.stderr).toMatch(/permissions\.allow not applied: this workspace is not trusted/);
  });
});
