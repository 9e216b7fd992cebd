import { beforeAll, describe, expect, it } from 'vitest';
import { claudeToolName, fromClaudeInput, inklingToolName, toClaudeInput } from '../../../src/core/compat/claude-names.js';
import { translateClaudeRule, translateClaudeRules } from '../../../src/core/compat/claude-rules.js';
import { loadBashParser, type BashParser } from '../../../src/core/permissions/bash-parser.js';
import { decide, type PermissionPolicy } from '../../../src/core/permissions/decide.js';
import { parseRules } from '../../../src/core/permissions/gate.js';

const root = '/w/project';

describe('the Claude Code name map', () => {
  it('names tools both ways, keeps MCP names and knows Glob has no equivalent', () => {
    expect(claudeToolName('bash')).toBe('Bash');
    expect(claudeToolName('read_file')).toBe('Read');
    expect(claudeToolName('write_file')).toBe('Write');
    expect(claudeToolName('edit_file')).toBe('Edit');
    expect(claudeToolName('grep_search')).toBe('Grep');
    expect(claudeToolName('mcp__github__create_issue')).toBe('mcp__github__create_issue');
    expect(inklingToolName('Edit')).toBe('edit_file');
    expect(inklingToolName('mcp__s__t')).toBe('mcp__s__t');
    expect(inklingToolName('Glob')).toBeNull();
    expect(inklingToolName('WebFetch')).toBe('web_fetch');
    expect(inklingToolName('WebSearch')).toBeUndefined();
  });

  it("gives a call's input in Claude Code's shape: file_path absolute, timeout for timeout_ms", () => {
    expect(toClaudeInput('read_file', { path: 'src/a.ts', offset: 3 }, root)).toEqual({ file_path: '/w/project/src/a.ts', offset: 3 });
    expect(toClaudeInput('bash', { command: 'npm test', timeout_ms: 5000 }, root)).toEqual({ command: 'npm test', timeout: 5000 });
    expect(toClaudeInput('grep_search', { pattern: 'x', path: 'src', ignore_case: true }, root)).toEqual({ pattern: 'x', path: '/w/project/src', '-i': true });
  });

  it('maps an updated input back and refuses a field the tool does not have', () => {
    expect(fromClaudeInput('edit_file', { file_path: '/w/project/b.ts', old_string: 'a', new_string: 'b' }, root, ['path', 'old_string', 'new_string', 'replace_all'])).toEqual({
      ok: true,
      input: { path: 'b.ts', old_string: 'a', new_string: 'b' },
    });
    expect(fromClaudeInput('bash', { command: 'ls', timeout: 10 }, root, ['command', 'timeout_ms'])).toEqual({ ok: true, input: { command: 'ls', timeout_ms: 10 } });
    const refused = fromClaudeInput('bash', { command: 'ls', run_in_background: true }, root, ['command', 'timeout_ms']);
    expect(refused).toEqual({ ok: false, problem: 'Bash has no field "run_in_background"' });
  });
});

describe("permission rules in Claude Code's form", () => {
  let parser: BashParser;
  beforeAll(async () => {
    parser = await loadBashParser();
  });

  it('translates bash and file rules through the map', () => {
    expect(translateClaudeRule('Bash(git push:*)')).toEqual({ ok: true, rule: 'bash(git push:*)' });
    expect(translateClaudeRule('Bash(npm run *)')).toEqual({ ok: true, rule: 'bash(npm run:*)' });
    expect(translateClaudeRule('Read(./.env)')).toEqual({ ok: true, rule: 'read(.env)' });
    expect(translateClaudeRule('Edit(/src/**)')).toEqual({ ok: true, rule: 'edit(src/**)' });
    expect(translateClaudeRule('mcp__github__create_issue')).toEqual({ ok: true, rule: 'mcp__github__create_issue' });
  });

  it('reports a rule that does not map once and skips it', () => {
    const out = translateClaudeRules(['Glob', 'WebSearch(x)', 'WebSearch(x)', 'Read(~/.ssh/**)', 'Bash(rm:*)', 'WebFetch(domain:x.com)'], '.claude/settings.json');
    expect(out.rules).toEqual(['bash(rm:*)', 'web_fetch(domain:x.com)']);
    expect(out.problems).toHaveLength(3);
    expect(out.problems[0]).toMatch(/Glob has no equivalent/);
    expect(out.problems[1]).toMatch(/no tool for Claude Code's WebSearch/);
  });

  it('a translated deny rule denies the call it names in the real permission chain', () => {
    const { rules, problems } = parseRules(translateClaudeRules(['Bash(git push:*)', 'Read(./.env)', 'WebFetch(domain:*.evil.example)'], '.claude/settings.json').rules, '.claude/settings.json');
    expect(problems).toEqual([]);
    const policy: PermissionPolicy = { mode: 'yolo', allow: [], ask: [], deny: rules, session: [], protectedPaths: [], workspaceRoot: root, home: '/home/u' };
    expect(decide(parser, policy, { name: 'bash', input: { command: 'git push origin main' }, readOnly: false }).kind).toBe('deny');
    expect(decide(parser, policy, { name: 'read_file', input: { path: '.env' }, readOnly: true }).kind).toBe('deny');
    expect(decide(parser, policy, { name: 'grep_search', input: { pattern: 'x', path: '.env' }, readOnly: true }).kind).toBe('deny');
    expect(decide(parser, policy, { name: 'bash', input: { command: 'git status' }, readOnly: false }).kind).toBe('allow');
    expect(decide(parser, policy, { name: 'web_fetch', input: { url: 'https://cdn.evil.example/x' }, readOnly: true }).kind).toBe('deny');
    expect(decide(parser, policy, { name: 'web_fetch', input: { url: 'https://docs.python.org/3/' }, readOnly: true }).kind).toBe('allow');
  });
});
