// A skill's allowed-tools, as Claude Code applies them: while the conversation holds the skill
// started, the calls its rules name run without asking. Rules come in Claude Code's form
// (`Bash(git add:*)`, `Read`) through the name map, or in inkling's (`bash(npm test)`). They only
// ever add allow rules, so deny and ask rules and the hard denials still win; and since they loosen,
// a project skill's apply only in a trusted workspace (the person's own skills always).
import { inklingToolName } from '../compat/claude-names.js';
import { translateClaudeRule } from '../compat/claude-rules.js';
import { parseRule, type PermissionRule } from '../permissions/rules.js';
import type { Skill } from './discover-skills.js';

export interface SkillRules {
  /** Each applying skill's allow rules, by its name. */
  bySkill: Map<string, PermissionRule[]>;
  /** An entry that is no rule, a project skill's list in an untrusted workspace: one line each. */
  problems: string[];
}

export function skillAllowRules(skills: readonly Skill[], trusted: boolean): SkillRules {
  const out: SkillRules = { bySkill: new Map(), problems: [] };
  for (const skill of skills) {
    if (skill.allowedTools.length === 0) continue;
    if (skill.origin === 'project' && !trusted) {
      out.problems.push(`skill ${skill.name}: allowed-tools not applied: this workspace is not trusted`);
      continue;
    }
    const source = `skill ${skill.name}`;
    const rules: PermissionRule[] = [];
    for (const text of skill.allowedTools) {
      // A name Claude Code's map knows is Claude Code's rule (Glob and ~/ paths do not map); any other is inkling's grammar.
      const claude = inklingToolName(/^\s*([\w*.-]+)/.exec(text)?.[1] ?? '') === undefined ? undefined : translateClaudeRule(text);
      const parsed = claude?.ok === false ? claude : parseRule(claude ? claude.rule : text, source);
      if (parsed.ok) rules.push(parsed.rule);
      else out.problems.push(`skill ${skill.name}: allowed-tools "${text}" is not applied: ${parsed.problem}`);
    }
    out.bySkill.set(skill.name, rules);
  }
  return out;
}

/** The allow rules of the skills started now. */
export function activeSkillRules(rules: SkillRules, started: ReadonlySet<string>): PermissionRule[] {
  return [...started].flatMap((name) => rules.bySkill.get(name) ?? []);
}
