// What a hook reads on stdin when it fires inside a child agent, field by field as Claude Code's
// hooks reference gives it: every event from within a subagent carries agent_id and agent_type
// beside the common fields, the main thread's carry neither; SubagentStart and SubagentStop have
// exactly the documented fields. Real hook scripts on a real temp workspace, the task tool in the
// real loop against the fake Messages API on 127.0.0.1.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendStdinTo, loggedInputs, userHooks } from './hook-input-log.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { collect } from '../../helpers/collect.js';
import { childServerAndWorkspace, parentAgent } from '../agents/agent-fixtures.js';

const fx = childServerAndWorkspace();

/** The common input fields of Claude Code's hooks reference. */
const COMMON = ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name'];
const TOOL = [...COMMON, 'tool_name', 'tool_input', 'tool_use_id'];
const IN_SUBAGENT = ['agent_id', 'agent_type'];

const sorted = (keys: string[]) => [...keys].sort();
const log = () => path.join(fx.ws.root, '..', 'hooks.jsonl');
/** A hook that appends its stdin (one JSON line) to the log beside the workspace. */
const logging = () => [{ type: 'command', command: appendStdinTo(log()) }];
const logged = () => loggedInputs(log());
const hooks = (block: unknown) => userHooks(block, { root: fx.ws.root, id: 'abc123', transcriptPath: '/t/abc123.jsonl' });

const readCall = (id: string, file: string) => ({ name: 'read_file', id, input: { path: file } });

describe('hook input inside a child agent', () => {
  it("a tool hook fired by the child carries agent_id and agent_type (and the child's mode); the parent's carries neither", async () => {
    await writeFile(path.join(fx.ws.root, 'notes.md'), 'notes\n');
    const h = hooks({ PreToolUse: [{ matcher: 'Read', hooks: logging() }], PostToolUse: [{ matcher: 'Read', hooks: logging() }] });
    fx.routes.set('[K]', [reply({ toolUses: [readCall('toolu_child_read', 'notes.md')] }), reply({ text: 'read it' })]);
    fx.server.enqueue(
      reply({ toolUses: [readCall('toolu_parent_read', 'notes.md')] }),
      reply({ toolUses: [{ name: 'task', id: 'task_K', input: { description: 'look', prompt: '[K] read the notes', agent: 'explore' } }] }),
      reply({ text: 'done' }),
    );
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h });
    await collect(agent.run('read the notes, then have an agent read them'));
    const runs = await logged();
    const parent = runs.filter((r) => r.tool_use_id === 'toolu_parent_read');
    const child = runs.filter((r) => r.tool_use_id === 'toolu_child_read');
    expect(parent.map((r) => r.hook_event_name)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(child.map((r) => r.hook_event_name)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(sorted(Object.keys(parent[0]!))).toEqual(sorted(TOOL));
    expect(sorted(Object.keys(child[0]!))).toEqual(sorted([...TOOL, ...IN_SUBAGENT]));
    expect(sorted(Object.keys(child[1]!))).toEqual(sorted([...TOOL, 'tool_response', ...IN_SUBAGENT]));
    for (const r of child) {
      expect(r).toMatchObject({ session_id: 'abc123', transcript_path: '/t/abc123.jsonl', agent_id: 'task_K', agent_type: 'Explore', tool_name: 'Read' });
      // explore runs in plan mode whatever the parent's mode: the mode its calls are checked at.
      expect(r.permission_mode).toBe('plan');
    }
    expect(parent[0]!.permission_mode).toBe('default');
  });

  it("SubagentStart and SubagentStop get exactly the documented fields, and the child's mode", async () => {
    const h = hooks({ SubagentStart: [{ matcher: 'Explore', hooks: logging() }], SubagentStop: [{ matcher: 'Explore', hooks: logging() }] });
    fx.routes.set('[L]', [reply({ text: 'Analysis complete.' })]);
    fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 'task_L', input: { description: 'analyse', prompt: '[L] analyse', agent: 'explore' } }] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, hooks: h, mode: 'accept-edits' });
    await collect(agent.run('analyse'));
    const [start, stop, ...more] = await logged();
    expect(more).toEqual([]);
    expect(sorted(Object.keys(start!))).toEqual(sorted([...COMMON, ...IN_SUBAGENT]));
    expect(start).toMatchObject({ hook_event_name: 'SubagentStart', agent_id: 'task_L', agent_type: 'Explore', permission_mode: 'plan' });
    expect(sorted(Object.keys(stop!))).toEqual(sorted([...COMMON, ...IN_SUBAGENT, 'stop_hook_active', 'agent_transcript_path', 'last_assistant_message']));
    expect(stop).toMatchObject({ hook_event_name: 'SubagentStop', agent_id: 'task_L', agent_type: 'Explore', permission_mode: 'plan', stop_hook_active: false, last_assistant_message: 'Analysis complete.' });
    // transcript_path stays the session's; the child's own conversation is agent_transcript_path.
    expect(stop!.transcript_path).toBe('/t/abc123.jsonl');
    expect(String(stop!.agent_transcript_path)).toMatch(/task_L\.jsonl$/);
  });
});
