// The catalog (omitted when empty, under its cap, descriptions shortened first) and the skill tool
// through the real loop and the fake Messages API: the body returned, pinned, kept by /compact.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { discoverSkills, type Skill } from '../../../src/core/skills/discover-skills.js';
import { catalogBudget, skillCatalog, CATALOG_FALLBACK_CHARS } from '../../../src/core/skills/skill-catalog.js';
import { createSkillTool } from '../../../src/core/tools/skill.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { PINNED_HEADER, SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fake = (name: string, description: string, extra: Partial<Skill> = {}): Skill => ({
  name,
  description,
  disableModelInvocation: false,
  userInvocable: true,
  allowedTools: [],
  origin: 'project',
  dir: `/s/${name}`,
  file: `/s/${name}/SKILL.md`,
  bytes: 10,
  ...extra,
});

describe('the skill catalog', () => {
  it('is omitted when there is no skill the model may start', () => {
    expect(skillCatalog([], 8000, (f) => f)).toBeUndefined();
    expect(skillCatalog([fake('only-mine', 'x', { disableModelInvocation: true })], 8000, (f) => f)).toBeUndefined();
  });

  it('lists name, description and location', () => {
    const text = skillCatalog([fake('pdf', 'Extract PDF text', { whenToUse: 'when PDFs come up' })], 8000, (f) => f)!;
    expect(text).toContain('- pdf: Extract PDF text when PDFs come up (/s/pdf/SKILL.md)');
  });

  it('is capped at 2 % of the window, or 8,000 characters: descriptions are shortened before skills are left out', () => {
    expect(catalogBudget(undefined)).toBe(CATALOG_FALLBACK_CHARS);
    expect(catalogBudget(100_000)).toBe(8_000);
    const many = Array.from({ length: 60 }, (_, i) => fake(`skill-${i}`, 'word '.repeat(200)));
    const text = skillCatalog(many, 8000, (f) => f)!;
    expect(text.length).toBeLessThanOrEqual(8000);
    expect(text).toContain('- skill-59'); // all still listed, with shorter descriptions
    const tight = skillCatalog(many, 1000, (f) => f)!;
    expect(tight.length).toBeLessThanOrEqual(1000);
    expect(tight).toMatch(/\(\d+ more skills not listed\)/);
  });
});

describe('the skill tool', () => {
  const fx = fakeAnthropicAndWorkspace();
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'inkling-skill-home-'));
    const dir = path.join(home, '.claude', 'skills', 'release-notes');
    await mkdir(path.join(dir, 'templates'), { recursive: true });
    await writeFile(path.join(dir, 'SKILL.md'), '---\nname: release-notes\ndescription: Writes release notes from git log\n---\nSKILL BODY: group commits by $ARGUMENTS.\n');
    await writeFile(path.join(dir, 'templates', 'notes.md'), 'TEMPLATE TEXT\n');
  });
  afterAll(async () => rm(home, { recursive: true, force: true }));

  it('names the catalog in its enum, returns the body and the file list, reads a file outside the workspace, and the body survives /compact', async () => {
    const { skills } = await discoverSkills({ workspaceRoot: fx.ws.root, inklingHome: path.join(home, 'ih'), userHome: home, readClaude: true });
    const tool = createSkillTool(skills)!;
    expect(tool.inputSchema.properties).toMatchObject({ name: { enum: ['release-notes'] } });
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
    const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [...fileTools(), tool], sessionDir: path.join(fx.ws.root, '..', 'session') });
    fx.server.enqueue(
      reply({ toolUses: [{ name: 'skill', input: { name: 'release-notes', arguments: 'area' }, id: 'toolu_skill' }] }),
      reply({ toolUses: [{ name: 'skill', input: { name: 'release-notes', file: 'templates/notes.md' }, id: 'toolu_file' }] }),
      reply({ text: 'Done.' }),
    );
    const events = await collect(agent.run('write release notes'));
    const results = events.flatMap((e) => (e.type === 'tool_result' ? [e] : []));
    expect(results[0]).toMatchObject({ isError: false, details: { kind: 'skill', name: 'release-notes', files: 1 } });
    const body = results[0]!.content;
    expect(body).toContain('SKILL BODY: group commits by area.');
    expect(body).toContain('- templates/notes.md');
    expect(results[1]!.content).toBe('TEMPLATE TEXT\n');
    expect(events).toContainEqual(expect.objectContaining({ type: 'context_edit', id: 'toolu_skill', edit: 'pin' }));

    for (const t of ['two', 'three']) {
      fx.server.enqueue(reply({ text: `${t}.` }));
      await collect(agent.run(t));
    }
    fx.server.enqueue(reply({ text: 'Summary.' }));
    await collect(agent.compact!());
    fx.server.enqueue(reply({ text: 'Four.' }));
    await collect(agent.run('four'));
    const sent = fx.server.requests.at(-1)!.body as { messages: { content: { text?: string }[] }[] };
    const first = sent.messages[0]!.content.map((b) => b.text ?? '');
    expect(first[0]).toBe(`${SUMMARY_HEADER}\nSummary.`);
    expect(first.some((t) => t.startsWith(PINNED_HEADER) && t.includes('SKILL BODY: group commits by area.'))).toBe(true);
  });
});
