// The trust prompt, the header's memory label, /memory, custom commands in the `/` menu and `#`
// lines, rendered in the whole App with a fake agent.
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomCommand } from '../../src/core/commands/custom-commands.js';
import type { MemoryLineTarget } from '../../src/core/memory/memory-lines.js';
import type { MemoryFile } from '../../src/core/memory/project-memory.js';
import { askTrust, awaitCommands, commandsLoaded, memoryLoaded, modelLabelChecked } from '../../src/store/workspace-actions.js';
import { helpLines } from '../../components/HelpOverlay.js';
import { createReplyCollector } from '../../src/keys/terminal-replies.js';
import { frame, press, settle, unmountAct } from './act-helpers.js';
import { renderApp, waitFor, type Harness } from './app-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = undefined;
});

const projectFile: MemoryFile = { scope: 'project', path: '/w/AGENTS.md', displayPath: 'AGENTS.md', bytes: 2150, inPrompt: true, text: 'Use tabs, never spaces.\n', truncated: false };
const userFile: MemoryFile = { scope: 'user', path: '/h/AGENTS.md', displayPath: '~/.inkling/AGENTS.md', bytes: 12, inPrompt: true, text: 'Be brief.\n', truncated: false };
const nestedFile: MemoryFile = { scope: 'nested', path: '/w/api/AGENTS.md', displayPath: 'api/AGENTS.md', bytes: 300, inPrompt: false, text: '', truncated: false };
const targets: MemoryLineTarget[] = [
  { scope: 'project', path: '/w/AGENTS.md', label: 'AGENTS.md (this project)', exists: true },
  { scope: 'user', path: '/h/AGENTS.md', label: '~/.inkling/AGENTS.md (all your projects)', exists: false },
];
const review: CustomCommand = {
  name: '/review', scope: 'project', description: 'review a folder', argumentHint: '<path>', body: 'Review the code in $1 and list bugs.', path: '/w/.inkling/commands/review.md',
};

describe('trust prompt', () => {
  it('lists what the workspace would set and answers yes with y', async () => {
    h = await renderApp();
    const answers: boolean[] = [];
    h.door.on('answerTrust', (r) => void answers.push(r.trust));
    askTrust(h.store, {
      workspaceRoot: '/w',
      wouldSet: [{ file: '.env', key: 'ANTHROPIC_BASE_URL', value: '"http://evil.example"', why: 'chooses where requests (and your key) go' }],
    });
    await settle();
    const screen = frame(h.r);
    expect(screen).toContain('Trust this workspace?');
    expect(screen).toContain('ANTHROPIC_BASE_URL = "http://evil.example" (.env) — chooses where requests (and your key) go');
    expect(screen).toContain('y trust the workspace');
    // Keys go to the prompt, not the input.
    await press(h.r, 'x');
    expect(h.store.getState().input.text).toBe('');
    await press(h.r, 'y');
    expect(answers).toEqual([true]);
    expect(h.store.getState().mode).toBe('input');
    expect(frame(h.r)).not.toContain('Trust this workspace?');
    expect(frame(h.r)).toContain('trusted /w');
  });

  it('n or Esc answers no and leaves the input usable', async () => {
    h = await renderApp();
    const answers: boolean[] = [];
    h.door.on('answerTrust', (r) => void answers.push(r.trust));
    askTrust(h.store, { workspaceRoot: '/w', wouldSet: [{ file: '.inkling/settings.json', key: 'permissions.allow', value: '["bash(*)"]', why: 'lets calls run without asking' }] });
    await settle();
    await press(h.r, '\x1b');
    expect(answers).toEqual([false]);
    await press(h.r, 'h', 'i');
    expect(h.store.getState().input.text).toBe('hi');
  });

  it('Ctrl+C in the trust prompt leaves inkling, answering no so the agent can be disposed of', async () => {
    h = await renderApp();
    const answers: boolean[] = [];
    h.door.on('answerTrust', (r) => void answers.push(r.trust));
    askTrust(h.store, { workspaceRoot: '/w', wouldSet: [] });
    await settle();
    await press(h.r, '\x03');
    expect(answers).toEqual([false]);
    expect(h.exits).toBe(1);
  });
});

describe('memory', () => {
  it('the header names the memory files once they are loaded', async () => {
    h = await renderApp();
    expect(frame(h.r).split('\n')[0]).not.toContain('AGENTS.md');
    memoryLoaded(h.store, [userFile, projectFile, nestedFile], targets);
    await settle();
    expect(frame(h.r).split('\n')[0]).toContain('· AGENTS.md + ~/.inkling/AGENTS.md');
  });

  it('the header and status line take the model label of the checked settings', async () => {
    h = await renderApp();
    expect(frame(h.r).split('\n')[0]).toContain('claude-sonnet-4-6');
    modelLabelChecked(h.store, 'claude-opus-4-1 at https://proxy.example');
    await settle();
    expect(frame(h.r).split('\n')[0]).toContain('claude-opus-4-1 at https://proxy.example');
    expect(frame(h.r).split('\n')[0]).not.toContain('claude-sonnet-4-6');
  });

  it('/memory lists the files with sizes and what the prompt holds; Esc closes it', async () => {
    h = await renderApp();
    memoryLoaded(h.store, [projectFile, nestedFile], targets);
    await press(h.r, ...'/memory', '\r');
    await settle();
    const screen = frame(h.r);
    expect(h.store.getState().mode).toBe('memory');
    expect(screen).toMatch(/AGENTS\.md +2\.1 KB +project · in the prompt/);
    expect(screen).toMatch(/api\/AGENTS\.md +300 B +subfolder · listed by path/);
    expect(screen).toContain('Use tabs, never spaces.');
    await press(h.r, '\x1b');
    expect(h.store.getState().mode).toBe('input');
  });

  it('a # line asks which file and saves the line to the chosen one', async () => {
    h = await renderApp();
    const saved: [string, string][] = [];
    h.door.on('rememberLine', async ({ target: t, line }) => (saved.push([t.path, line]), `saved "${line}" to ${t.label}`));
    memoryLoaded(h.store, [projectFile], targets);
    await press(h.r, ...'# always use pnpm', '\r');
    await settle();
    const screen = frame(h.r);
    expect(screen).toContain('Save - always use pnpm to:');
    expect(screen).toContain('1 AGENTS.md (this project)');
    expect(screen).toContain('2 ~/.inkling/AGENTS.md (all your projects) — new file');
    expect(h.agent.prompts).toEqual([]);
    await press(h.r, '\x1b[B', '\r');
    await waitFor(() => frame(h!.r).includes('saved "- always use pnpm"'));
    expect(saved).toEqual([['/h/AGENTS.md', '- always use pnpm']]);
    expect(h.agent.prompts).toEqual([]);
  });

  it('Esc on the # question saves nothing and gives the line back to the input', async () => {
    h = await renderApp();
    const saved: string[] = [];
    h.door.on('rememberLine', async ({ line }) => (saved.push(line), 'ok'));
    memoryLoaded(h.store, [projectFile], targets);
    await press(h.r, ...'# keep it', '\r', '\x1b');
    expect(saved).toEqual([]);
    expect(h.store.getState().input.text).toBe('# keep it');
  });
});

describe('custom commands', () => {
  it('appear in the / menu with hint, description and origin, and send the expanded prompt', async () => {
    h = await renderApp();
    commandsLoaded(h.store, [review]);
    await press(h.r, '/', 'r');
    await settle();
    expect(frame(h.r)).toMatch(/\/review +<path> review a folder \(project\)/);
    await press(h.r, ...'eview src/core', '\r');
    await waitFor(() => h!.agent.prompts.length === 1);
    expect(h.agent.prompts).toEqual(['Review the code in src/core and list bugs.']);
    // History keeps what was typed, so ↑ brings back the command.
    expect(h.store.getState().promptHistory).toEqual(['/review src/core']);
  });

  it('a custom command sent before the command files came waits for them, then goes expanded', async () => {
    h = await renderApp();
    awaitCommands(h.store);
    await press(h.r, ...'/review src/core', '\r');
    await settle();
    expect(h.agent.prompts).toEqual([]);
    expect(h.store.getState().flash?.text).toBe('loading commands…');
    expect(h.store.getState().input.text).toBe('/review src/core');
    commandsLoaded(h.store, [review]);
    await waitFor(() => h!.agent.prompts.length === 1);
    expect(h.agent.prompts).toEqual(['Review the code in src/core and list bugs.']);
  });

  it('a bare /word sent before the command files came is unknown only once they say so', async () => {
    h = await renderApp();
    awaitCommands(h.store);
    await press(h.r, ...'/nosuch', '\r');
    await settle();
    expect(h.store.getState().flash?.text).toBe('loading commands…');
    commandsLoaded(h.store, [review]);
    await settle();
    expect(h.store.getState().flash?.text).toMatch(/unknown command \/nosuch/);
    expect(h.agent.prompts).toEqual([]);
  });

  it('are listed in the ? help with their description and origin', async () => {
    const lines = helpLines(80, [review]).join('\n');
    expect(lines).toMatch(/\/review +review a folder \(project\)/);
    expect(helpLines(80).join('\n')).not.toContain('/review');
  });

  it('a built-in of the same name still wins, and an unknown command is said to be unknown', async () => {
    h = await renderApp();
    commandsLoaded(h.store, [{ ...review, name: '/reviewer' }]);
    await press(h.r, ...'/nope', '\r');
    await settle();
    expect(frame(h.r)).toContain('unknown command /nope');
    expect(h.agent.prompts).toEqual([]);
  });
});

describe('terminal replies', () => {
  it("the terminal's background-colour answer never reaches the prompt", async () => {
    const replies = createReplyCollector();
    h = await renderApp({ terminalReplies: replies });
    const got: string[] = [];
    replies.expect((b) => got.push(b));
    await press(h.r, '\x1b]11;rgb:ffff/ffff/ffff\x1b\\');
    await press(h.r, 'o', 'k');
    expect(got).toEqual(['11;rgb:ffff/ffff/ffff']);
    expect(h.store.getState().input.text).toBe('ok');
  });
});
