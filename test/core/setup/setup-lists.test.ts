// /skills and /hooks as the door answers them: real hook processes' last runs (exit code, output),
// a hook turned off for the session not running, and which skills the conversation holds started.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../src/core/conversation.js';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { createSetupLists } from '../../../src/core/setup/setup-lists.js';
import type { Skill } from '../../../src/core/skills/discover-skills.js';
import { createAgentDoor } from '../../../src/core/door/agent-door.js';
import { createFakeAgent, simpleTurn } from '../../store/fake-agent.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'inkling-setup-lists-'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const skill = (name: string, extra: Partial<Skill> = {}): Skill => ({
  name, description: `${name} things`, disableModelInvocation: false, userInvocable: true, allowedTools: [], origin: 'project',
  dir: path.join(root, '.claude/skills', name), file: path.join(root, '.claude/skills', name, 'SKILL.md'), bytes: 120, ...extra,
});

describe('the setup lists', () => {
  it("lists each hook with its file and last run: a failing hook's exit code and output", async () => {
    const read = readHooksBlock({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "lint failed: 3 problems" >&2; exit 1' }] }], Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] }, path.join(root, '.claude/settings.json'), 'workspace');
    const hooks = new SessionHooks({ hooks: read.hooks, workspaceRoot: root, sessionId: 's', transcriptPath: '/t', permissionMode: () => 'default' });
    const lists = createSetupLists({ skills: [], hooks, messages: () => [], displayPath: (f) => path.relative(root, f) });
    expect(lists.hooks().map((h) => [h.number, h.event, h.matcher, h.source, h.off, h.last])).toEqual([
      [1, 'PreToolUse', 'Bash', '.claude/settings.json', false, undefined],
      [2, 'Stop', undefined, '.claude/settings.json', false, undefined],
    ]);
    await hooks.tool('PreToolUse', { id: 't1', name: 'bash', input: { command: 'ls' }, knownFields: ['command'] });
    const [first] = lists.hooks();
    expect(first!.last).toMatchObject({ exitCode: 1, timedOut: false, output: 'lint failed: 3 problems' });
  });

  it('a hook turned off for the session does not run until it is turned on again', async () => {
    const marker = path.join(root, 'ran');
    const read = readHooksBlock({ PreToolUse: [{ hooks: [{ type: 'command', command: `echo x >> ${marker}` }] }] }, 'settings.json', 'user');
    const hooks = new SessionHooks({ hooks: read.hooks, workspaceRoot: root, sessionId: 's', transcriptPath: '/t', permissionMode: () => 'default' });
    const lists = createSetupLists({ skills: [], hooks, messages: () => [], displayPath: (f) => f });
    expect(lists.setHookOff(1, true)).toBe(true);
    expect(lists.setHookOff(2, true)).toBe(false);
    const call = { id: 't1', name: 'bash', input: { command: 'ls' }, knownFields: ['command'] };
    await hooks.tool('PreToolUse', call);
    await expect(readFile(marker, 'utf8')).rejects.toThrow();
    expect(lists.hooks()[0]).toMatchObject({ off: true });
    expect(lists.hooks()[0]!.last).toBeUndefined();
    lists.setHookOff(1, false);
    await hooks.tool('PreToolUse', call);
    expect(lists.hooks()[0]!.last).toMatchObject({ exitCode: 0 });
    expect(await readFile(marker, 'utf8')).toBe('x\n');
  });

  it('a skill is active while the conversation holds it started (the skill tool or /name), not after `d` dropped it', () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'Skill "deploy" is active (/x).\n\nShip it.' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'skill', input: { name: 'review' } }, { type: 'tool_use', id: 'b', name: 'skill', input: { name: 'pdf', file: 'ref.md' } }, { type: 'tool_use', id: 'c', name: 'skill', input: { name: 'lint' } }] },
    ];
    const lists = createSetupLists({
      skills: [skill('deploy', { disableModelInvocation: true }), skill('lint'), skill('pdf', { origin: 'user', userInvocable: false }), skill('review')],
      messages: () => messages,
      dropped: (id) => id === 'c',
      displayPath: (f) => path.relative(root, f),
    });
    expect(lists.skills().map((s) => [s.name, s.origin, s.location, s.active, s.byModel, s.byPerson])).toEqual([
      ['deploy', 'project', '.claude/skills/deploy/SKILL.md', true, false, true],
      ['lint', 'project', '.claude/skills/lint/SKILL.md', false, true, true],
      ['pdf', 'user', '.claude/skills/pdf/SKILL.md', false, true, false],
      ['review', 'project', '.claude/skills/review/SKILL.md', true, true, true],
    ]);
    expect(createSetupLists({ skills: [], messages: () => [], displayPath: (f) => f }).hooks()).toEqual([]);
  });

  it('the door answers /skills and /hooks once the agent is built, and with nothing when it has no lists', async () => {
    let built!: (lists: ReturnType<typeof createSetupLists>) => void;
    const door = createAgentDoor(createFakeAgent((p) => simpleTurn(p)), { setup: new Promise((resolve) => (built = resolve)) });
    const asked = door.send({ type: 'listSkills' });
    built(createSetupLists({ skills: [skill('review')], messages: () => [], displayPath: (f) => path.basename(f) }));
    expect((await asked).map((s) => s.name)).toEqual(['review']);
    expect(await door.send({ type: 'setHookOff', number: 1, off: true })).toBe(false);
    const bare = createAgentDoor(createFakeAgent((p) => simpleTurn(p)));
    expect(await bare.send({ type: 'listHooks' })).toEqual([]);
  });
});
