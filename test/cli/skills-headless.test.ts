// Skills reach the model through the real bin with -p against the fake Messages API: the catalog in
// the system prompt and the skill tool when there are skills, neither when there are none, and a
// notice on stderr naming a SKILL.md that cannot be read as a skill.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-Sk1llsHeadless';
let fake: FakeAnthropic;
let base: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  base = await mkdtemp(join(tmpdir(), 'inkling-skills-bin-'));
  for (const d of ['home', 'inkling', 'ws']) await mkdir(join(base, d));
});
afterEach(async () => {
  await fake.close();
  await rm(base, { recursive: true, force: true });
});

async function ask() {
  fake.enqueue(reply({ text: 'ok' }));
  const result = await runBin(['-p', 'hi'], { cwd: join(base, 'ws'), env: { HOME: join(base, 'home'), INKLING_HOME: join(base, 'inkling'), ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
  const body = fake.requests.at(-1)?.body as { system: string | { text: string }[]; tools: { name: string; input_schema: { properties: { name?: { enum: string[] } } } }[] };
  const system = typeof body.system === 'string' ? body.system : body.system.map((b) => b.text).join('');
  return { result, system, tools: body.tools };
}

describe('skills in -p', () => {
  it('no skills: no catalog and no skill tool', async () => {
    const { result, system, tools } = await ask();
    expect(result.code).toBe(0);
    expect(system).not.toContain('Skills:');
    expect(tools.map((t) => t.name)).not.toContain('skill');
  });

  it('a project skill and a Claude Code one of yours: both in the catalog and the tool; a bad file is named on stderr', async () => {
    const project = join(base, 'ws', '.agents', 'skills', 'lint-fix');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'SKILL.md'), '---\nname: lint-fix\ndescription: Fixes lint errors: run the linter, then edit\n---\nRun npm run lint.\n');
    const mine = join(base, 'home', '.claude', 'skills', 'commit-msg');
    await mkdir(mine, { recursive: true });
    await writeFile(join(mine, 'SKILL.md'), '---\nname: commit-msg\ndescription: Writes commit messages\n---\nBody.\n');
    const bad = join(base, 'ws', '.claude', 'skills', 'oops');
    await mkdir(bad, { recursive: true });
    await writeFile(join(bad, 'SKILL.md'), 'no frontmatter here\n');
    const { result, system, tools } = await ask();
    expect(result.code).toBe(0);
    expect(system).toContain('- commit-msg: Writes commit messages (~/.claude/skills/commit-msg/SKILL.md)');
    expect(system).toContain('- lint-fix: Fixes lint errors: run the linter, then edit (.agents/skills/lint-fix/SKILL.md)');
    expect(tools.find((t) => t.name === 'skill')!.input_schema.properties.name!.enum).toEqual(['commit-msg', 'lint-fix']);
    expect(result.stderr).toMatch(/inkling: .*oops\/SKILL\.md: no frontmatter/);
  });
});
