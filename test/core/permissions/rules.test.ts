import { describe, expect, it } from 'vitest';
import { parseRule, ruleCoversTool, splitRuleList, type PermissionRule } from '../../../src/core/permissions/rules.js';

function rule(text: string): PermissionRule {
  const r = parseRule(text, 'test');
  if (!r.ok) throw new Error(r.problem);
  return r.rule;
}

describe('the rule grammar', () => {
  it('reads a bare tool, case-insensitively', () => {
    expect(ruleCoversTool(rule('Bash'), 'bash')).toBe(true);
    expect(rule('BASH').specifier).toEqual({ kind: 'any' });
    expect(ruleCoversTool(rule('read_file'), 'read_file')).toBe(true);
    expect(ruleCoversTool(rule('read_file'), 'write_file')).toBe(false);
  });

  it('reads an exact command and a prefix at a word boundary', () => {
    expect(rule('Bash(npm test)').specifier).toEqual({ kind: 'command', words: ['npm', 'test'], prefix: false });
    expect(rule('bash(git status:*)').specifier).toEqual({ kind: 'command', words: ['git', 'status'], prefix: true });
    expect(rule('bash(git commit -m "a b":*)').specifier).toEqual({ kind: 'command', words: ['git', 'commit', '-m', 'a b'], prefix: true });
  });

  it('expands the aliases edit and read', () => {
    for (const t of ['write_file', 'edit_file']) expect(ruleCoversTool(rule('edit(src/**)'), t)).toBe(true);
    for (const t of ['read_file', 'list_files', 'grep_search']) expect(ruleCoversTool(rule('Read(**/.env)'), t)).toBe(true);
    expect(ruleCoversTool(rule('edit'), 'read_file')).toBe(false);
    expect(rule('edit(./src/**)').specifier).toEqual({ kind: 'path', glob: 'src/**' });
  });

  it('names MCP tools one by one or a whole server', () => {
    expect(ruleCoversTool(rule('mcp__github__create_issue'), 'mcp__github__create_issue')).toBe(true);
    expect(ruleCoversTool(rule('mcp__github__create_issue'), 'mcp__github__delete_repo')).toBe(false);
    expect(ruleCoversTool(rule('mcp__github__*'), 'mcp__github__delete_repo')).toBe(true);
    expect(ruleCoversTool(rule('mcp__github'), 'mcp__github__delete_repo')).toBe(true);
    expect(ruleCoversTool(rule('mcp__github'), 'mcp__githubx__a')).toBe(false);
  });

  it.each([
    ['bash(', 'is not a rule'],
    ['bash()', 'parentheses are empty'],
    ['bash(ls; rm x)', 'one simple command'],
    ['bash(ls | grep x)', 'one simple command'],
    ['edit(/etc/passwd)', 'relative to the workspace'],
    ['edit(../x)', 'relative to the workspace'],
    ['mcp__github__create(x)', 'take a specifier'],
    ['ba*sh', 'not a tool name'],
    ['', 'is not a rule'],
  ])('refuses %j with a reason', (text, reason) => {
    const r = parseRule(text, 'test');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toContain(reason);
  });

  it('splits a flag value on commas outside parentheses', () => {
    expect(splitRuleList('bash(git diff:*),edit(src/**)')).toEqual(['bash(git diff:*)', 'edit(src/**)']);
    expect(splitRuleList('bash(echo a, b), read')).toEqual(['bash(echo a, b)', 'read']);
    expect(splitRuleList(' , bash ,')).toEqual(['bash']);
  });
});
