// The built-in demo model runs in the person's own directory: it must say what it is, and it must
// only ever read. These checks hold the script to that, with the real tools and the real loop.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textOf } from '../../src/core/conversation.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createAgent } from '../../src/core/loop.js';
import { CONNECT_HELP, DEMO_SCRIPT, createDemoProvider } from '../../src/core/providers/demo-script.js';
import { isReadOnlyCommand } from '../../src/core/shell/read-only.js';
import { fileTools } from '../../src/core/tools/file-tools.js';

const demoToolUses = DEMO_SCRIPT.flatMap((r) => r.content ?? []).flatMap((b) => (b.type === 'tool_use' ? [b] : []));

describe('the demo script', () => {
  it('says plainly, before anything else, that it is the demo model and how to connect a real one', () => {
    const first = DEMO_SCRIPT[0].content?.[0];
    expect(first?.type).toBe('text');
    const text = first?.type === 'text' ? first.text : '';
    expect(text).toMatch(/demo model/);
    expect(text).toContain(CONNECT_HELP);
    expect(CONNECT_HELP).toMatch(/ANTHROPIC_API_KEY/);
    expect(CONNECT_HELP).toMatch(/ANTHROPIC_BASE_URL/);
    expect(CONNECT_HELP).toMatch(/--model/);
  });

  it('opens with several calls in one response, each of them read-only', () => {
    const readOnlyFileTools = new Set(fileTools().filter((t) => t.readOnly).map((t) => t.name));
    const first = (DEMO_SCRIPT[0].content ?? []).flatMap((b) => (b.type === 'tool_use' ? [b] : []));
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.some((b) => b.name === 'bash')).toBe(true);
    for (const use of first) {
      if (use.name === 'bash') expect(isReadOnlyCommand((use.input as { command: string }).command)).toBe(true);
      else expect(readOnlyFileTools.has(use.name)).toBe(true);
    }
  });

  it('uses every file tool, and points the writing ones only where they must refuse', () => {
    expect(new Set(demoToolUses.map((u) => u.name))).toEqual(new Set([...fileTools().map((t) => t.name), 'bash']));
    const write = demoToolUses.find((u) => u.name === 'write_file')!.input as { path: string };
    expect(write.path.split('/')).toContain('.git');
    const edit = demoToolUses.find((u) => u.name === 'edit_file')!.input as { old_string: string };
    expect(edit.old_string).not.toBe('');
  });
});

describe('the demo model through the real loop', () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'inkling-demo-'));
    await writeFile(join(workspace, 'README.md'), '# A project\n\nTODO: write more\n');
    await mkdir(join(workspace, '.git'));
  });
  afterEach(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  it('runs its tour with the file tools, leaves the directory as it was, then says the tour is over', async () => {
    const agent = createAgent({
      provider: createDemoProvider({ paced: false }),
      model: 'demo',
      workspaceRoot: workspace,
      tools: fileTools(),
      maxTokens: 1000,
    });
    const before = await readdir(workspace);
    const events: AgentEvent[] = [];
    for await (const e of agent.run('hello')) events.push(e);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const results = events.filter((e) => e.type === 'tool_result');
    expect(results).toHaveLength(demoToolUses.length);
    const byName = new Map(
      events.flatMap((e) => (e.type === 'tool_call' ? [[e.name, results.find((r) => r.type === 'tool_result' && r.id === e.id)]] : [])),
    );
    expect(byName.get('read_file')).toMatchObject({ isError: false, content: expect.stringContaining('A project') });
    expect(byName.get('grep_search')).toMatchObject({ isError: false, content: expect.stringContaining('TODO: write more') });
    expect(byName.get('list_files')).toMatchObject({ isError: false, content: expect.stringContaining('README.md') });
    expect(byName.get('write_file')).toMatchObject({ isError: true, content: expect.stringContaining('.git') });
    expect(byName.get('edit_file')).toMatchObject({ isError: true, content: expect.stringContaining('does not exist') });
    expect(await readdir(workspace)).toEqual(before);
    expect(await readdir(join(workspace, '.git'))).toEqual([]);

    // A second prompt gets the plain "tour is over" answer, still naming how to connect a model.
    const again: AgentEvent[] = [];
    for await (const e of agent.run('and now?')) again.push(e);
    const end = again.find((e) => e.type === 'message_end');
    expect(end?.type === 'message_end' && textOf(end.message)).toMatch(/demo model.*over/);
    await agent.dispose();
  });
});
