// Skill discovery on real temp folders: the six folders and their precedence, the walk up to the
// git root, the bounded walk, lenient frontmatter and a notice per bad file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverSkills, type SkillLocations } from '../../../src/core/skills/discover-skills.js';
import { parseSkillFile } from '../../../src/core/skills/skill-frontmatter.js';

let base: string;
let loc: SkillLocations;
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'inkling-skills-'));
  const repo = path.join(base, 'repo');
  await mkdir(path.join(repo, '.git'), { recursive: true });
  await mkdir(path.join(repo, 'pkg', 'app'), { recursive: true });
  loc = { workspaceRoot: path.join(repo, 'pkg', 'app'), inklingHome: path.join(base, 'inkling-home'), userHome: path.join(base, 'home'), readClaude: true };
});
afterEach(async () => rm(base, { recursive: true, force: true }));

async function skill(dir: string, name: string, description: string, extra = ''): Promise<void> {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n${extra}---\n# ${name}\nDo the thing.\n`);
}

describe('skill discovery', () => {
  it('finds a skill in each of the six folders; the project beats the person and nearer folders beat farther ones', async () => {
    const ws = loc.workspaceRoot;
    const repo = path.dirname(path.dirname(ws));
    const folders = {
      inkling: path.join(ws, '.inkling', 'skills'),
      agents: path.join(ws, '.agents', 'skills'),
      claude: path.join(repo, '.claude', 'skills'), // walked up to the git root
      home: path.join(loc.inklingHome, 'skills'),
      userAgents: path.join(loc.userHome, '.agents', 'skills'),
      userClaude: path.join(loc.userHome, '.claude', 'skills'),
    };
    for (const [where, dir] of Object.entries(folders)) await skill(dir, `only-${where.toLowerCase()}`, `from ${where}`);
    // One name everywhere: the workspace's .inkling wins.
    for (const [where, dir] of Object.entries(folders)) await skill(dir, 'shared', `shared from ${where}`);
    await skill(folders.userClaude, 'mine', 'the person version');
    await skill(folders.claude, 'mine', 'the project version');

    const { skills, notices } = await discoverSkills(loc);
    expect(notices).toEqual([]);
    expect(skills.map((s) => s.name)).toEqual(['mine', 'only-agents', 'only-claude', 'only-home', 'only-inkling', 'only-useragents', 'only-userclaude', 'shared']);
    expect(skills.find((s) => s.name === 'shared')!.description).toBe('shared from inkling');
    expect(skills.find((s) => s.name === 'mine')).toMatchObject({ description: 'the project version', origin: 'project' });
    expect(skills.find((s) => s.name === 'only-home')!.origin).toBe('user');
  });

  it('compat.claude off leaves .claude folders alone', async () => {
    await skill(path.join(loc.workspaceRoot, '.claude', 'skills'), 'a', 'x');
    await skill(path.join(loc.userHome, '.claude', 'skills'), 'b', 'y');
    expect((await discoverSkills({ ...loc, readClaude: false })).skills).toEqual([]);
  });

  it('does not walk above the git root, skips node_modules and .git, and stops at depth 6', async () => {
    await skill(path.join(base, '.agents', 'skills'), 'above-root', 'x');
    const dir = path.join(loc.workspaceRoot, '.agents', 'skills');
    await skill(path.join(dir, 'node_modules'), 'in-node-modules', 'x');
    await skill(path.join(dir, 'group', 'sub'), 'nested', 'x');
    await skill(path.join(dir, 'a', 'b', 'c', 'd', 'e', 'f'), 'too-deep', 'x');
    const { skills } = await discoverSkills(loc);
    expect(skills.map((s) => s.name)).toEqual(['nested']);
  });

  it('reads the spec fields and Claude Code’s, leniently, and names each bad file once', async () => {
    const dir = path.join(loc.workspaceRoot, '.claude', 'skills');
    await skill(dir, 'pdf', 'Extract text: tables too, from PDFs', [
      'license: Apache-2.0',
      'allowed-tools: Bash(pdftotext:*) Read',
      'when_to_use: when a PDF is mentioned',
      'argument-hint: "[file]"',
      'disable-model-invocation: false',
      'user-invocable: false',
      'metadata:',
      '  author: example-org',
      '  version: "1.0"',
      '',
    ].join('\n'));
    await mkdir(path.join(dir, 'broken'));
    await writeFile(path.join(dir, 'broken', 'SKILL.md'), '# no frontmatter\n');
    await mkdir(path.join(dir, 'nameless'));
    await writeFile(path.join(dir, 'nameless', 'SKILL.md'), '---\ndescription: x\n---\nbody\n');
    await skill(dir, 'Bad_Name', 'x');
    const { skills, notices } = await discoverSkills(loc);
    expect(skills).toHaveLength(1);
    expect(skills[0]).toMatchObject({
      name: 'pdf',
      description: 'Extract text: tables too, from PDFs',
      license: 'Apache-2.0',
      allowedTools: ['Bash(pdftotext:*)', 'Read'],
      whenToUse: 'when a PDF is mentioned',
      argumentHint: '[file]',
      disableModelInvocation: false,
      userInvocable: false,
      metadata: { author: 'example-org', version: '1.0' },
    });
    expect(notices).toHaveLength(3);
    expect(notices.find((n) => n.includes('broken'))).toMatch(/no frontmatter/);
    expect(notices.find((n) => n.includes('nameless'))).toMatch(/no name/);
    expect(notices.find((n) => n.includes('Bad_Name'))).toMatch(/lowercase/);
  });

  it('parses block scalars and list values', () => {
    const parsed = parseSkillFile('---\nname: x\ndescription: >\n  folded\n  text\nallowed-tools:\n  - Read\n  - Grep\n---\nbody');
    expect(parsed).toEqual({ ok: true, fields: { name: 'x', description: 'folded text', 'allowed-tools': ['Read', 'Grep'] }, body: 'body' });
  });
});
