// SubagentStart and SubagentStop hook scripts written to Claude Code's documented contract, run as
// real processes around real child agents (the task tool in the real loop, the fake Messages API):
// matchers test the agent type, SubagentStart's additionalContext reaches the child, SubagentStop
// keeps a child going once (it reads stop_hook_active), and a child runs neither the session's
// prompt hooks nor Stop.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendStdinTo, loggedInputs, userHooks } from './hook-input-log.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { collect } from '../../helpers/collect.js';
import { bodyOf, childServerAndWorkspace, parentAgent } from '../agents/agent-fixtures.js';

const fx = childServerAndWorkspace();

const task = (key: string, agent: string) => ({ name: 'task', id: `task_${key}`, input: { description: `look ${key}`, prompt: `[${key}] find things`, agent } });
const command = (cmd: string) => [{ type: 'command', command: cmd }];
/** A hook that appends its stdin (one JSON line) to `name` beside the workspace. */
const logTo = (name: string) => appendStdinTo(path.join(fx.ws.root, '..', name));
const logged = (name: string) => loggedInputs(path.join(fx.ws.root, '..', name));
const hooks = (block: unknown) => userHooks(block, { root: fx.ws.root, id: 's1', transcriptPath: '/t.jsonl' });

/** The text blocks of the last user message of a request. */
const lastUserTexts = (body: ReturnType<typeof bodyOf>): string[] => {
  const last = body.messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? [last.content] : last.content.flatMap((b) => (b.type === 'text' ? [b.text!] : []));
};

describe('SubagentStart hooks', () => {
  it("fire for the child whose type the matcher names, with agent_id and agent_type; additionalContext goes after the child's prompt", async () => {
    const context = `jq -n '{hookSpecificOutput:{hookEventName:"SubagentStart",additionalContext:"Follow the security guidelines"}}'`;
    const h = hooks({
      SubagentStart: [
        { matcher: 'Explore', hooks: command(`${logTo('start.jsonl')}; ${context}`) },
        { matcher: 'general-purpose', hooks: command(logTo('general.jsonl')) },
      ],
      UserPromptSubmit: [{ hooks: command(logTo('prompt.jsonl')) }],
      SessionStart: [{ hooks: command(logTo('session.jsonl')) }],
    });
    fx.routes.set('A', [reply({ text: 'answer A' })]);
    fx.server.enqueue(reply({ toolUses: [task('A', 'explore')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h });
    await collect(agent.run('explore'));
    expect(await logged('start.jsonl')).toEqual([expect.objectContaining({ hook_event_name: 'SubagentStart', agent_id: 'task_A', agent_type: 'Explore', session_id: 's1', cwd: fx.ws.root })]);
    expect(await logged('general.jsonl')).toEqual([]);
    const child = bodyOf(fx.requestsOf('[A]')[0]!);
    expect(lastUserTexts(child)).toEqual(['[A] find things', '[SubagentStart hook] Follow the security guidelines']);
    // The child's prompt is no person's prompt, and no session starts with it.
    expect((await logged('prompt.jsonl')).map((e) => e.prompt)).toEqual(['explore']);
    expect(await logged('session.jsonl')).toHaveLength(1);
  });

  it('cannot stop the child: exit 2 is for the person, and the child runs', async () => {
    const h = hooks({ SubagentStart: [{ hooks: command('echo "not now" >&2; exit 2') }] });
    fx.routes.set('B', [reply({ text: 'answer B' })]);
    fx.server.enqueue(reply({ toolUses: [task('B', 'explore')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h });
    const events = await collect(agent.run('explore'));
    expect(fx.requestsOf('[B]')).toHaveLength(1);
    const notices = events.flatMap((e) => (e.type === 'agent_event' && e.event.type === 'notice' ? [e.event.message] : []));
    expect(notices).toContain('SubagentStart hook: not now');
  });
});

describe('SubagentStop hooks', () => {
  it('keep the child going once with the reason as its next instruction; the input carries the transcript and the last answer; Stop runs for the parent only', async () => {
    const once = `input=$(cat); echo "$input" >> ${path.join(fx.ws.root, '..', 'stop.jsonl')}
wc -l < "$(echo "$input" | jq -r .agent_transcript_path)" >> ${path.join(fx.ws.root, '..', 'lines.txt')}
if [ "$(echo "$input" | jq -r .stop_hook_active)" = "false" ]; then jq -n '{decision:"block",reason:"check the tests too"}'; fi`;
    const h = hooks({ SubagentStop: [{ matcher: 'general-purpose', hooks: command(once) }], Stop: [{ hooks: command(logTo('parent-stop.jsonl')) }] });
    fx.routes.set('C', [reply({ text: 'first answer' }), reply({ text: 'tests checked' })]);
    fx.server.enqueue(reply({ toolUses: [task('C', 'general')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h });
    await collect(agent.run('do it'));
    const runs = await logged('stop.jsonl');
    expect(runs.map((r) => [r.stop_hook_active, r.last_assistant_message])).toEqual([
      [false, 'first answer'],
      [true, 'tests checked'],
    ]);
    expect(runs[0]).toMatchObject({ hook_event_name: 'SubagentStop', agent_id: 'task_C', agent_type: 'general-purpose' });
    // The child's conversation so far is on disk when the hook runs (one message a line).
    expect((await readFile(path.join(fx.ws.root, '..', 'lines.txt'), 'utf8')).split(/\s+/).filter(Boolean)).toEqual(['2', '4']);
    expect(lastUserTexts(bodyOf(fx.requestsOf('[C]')[1]!))).toEqual(['SubagentStop hook feedback: check the tests too']);
    expect(await logged('parent-stop.jsonl')).toEqual([expect.objectContaining({ hook_event_name: 'Stop', last_assistant_message: 'done' })]);
  });

  it("a matcher for another agent type leaves the child's end alone", async () => {
    const h = hooks({ SubagentStop: [{ matcher: 'Explore', hooks: command(`${logTo('stop.jsonl')}; exit 2`) }] });
    fx.routes.set('D', [reply({ text: 'only answer' })]);
    fx.server.enqueue(reply({ toolUses: [task('D', 'general')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h });
    await collect(agent.run('do it'));
    expect(fx.requestsOf('[D]')).toHaveLength(1);
    expect(await logged('stop.jsonl')).toEqual([]);
  });
});
