// A skill's allowed-tools through the real loop, the real permission gate and the fake Messages API,
// skills found on real folders: the calls its rules name run unasked only while the conversation
// holds the skill started; a project skill's rules need a trusted workspace, the person's own do
// not (the trust question names them); a deny rule still wins; a rule that is no rule is reported.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySkillRules } from '../../../src/cli/skills-session.js';
import { skillsWouldAllow } from '../../../src/cli/claude-trust.js';
import { createAgent } from '../../../src/core/loop.js';
import { parseRules, PermissionGate } from '../../../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { discoverSkills } from '../../../src/core/skills/discover-skills.js';
import { skillAllowRules } from '../../../src/core/skills/skill-permissions.js';
import { createSkillTool } from '../../../src/core/tools/skill.js';
import type { AnyTool } from '../../../src/core/tools/tool.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { recordingBash } from '../../helpers/recording-bash.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();


async function skillAt(root: string, name: string, allowed: string): Promise<void> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: Runs the ${name} steps\nallowed-tools: ${allowed}\n---\nRun the tests, then commit.\n`);
}

const home = () => path.join(fx.ws.root, '..', 'home');

/** -p's gate (an ask is a refusal), the skills of the workspace and home, one turn of `calls`. */
async function turn(calls: { name: string; input: unknown }[], opts: { trusted: boolean; deny?: string[] }) {
  const { skills } = await discoverSkills({ workspaceRoot: fx.ws.root, inklingHome: path.join(fx.ws.root, '..', 'inkling-home'), userHome: home(), readClaude: true });
  const { rules: deny } = parseRules(opts.deny ?? [], 'settings.json');
  const gate = new PermissionGate({ mode: 'default', rules: { allow: [], ask: [], deny }, workspaceRoot: fx.ws.root, home: home(), canAsk: false });
  const ran: string[] = [];
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  const tools = [recordingBash(ran), createSkillTool(skills)! as AnyTool];
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools, permissions: gate, sessionDir: path.join(fx.ws.root, '..', 'session') });
  await applySkillRules(gate, skills, opts.trusted, { messages: () => agent.messages, dropped: () => false });
  fx.server.enqueue(...calls.map((c, i) => reply({ toolUses: [{ ...c, id: `toolu_${i}` }] })), reply({ text: 'Done.' }));
  await collect(agent.run('commit my work'));
  return { ran, gate };
}

const npmTest = { name: 'bash', input: { command: 'npm test -- --run' } };
const startSkill = (name: string) => ({ name: 'skill', input: { name } });

describe("a skill's allowed-tools", () => {
  it('let the calls they name run unasked once the skill is started, not before; other calls still ask', async () => {
    await skillAt(path.join(fx.ws.root, '.claude', 'skills'), 'commit', 'Bash(npm test:*) Bash(git add:*)');
    const { ran, gate } = await turn([npmTest, startSkill('commit'), npmTest, { name: 'bash', input: { command: 'git push' } }], { trusted: true });
    expect(ran).toEqual(['npm test -- --run']);
    // /permissions lists them while the skill is started, with where they come from.
    expect(gate.rulesInForce().map((r) => `${r.kind} ${r.rule.text} · ${r.rule.source}`)).toEqual(['allow bash(npm test:*) · skill commit', 'allow bash(git add:*) · skill commit']);
  });

  it("a project skill's apply only in a trusted workspace; the person's own skill's apply in any", async () => {
    await skillAt(path.join(fx.ws.root, '.claude', 'skills'), 'commit', 'Bash(npm test:*)');
    const untrusted = await turn([startSkill('commit'), npmTest], { trusted: false });
    expect(untrusted.ran).toEqual([]);
    await skillAt(path.join(home(), '.claude', 'skills'), 'mine', 'bash(npm test:*)');
    const own = await turn([startSkill('mine'), npmTest], { trusted: false });
    expect(own.ran).toEqual(['npm test -- --run']);
  });

  it('never lift a deny rule', async () => {
    await skillAt(path.join(fx.ws.root, '.agents', 'skills'), 'commit', 'Bash');
    const { ran } = await turn([startSkill('commit'), npmTest, { name: 'bash', input: { command: 'git push origin main' } }], { trusted: true, deny: ['bash(git push:*)'] });
    expect(ran).toEqual(['npm test -- --run']);
  });

  it('report what is not applied, once per entry', async () => {
    await skillAt(path.join(fx.ws.root, '.claude', 'skills'), 'globber', 'Glob Read(~/notes/**) Grep');
    await skillAt(path.join(fx.ws.root, '.claude', 'skills'), 'other', 'Bash');
    const { skills } = await discoverSkills({ workspaceRoot: fx.ws.root, inklingHome: path.join(fx.ws.root, '..', 'x'), userHome: home(), readClaude: true });
    const trusted = skillAllowRules(skills, true);
    expect(trusted.problems).toEqual([
      expect.stringMatching(/^skill globber: allowed-tools "Glob" is not applied: .*matches nothing/),
      expect.stringMatching(/^skill globber: allowed-tools "Read\(~\/notes\/\*\*\)" is not applied/),
    ]);
    expect(trusted.bySkill.get('globber')!.map((r) => r.text)).toEqual(['grep_search']);
    expect(skillAllowRules(skills, false).problems).toEqual(['skill globber: allowed-tools not applied: this workspace is not trusted', 'skill other: allowed-tools not applied: this workspace is not trusted']);
    // The trust question names them.
    expect(skillsWouldAllow(skills, fx.ws.root).map((w) => `${w.file} ${w.key} = ${w.value}`)).toEqual(['.claude/skills/globber/SKILL.md allowed-tools = Glob Read(~/notes/**) Grep', '.claude/skills/other/SKILL.md allowed-tools = Bash']);
  });
});
