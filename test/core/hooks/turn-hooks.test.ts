// UserPromptSubmit, Stop, SessionStart, PreCompact and SessionEnd hook scripts written to Claude
// Code's documented contract, run as real processes around the real loop and the fake Messages API:
// a context adder, a prompt blocker, a Stop hook that continues the turn once (it reads
// stop_hook_active to let the turn end after), session context per source, and a compaction seen coming.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { PermissionGate } from '../../../src/core/permissions/gate.js';
import type { AgentEvent } from '../../../src/core/events.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

async function script(name: string, body: string): Promise<string> {
  const file = path.join(fx.ws.root, '..', name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

function agentWith(block: unknown) {
  const read = readHooksBlock(block, '.claude/settings.json', 'user');
  expect(read.problems).toEqual([]);
  const hooks = new SessionHooks({ hooks: read.hooks, workspaceRoot: fx.ws.root, sessionId: 's1', transcriptPath: '/t.jsonl', permissionMode: () => 'default' });
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  return createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [], hooks, sessionDir: path.join(fx.ws.root, '..', 'session') });
}

const command = (cmd: string) => [{ type: 'command', command: cmd }];
/** The text blocks of the last user message of request `i`. */
const lastUserTexts = (i: number): string[] => {
  const body = fx.server.requests[i]!.body as { messages: { role: string; content: string | { type: string; text?: string }[] }[] };
  const last = body.messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? [last.content] : last.content.flatMap((b) => (b.type === 'text' ? [b.text!] : []));
};

describe('UserPromptSubmit hooks', () => {
  it('a context adder: plain stdout and additionalContext go to the model after the prompt; the hook reads .prompt', async () => {
    const seen = path.join(fx.ws.root, '..', 'seen.json');
    const adder = await script('context.sh', `cat > ${seen}\necho "Current branch: main"`);
    const json = await script('context-json.sh', `jq -n '{hookSpecificOutput:{hookEventName:"UserPromptSubmit",additionalContext:"Today is Friday"}}'`);
    const agent = agentWith({ UserPromptSubmit: [{ hooks: command(adder) }, { hooks: command(json) }] });
    fx.server.enqueue(reply({ text: 'ok' }));
    await collect(agent.run('what branch?'));
    const texts = lastUserTexts(0);
    expect(texts[0]).toBe('what branch?');
    expect(texts).toContain('[UserPromptSubmit hook] Current branch: main');
    expect(texts).toContain('[UserPromptSubmit hook] Today is Friday');
    expect(JSON.parse(await readFile(seen, 'utf8'))).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'what branch?', session_id: 's1', cwd: fx.ws.root });
  });

  it('exit 2 blocks the prompt: nothing is sent, the person reads the reason, and the next prompt goes through', async () => {
    const blocker = await script('block.sh', `jq -r .prompt | grep -q 'sk-' && { echo "the prompt holds a key" >&2; exit 2; }\nexit 0`);
    const agent = agentWith({ UserPromptSubmit: [{ hooks: command(blocker) }] });
    const events = await collect(agent.run('use sk-abc123'));
    expect(fx.server.requests).toHaveLength(0);
    expect(events).toContainEqual({ type: 'notice', message: expect.stringContaining('the prompt holds a key') });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(agent.messages).toEqual([]);
    fx.server.enqueue(reply({ text: 'ok' }));
    await collect(agent.run('hello'));
    expect(lastUserTexts(0)).toEqual(['hello']);
  });

  it('decision "block" with a reason blocks the prompt too', async () => {
    const agent = agentWith({ UserPromptSubmit: [{ hooks: command(`echo '{"decision":"block","reason":"not today"}'`) }] });
    const events = await collect(agent.run('hi'));
    expect(fx.server.requests).toHaveLength(0);
    expect(events).toContainEqual({ type: 'notice', message: expect.stringContaining('not today') });
  });
});

describe('Stop hooks', () => {
  it('a Stop hook that continues the turn once: its reason is the model\'s next instruction, then stop_hook_active lets it end', async () => {
    const log = path.join(fx.ws.root, '..', 'stop.log');
    const once = await script(
      'stop-once.sh',
      `active=$(jq -r .stop_hook_active)\necho "$active" >> ${log}\nif [ "$active" = "false" ]; then jq -n '{decision:"block",reason:"run the tests before you stop"}'; fi\nexit 0`,
    );
    const agent = agentWith({ Stop: [{ hooks: command(once) }] });
    fx.server.enqueue(reply({ text: 'Done.' }), reply({ text: 'Tests pass. Done.' }));
    const events = await collect(agent.run('fix it'));
    expect(fx.server.requests).toHaveLength(2);
    expect(lastUserTexts(1)).toEqual(['Stop hook feedback: run the tests before you stop']);
    expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual(['false', 'true']);
    expect(events.filter((e) => e.type === 'turn_end')).toEqual([{ type: 'turn_end', reason: 'end_turn' }]);
  });

  it('exit 2 keeps the turn going with stderr; continue: false lets it end whatever else a hook says', async () => {
    const agent = agentWith({ Stop: [{ hooks: command(`[ "$(jq -r .stop_hook_active)" = true ] && exit 0; echo "lint first" >&2; exit 2`) }] });
    fx.server.enqueue(reply({ text: 'Done.' }), reply({ text: 'Linted.' }));
    await collect(agent.run('go'));
    expect(lastUserTexts(1)).toEqual(['Stop hook feedback: lint first']);

    fx.server.requests.length = 0;
    const ender = agentWith({ Stop: [{ hooks: command(`echo '{"continue":false,"stopReason":"enough","decision":"block","reason":"more"}'`) }] });
    fx.server.enqueue(reply({ text: 'Done.' }));
    await collect(ender.run('go'));
    expect(fx.server.requests).toHaveLength(1);
  });
});

describe('SessionStart, PreCompact and SessionEnd hooks', () => {
  it('SessionStart adds context before the first prompt (source startup) and again after /clear (source clear); SessionEnd runs for /clear and on dispose', async () => {
    const log = path.join(fx.ws.root, '..', 'session.log');
    const starter = await script('start.sh', `input=$(cat)\necho "$input" | jq -c '{e:.hook_event_name,s:.source,r:.reason}' >> ${log}\necho "$input" | jq -r '"started from " + .source'`);
    const agent = agentWith({ SessionStart: [{ hooks: command(starter) }], SessionEnd: [{ hooks: command(`jq -c '{e:.hook_event_name,r:.reason}' >> ${log}`) }] });
    fx.server.enqueue(reply({ text: 'one' }), reply({ text: 'two' }), reply({ text: 'three' }));
    await collect(agent.run('first'));
    await collect(agent.run('second'));
    expect(lastUserTexts(0)).toEqual(['first', '[SessionStart hook] started from startup']);
    expect(lastUserTexts(1)).toEqual(['second']);
    agent.clear();
    await collect(agent.run('third'));
    expect(lastUserTexts(2)).toEqual(['third', '[SessionStart hook] started from clear']);
    await agent.dispose();
    const lines = (await readFile(log, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toContainEqual({ e: 'SessionEnd', r: 'clear' });
    expect(lines).toContainEqual({ e: 'SessionEnd', r: 'other' });
    expect(lines.filter((l) => l.e === 'SessionStart').map((l) => l.s)).toEqual(['startup', 'clear']);
  });

  it('PreCompact sees a /compact coming with its trigger and instructions; the next prompt gets SessionStart with source compact', async () => {
    const log = path.join(fx.ws.root, '..', 'compact.log');
    const agent = agentWith({
      PreCompact: [{ hooks: command(`jq -c '{t:.trigger,i:.custom_instructions}' >> ${log}`) }],
      SessionStart: [{ hooks: command(`jq -r '"source " + .source'`) }],
    });
    for (let i = 1; i <= 3; i++) {
      fx.server.enqueue(reply({ text: `answer ${i}` }));
      await collect(agent.run(`prompt ${i}`));
    }
    fx.server.enqueue(reply({ text: 'The summary.' }));
    await collect(agent.compact('keep the API notes'));
    expect(JSON.parse((await readFile(log, 'utf8')).trim())).toEqual({ t: 'manual', i: 'keep the API notes' });
    fx.server.enqueue(reply({ text: 'after' }));
    await collect(agent.run('go on'));
    expect(lastUserTexts(fx.server.requests.length - 1)).toEqual(['go on', '[SessionStart hook] source compact']);
  });
});

describe('Notification hooks', () => {
  it('a call waiting for approval sends a Notification with Claude Code\'s tool name; the call still waits for the person', async () => {
    const log = path.join(fx.ws.root, '..', 'notify.log');
    const idle = path.join(fx.ws.root, '..', 'idle.log');
    const read = readHooksBlock(
      {
        Notification: [
          { matcher: 'permission_prompt', hooks: command(`jq -c '{m:.message,e:.hook_event_name,t:.notification_type}' >> ${log}`) },
          { matcher: 'idle_prompt', hooks: command(`cat >> ${idle}`) },
        ],
      },
      'settings.json',
      'user',
    );
    const hooks = new SessionHooks({ hooks: read.hooks, workspaceRoot: fx.ws.root, sessionId: 's1', transcriptPath: '/t.jsonl', permissionMode: () => 'default' });
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
    const gate = new PermissionGate({ mode: 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: fx.ws.root, home: '/home/nobody', canAsk: true });
    const ran: string[] = [];
    const bash: Tool<{ command: string }> = { name: 'bash', description: 'records', readOnly: false, inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] }, execute: async (input) => (ran.push(input.command), { content: 'ok', isError: false }) };
    const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [bash], hooks, permissions: gate, sessionDir: path.join(fx.ws.root, '..', 'session') });
    fx.server.enqueue(reply({ toolUses: [{ name: 'bash', input: { command: 'rm -rf build' }, id: 'toolu_n' }] }), reply({ text: 'ok' }));
    const events: AgentEvent[] = [];
    for await (const e of agent.run('clean up')) {
      events.push(e);
      if (e.type === 'approval_request') {
        for (let i = 0; i < 200; i++) {
          if (await readFile(log, 'utf8').catch(() => '')) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        agent.respondToApproval(e.id, { kind: 'no' });
      }
    }
    expect(JSON.parse((await readFile(log, 'utf8')).trim())).toEqual({ m: 'inkling needs your permission to use Bash', e: 'Notification', t: 'permission_prompt' });
    // The matcher tests notification_type: an idle_prompt hook is not this notification's.
    expect(await readFile(idle, 'utf8').catch(() => 'none')).toBe('none');
    expect(ran).toEqual([]);
  });
});

describe("Matchers of the session's events (Claude Code's: the source, the trigger, the reason)", () => {
  it('SessionStart, PreCompact and SessionEnd hooks fire only for what their matcher names', async () => {
    const log = path.join(fx.ws.root, '..', 'matched.log');
    const note = (tag: string) => command(`echo ${tag} >> ${log}`);
    const agent = agentWith({
      SessionStart: [{ matcher: 'startup', hooks: note('start:startup') }, { matcher: 'compact', hooks: note('start:compact') }],
      PreCompact: [{ matcher: 'manual', hooks: note('compact:manual') }, { matcher: 'auto', hooks: note('compact:auto') }],
      SessionEnd: [{ matcher: 'clear', hooks: note('end:clear') }, { matcher: 'other', hooks: note('end:other') }, { hooks: note('end:any') }],
    });
    const tags = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    for (let i = 1; i <= 3; i++) {
      fx.server.enqueue(reply({ text: `answer ${i}` }));
      await collect(agent.run(`prompt ${i}`));
    }
    expect(await tags()).toEqual(['start:startup']);
    fx.server.enqueue(reply({ text: 'The summary.' }), reply({ text: 'two' }));
    await collect(agent.compact());
    await collect(agent.run('second'));
    expect((await tags()).slice(1)).toEqual(['compact:manual', 'start:compact']);
    await agent.dispose();
    expect((await tags()).slice(3).sort()).toEqual(['end:any', 'end:other']);
  });
});
