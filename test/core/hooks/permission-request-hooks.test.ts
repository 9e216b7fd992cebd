// PermissionRequest hooks as Claude Code documents them, real processes around the real loop and
// the fake Messages API: they run only where the person would be asked, get tool_name and
// tool_input without tool_use_id, and answer with hookSpecificOutput.decision (allow with
// updatedInput, deny with message and interrupt) or exit 2; saying nothing leaves the question on.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { createAgent } from '../../../src/core/loop.js';
import { PermissionGate } from '../../../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { recordingBash } from '../../helpers/recording-bash.js';

const fx = fakeAnthropicAndWorkspace();


const seenFile = () => path.join(fx.ws.root, '..', 'seen.json');

/** A PermissionRequest hook on Bash that records its stdin and prints `output` (or runs `tail`). */
function hooks(tail: string): SessionHooks {
  const read = readHooksBlock({ PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `cat > ${seenFile()}\n${tail}` }] }] }, '.claude/settings.json', 'workspace');
  expect(read.problems).toEqual([]);
  return new SessionHooks({ hooks: read.hooks, workspaceRoot: fx.ws.root, sessionId: 's1', transcriptPath: '/t.jsonl', permissionMode: () => 'default' });
}

/** One turn of bash calls in default mode; the person says no to what reaches them. `stops`: the turn ends at the calls. */
async function turn(h: SessionHooks, commands: string[], { canAsk = true, stops = false } = {}) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  const gate = new PermissionGate({ mode: 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: fx.ws.root, home: '/home/nobody', canAsk });
  const ran: string[] = [];
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [recordingBash(ran)], hooks: h, permissions: gate, sessionDir: path.join(fx.ws.root, '..', 'session') });
  fx.server.enqueue(reply({ toolUses: commands.map((command, i) => ({ name: 'bash', input: { command }, id: `toolu_${i}` })) }));
  if (!stops) fx.server.enqueue(reply({ text: 'Done.' }));
  const events: AgentEvent[] = [];
  for await (const e of agent.run('go')) {
    events.push(e);
    if (e.type === 'approval_request') agent.respondToApproval(e.id, { kind: 'no' });
  }
  const asked = events.flatMap((e) => (e.type === 'approval_request' ? [e.id] : []));
  const results = events.flatMap((e) => (e.type === 'tool_result' ? [e] : []));
  return { ran, asked, results };
}

describe('PermissionRequest hooks', () => {
  it('"allow" with updatedInput answers for the person: the rewritten command runs and nobody is asked', async () => {
    const { ran, asked } = await turn(hooks(`echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedInput":{"command":"npm run lint"}}}}'`), ['npm run lint -- --fix']);
    expect(asked).toEqual([]);
    expect(ran).toEqual(['npm run lint']);
    const input = JSON.parse(await readFile(seenFile(), 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm run lint -- --fix' }, cwd: fx.ws.root, permission_mode: 'default' });
    expect(input).not.toHaveProperty('tool_use_id');
  });

  it('"deny" with a message refuses the call, the message reaching the model; the turn goes on', async () => {
    const { ran, asked, results } = await turn(hooks(`echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no network tools here"}}}'`), ['curl example.com', 'wget example.com']);
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(results[1]!.content).toContain('no network tools here');
  });

  it('"deny" with interrupt stops the turn at that call: what follows is not run and the model is not asked again', async () => {
    const before = fx.server.requests.length;
    const { ran, results } = await turn(hooks(`echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"stop here","interrupt":true}}}'`), ['rm build', 'ls -la'], { stops: true });
    expect(ran).toEqual([]);
    expect(results[0]!.content).toContain('stop here');
    expect(results[1]!.content).toMatch(/not run/i);
    expect(fx.server.requests.length - before).toBe(1);
  });

  it('exit 2 denies with its stderr', async () => {
    const { ran, asked, results } = await turn(hooks('echo "blocked by policy" >&2; exit 2'), ['make deploy']);
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
    expect(results[0]!.content).toContain('blocked by policy');
  });

  it('a hook that decides nothing leaves the question to the person', async () => {
    const { asked, ran } = await turn(hooks('exit 0'), ['make deploy']);
    expect(asked).toEqual(['toolu_0']);
    expect(ran).toEqual([]);
  });

  it('does not run for calls that would not ask, nor in -p (the call is refused without a question)', async () => {
    const h = hooks(`echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`);
    const readOnly = await turn(h, ['ls']);
    expect(readOnly.ran).toEqual(['ls']);
    const headless = await turn(h, ['make deploy'], { canAsk: false });
    expect(headless.ran).toEqual([]);
    expect(h.lastRun(h.all[0]!)).toBeUndefined();
  });
});
