// /agents: the definitions found on a real temp workspace, through the setup lists the door
// answers from, as the notice the person reads (origin, file, tools, model, description).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findAgentDefinitions } from '../../src/core/agents/definition-files.js';
import { createSetupLists } from '../../src/core/setup/setup-lists.js';
import { agentsText } from '../../src/store/agent-list-actions.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
beforeEach(async () => {
  ws = await makeTempWorkspace();
});
afterEach(async () => ws.cleanup());

describe('/agents', () => {
  it('lists each definition with where it comes from, its tools and model, then the built-ins', async () => {
    await fs.mkdir(path.join(ws.root, '.claude', 'agents'), { recursive: true });
    await fs.writeFile(path.join(ws.root, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\nmodel: haiku\n---\nReview.');
    const { definitions } = await findAgentDefinitions({ workspaceRoot: ws.root, inklingHome: path.join(ws.outside, 'ih'), userHome: path.join(ws.outside, 'home'), readClaude: true, trusted: false });
    const lists = createSetupLists({ skills: [], messages: () => [], displayPath: (f) => path.relative(ws.root, f), agents: definitions });
    const text = agentsText(lists.agents());
    expect(text.split('\n')).toEqual([
      expect.stringMatching(/^Agents the model can hand a task to \(3\)/),
      '  reviewer  project (Claude Code) · .claude/agents/reviewer.md · tools: read_file, grep_search · model: haiku',
      '            Reviews code',
      '  explore   built in',
      expect.stringContaining('Read-only search'),
      '  general   built in',
      expect.stringContaining('A general agent'),
    ]);
  });
});
