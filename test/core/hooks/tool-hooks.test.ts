// Hook scripts written to Claude Code's documented contract, run as real processes around the real
// loop and the fake Messages API: a validator exiting 2, permissionDecision "deny", an updatedInput
// rewrite reading .tool_input.file_path, a PostToolUse formatter, a hanging hook killed at its
// timeout, and a hook's "allow" that cannot lift a deny rule or a hard denial.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { createAgent } from '../../../src/core/loop.js';
import { parseRules, PermissionGate } from '../../../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { recordingBash } from '../../helpers/recording-bash.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();


async function script(name: string, body: string): Promise<string> {
  const file = path.join(fx.ws.root, '..', name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

function hooksFrom(block: unknown, defaultTimeoutMs?: number): SessionHooks {
  const read = readHooksBlock(block, '.claude/settings.json', 'workspace');
  expect(read.problems).toEqual([]);
  return new SessionHooks({ hooks: read.hooks, workspaceRoot: fx.ws.root, sessionId: 's1', transcriptPath: '/t.jsonl', permissionMode: () => 'default', ...(defaultTimeoutMs ? { defaultTimeoutMs } : {}) });
}

async function run(hooks: SessionHooks, toolUses: { name: string; input: unknown }[], extra: { gate?: PermissionGate; ran?: string[] } = {}) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  const tools = [...fileTools(), recordingBash(extra.ran ?? [])];
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools, hooks, sessionDir: path.join(fx.ws.root, '..', 'session'), ...(extra.gate ? { permissions: extra.gate } : {}) });
  fx.server.enqueue(reply({ toolUses: toolUses.map((u, i) => ({ ...u, id: `toolu_${i}` })) }), reply({ text: 'Done.' }));
  const events = await collect(agent.run('go'));
  return events.flatMap((e: AgentEvent) => (e.type === 'tool_result' ? [e] : []));
}

const command = (cmd: string, extra: Record<string, unknown> = {}) => [{ type: 'command', command: cmd, ...extra }];

describe('PreToolUse hooks', () => {
  it('a command validator exiting 2 blocks the call, its stderr reaching the model', async () => {
    const validator = await script('validate.sh', `cmd=$(jq -r '.tool_input.command')\ncase "$cmd" in *grep*) echo "Use rg instead of grep" >&2; exit 2;; esac\nexit 0`);
    const ran: string[] = [];
    const results = await run(hooksFrom({ PreToolUse: [{ matcher: 'Bash', hooks: command(validator) }] }), [{ name: 'bash', input: { command: 'grep -r x .' } }, { name: 'bash', input: { command: 'ls' } }], { ran });
    expect(results[0]).toMatchObject({ isError: true });
    expect(results[0]!.content).toContain('Use rg instead of grep');
    expect(ran).toEqual(['ls']);
  });

  it('permissionDecision "deny" refuses the call with its reason; tool_name and fields are Claude Code\'s', async () => {
    const seen = path.join(fx.ws.root, '..', 'seen.json');
    const denier = await script('deny.sh', `cat > ${seen}\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no writes to config"}}'`);
    const results = await run(hooksFrom({ PreToolUse: [{ matcher: 'Write|Edit', hooks: command(denier) }] }), [{ name: 'write_file', input: { path: 'config.yml', content: 'x' } }]);
    expect(results[0]!.content).toContain('no writes to config');
    const input = JSON.parse(await readFile(seen, 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: path.join(fx.ws.root, 'config.yml'), content: 'x' }, tool_use_id: 'toolu_0', cwd: fx.ws.root, session_id: 's1' });
    await expect(readFile(path.join(fx.ws.root, 'config.yml'), 'utf8')).rejects.toThrow();
  });

  it('an updatedInput rewrite reading .tool_input.file_path is mapped back and runs; an unknown field is refused', async () => {
    const rewriter = await script(
      'rewrite.sh',
      `f=$(jq -r '.tool_input.file_path')\njq -n --arg f "$f.bak" '{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"allow",updatedInput:{file_path:$f,content:"rewritten"}}}'`,
    );
    const results = await run(hooksFrom({ PreToolUse: [{ matcher: 'Write', hooks: command(rewriter) }] }), [{ name: 'write_file', input: { path: 'a.txt', content: 'original' } }]);
    expect(results[0]!.isError).toBe(false);
    expect(await readFile(path.join(fx.ws.root, 'a.txt.bak'), 'utf8')).toBe('rewritten');
    await expect(readFile(path.join(fx.ws.root, 'a.txt'), 'utf8')).rejects.toThrow();

    const hooks = hooksFrom({ PreToolUse: [{ matcher: 'Bash', hooks: command(`echo '{"hookSpecificOutput":{"updatedInput":{"command":"ls","run_in_background":true}}}'`) }] });
    const ran: string[] = [];
    await run(hooks, [{ name: 'bash', input: { command: 'pwd' } }], { ran });
    expect(ran).toEqual(['pwd']);
    expect(hooks.lastRun(hooks.all[0]!)!.refused).toMatch(/run_in_background/);
  });

  it('each run is a hook_run event for its call (a row under the card), secrets redacted', async () => {
    const hooks = hooksFrom({ PreToolUse: [{ matcher: 'Bash', hooks: command('echo "lint: token sk-secret-123 unused" >&2; exit 1') }] });
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
    const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [recordingBash([])], hooks, secretValues: ['sk-secret-123'], sessionDir: path.join(fx.ws.root, '..', 'session') });
    fx.server.enqueue(reply({ toolUses: [{ name: 'bash', input: { command: 'ls' }, id: 'toolu_9' }] }), reply({ text: 'Done.' }));
    const events = await collect(agent.run('go'));
    expect(events.filter((e) => e.type === 'hook_start' || e.type === 'hook_run').map((e) => e.type)).toEqual(['hook_start', 'hook_run']);
    const rows = events.filter((e) => e.type === 'hook_run');
    expect(rows).toEqual([{ type: 'hook_run', id: 'toolu_9', event: 'PreToolUse', command: expect.stringContaining('lint'), exitCode: 1, timedOut: false, durationMs: expect.any(Number), output: expect.stringContaining('lint: token') }]);
    expect(JSON.stringify(rows)).not.toContain('sk-secret-123');
  });

  it('a hanging hook is killed at its timeout and the call goes on', async () => {
    const ran: string[] = [];
    const results = await run(hooksFrom({ PreToolUse: [{ hooks: command('sleep 30', { timeout: 1 }) }] }), [{ name: 'bash', input: { command: 'echo hi' } }], { ran });
    expect(ran).toEqual(['echo hi']);
    expect(results[0]!.isError).toBe(false);
  }, 20_000);

  it('a hook\'s "allow" cannot lift a deny rule or a hard denial', async () => {
    const allow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`;
    const { rules } = parseRules(['bash(git push:*)'], 'settings.json');
    const gate = new PermissionGate({ mode: 'yolo', rules: { allow: [], ask: [], deny: rules }, workspaceRoot: fx.ws.root, home: '/home/nobody', canAsk: false });
    const ran: string[] = [];
    const results = await run(hooksFrom({ PreToolUse: [{ matcher: 'Bash', hooks: command(allow) }] }), [{ name: 'bash', input: { command: 'git push origin main' } }, { name: 'bash', input: { command: 'rm -rf /' } }], { gate, ran });
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(ran).toEqual([]);
  });
});

describe('PostToolUse hooks', () => {
  it('a formatter runs after a write and what it says reaches the model', async () => {
    const formatter = await script('format.sh', `f=$(jq -r '.tool_input.file_path')\ntr a-z A-Z < "$f" > "$f.tmp" && mv "$f.tmp" "$f"\njq -n '{hookSpecificOutput:{hookEventName:"PostToolUse",additionalContext:"formatted"}}'`);
    const results = await run(hooksFrom({ PostToolUse: [{ matcher: 'Write|Edit', hooks: command(formatter) }] }), [{ name: 'write_file', input: { path: 'b.txt', content: 'hello' } }]);
    expect(await readFile(path.join(fx.ws.root, 'b.txt'), 'utf8')).toBe('HELLO');
    expect(results[0]!.content).toContain('[PostToolUse hook] formatted');
  });
});

describe('the hooks block', () => {
  it('reports a malformed block with its file and reason', () => {
    const read = readHooksBlock({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }], OnTuesday: [], Stop: {} }, '.claude/settings.json', 'workspace');
    expect(read.hooks).toEqual([]);
    expect(read.problems).toEqual([
      '.claude/settings.json: hooks.PreToolUse[0].hooks[0].command: must be a non-empty string',
      expect.stringMatching(/^\.claude\/settings\.json: hooks\.OnTuesday: not an event inkling runs/),
      '.claude/settings.json: hooks.Stop: must be a list of { "matcher", "hooks" }',
    ]);
  });

  it('matches as Claude Code: names with | or , exactly, else an unanchored regex', async () => {
    const { matcherMatches } = await import('../../../src/core/hooks/hook-settings.js');
    expect(matcherMatches('Write|Edit', 'Edit')).toBe(true);
    expect(matcherMatches('Write,Edit', 'Write')).toBe(true);
    expect(matcherMatches('Edit', 'NotebookEdit')).toBe(false);
    expect(matcherMatches('mcp__github__.*', 'mcp__github__create_issue')).toBe(true);
    expect(matcherMatches(undefined, 'Bash')).toBe(true);
    expect(matcherMatches('Glob', 'list_files')).toBe(false);
  });
});
