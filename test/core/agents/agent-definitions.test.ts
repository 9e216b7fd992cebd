// Agent definition files on a real temp workspace and home: Claude Code's .claude/agents/ format
// read field by field, a bad file skipped with a notice, workspace trust, and a definition's tools
// obeyed by the child it starts (over the real SDK).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAgentDefinitions } from '../../../src/core/agents/definition-files.js';
import { parseAgentDefinition } from '../../../src/core/agents/agent-definitions.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { bodyOf, childServerAndWorkspace, parentAgent } from './agent-fixtures.js';

const fx = childServerAndWorkspace();

async function put(rel: string, text: string) {
  const file = path.join(fx.ws.root, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

const sources = (trusted = true) => ({ workspaceRoot: fx.ws.root, inklingHome: path.join(fx.ws.outside, 'inkling'), userHome: path.join(fx.ws.outside, 'home'), readClaude: true, trusted });

const REVIEWER = ['---', 'name: reviewer', 'description: Reviews code for mistakes', 'tools: Read, Grep', 'model: sonnet', 'maxTurns: 5', 'color: blue', '---', 'You review code.', ''].join('\n');

describe("a definition's model", () => {
  it("refuses Claude Code's alias on a provider that does not serve it: the parent's model, and a notice in the result", async () => {
    const def = { name: 'quick', description: 'd', prompt: 'Be quick.', model: 'haiku', origin: 'workspace' as const };
    fx.routes.set('Q', [reply({ text: 'quick answer' })]);
    fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 't', input: { description: 'q', prompt: '[Q] go', agent: 'quick' } }] }), reply({ text: 'ok' }));
    const { agent, setup } = parentAgent(fx.server, { root: fx.ws.root, definitions: [def] });
    (setup as { providerName: string }).providerName = 'deepseek';
    const events: AgentEvent[] = [];
    for await (const e of agent.run('quick')) events.push(e);
    expect((bodyOf(fx.requestsOf('[Q]')[0]!) as { model?: string }).model).toBe('claude-test');
    const result = events.find((e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.id === 't')!;
    expect(result.content).toContain('Notice: model "haiku" is Claude Code\'s name for an Anthropic model, which deepseek does not serve: the agent used claude-test');
  });
});

describe('agent definition files', () => {
  it("reads Claude Code's fields, mapping its tool names and permission modes to inkling's", () => {
    const parsed = parseAgentDefinition(
      ['---', 'name: fixer', 'description: "Fixes: things"', 'tools:', '  - Read', '  - Edit', '  - Bash', '  - Glob', '  - Agent', 'disallowedTools: Write', 'permissionMode: acceptEdits', '---', 'Fix it.'].join('\n'),
      'claude-workspace',
      'x.md',
    );
    expect(parsed).toMatchObject({
      ok: true,
      definition: { name: 'fixer', description: 'Fixes: things', tools: ['read_file', 'edit_file', 'bash', 'task'], disallowedTools: ['write_file'], permissionMode: 'accept-edits', model: 'inherit', prompt: 'Fix it.' },
    });
  });

  it('skips a bad file with a notice naming it and the reason, and keeps the others', async () => {
    await put('.claude/agents/reviewer.md', REVIEWER);
    await put('.claude/agents/broken.md', '---\nname: broken\n---\nno description');
    await put('.inkling/agents/turns.md', '---\nname: turns\ndescription: d\nmaxTurns: lots\n---\n');
    const found = await findAgentDefinitions(sources());
    expect(found.definitions.map((d) => d.name)).toEqual(['reviewer', 'explore', 'general']);
    expect(found.notices).toEqual([
      `${path.join(fx.ws.root, '.inkling/agents/turns.md')}: agent skipped: maxTurns must be a whole number from 1 up, not "lots"`,
      `${path.join(fx.ws.root, '.claude/agents/broken.md')}: agent skipped: the frontmatter has no description`,
    ]);
  });

  it('lets an untrusted workspace definition narrow its tools but not start agents of its own', async () => {
    await put('.claude/agents/nester.md', '---\nname: nester\ndescription: d\ntools: Read, Task\n---\nbody');
    const untrusted = await findAgentDefinitions(sources(false));
    expect(untrusted.definitions[0]).toMatchObject({ name: 'nester', tools: ['read_file'] });
    expect(untrusted.notices[0]).toContain('may not start agents of its own: this workspace is not trusted');
    expect((await findAgentDefinitions(sources(true))).definitions[0]).toMatchObject({ tools: ['read_file', 'task'] });
  });

  it('offers a .claude/agents definition to the model and gives its child only the tools it lists', async () => {
    await put('.claude/agents/reviewer.md', REVIEWER);
    const { definitions } = await findAgentDefinitions(sources());
    fx.routes.set('REV', [reply({ toolUses: [{ name: 'bash', id: 'b1', input: { command: 'ls' } }] }), reply({ text: 'looks fine' })]);
    fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 't', input: { description: 'review', prompt: '[REV] review a.ts', agent: 'reviewer' } }] }), reply({ text: 'ok' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, definitions });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('review')) events.push(e);
    const parentTools = bodyOf(fx.server.requests[0]!).tools as unknown as { name: string; description: string }[];
    expect(parentTools.find((t) => t.name === 'task')!.description).toContain('- reviewer: Reviews code for mistakes');
    const child = fx.requestsOf('[REV]');
    expect(bodyOf(child[0]!).tools!.map((t) => t.name)).toEqual(['read_file', 'grep_search']);
    expect((bodyOf(child[0]!) as { model?: string }).model).toBe('claude-sonnet-4-6');
    expect(JSON.stringify(bodyOf(child[0]!).system)).toContain('You review code.');
    const bash = events.find((e) => e.type === 'agent_event' && e.event.type === 'tool_result' && e.event.id === 'b1') as Extract<AgentEvent, { type: 'agent_event' }>;
    expect(bash.event).toMatchObject({ isError: true, content: expect.stringContaining('Unknown tool "bash"') });
  });
});
