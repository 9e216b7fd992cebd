// The prompt's named actions, on a bare store (no keys, no React): completion follows edits,
// the prompt history keeps the draft, sending resets the prompt and scroll, Ctrl+C twice exits.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import {
  acceptCompletion, closeCompletion, editInput, filesChanged, followSlashCommands, moveCompletion, pressExit, sendPrompt, walkPromptHistory,
} from '../../src/store/input-actions.js';
import { scrollHelp, scrollTranscript } from '../../src/store/view-actions.js';
import { commandsLoaded } from '../../src/store/workspace-actions.js';
import { spyDoor } from '../helpers/spy-door.js';
import { toggleMouse } from '../../src/store/view-actions.js';

const files = () => ['src/app.ts', 'src/apple.ts', 'README.md'];
const at = (text: string) => ({ text, cursor: text.length });

describe('input actions', () => {
  it('offers slash commands and @ files as the input changes, and takes the choice', () => {
    const store = createAppStore();
    editInput(store, at('/he'), files);
    expect(store.getState().completion).toMatchObject({ kind: 'slash', options: ['/help'] });
    editInput(store, at('look at @app'), files);
    expect(store.getState().completion).toMatchObject({ kind: 'file', start: 8, selected: 0 });
    expect(store.getState().completion!.options.slice(0, 2)).toEqual(['src/app.ts', 'src/apple.ts']);
    moveCompletion(store, 1);
    moveCompletion(store, 1);
    moveCompletion(store, -1);
    expect(store.getState().completion!.selected).toBe(1);
    acceptCompletion(store, files);
    expect(store.getState().input).toEqual(at('look at @src/apple.ts '));
    expect(store.getState().completion).toBeNull();
  });

  it('an @ menu follows a file list read again, and nothing changes outside a mention', () => {
    const store = createAppStore();
    editInput(store, at('look at @fre'), files);
    expect(store.getState().completion).toBeNull();
    filesChanged(store, () => [...files(), 'fresh-file.txt']);
    expect(store.getState().completion).toMatchObject({ kind: 'file', options: ['fresh-file.txt'] });
    editInput(store, at('no mention here'), files);
    filesChanged(store, () => ['fresh-file.txt']);
    expect(store.getState().completion).toBeNull();
  });

  it('a / menu follows custom commands that come while it is typed, and a mention is left alone', () => {
    const store = createAppStore();
    followSlashCommands(store);
    const review = { name: '/review', scope: 'project' as const, description: 'review a folder', body: 'Review $1.', path: '/w/.inkling/commands/review.md' };
    editInput(store, at('/rev'), files);
    expect(store.getState().completion).toBeNull();
    commandsLoaded(store, [review]);
    expect(store.getState().completion).toMatchObject({ kind: 'slash', options: ['/review'] });
    commandsLoaded(store, []);
    expect(store.getState().completion).toBeNull();
    editInput(store, at('look at @app'), files);
    commandsLoaded(store, [review]);
    expect(store.getState().completion).toMatchObject({ kind: 'file' });
  });

  it('a / menu closed by Esc stays closed when the command lists change again', () => {
    const store = createAppStore();
    followSlashCommands(store);
    const cmd = (name: string) => ({ name, scope: 'project' as const, description: 'd', body: 'b', path: `/w/.inkling/commands/${name.slice(1)}.md` });
    commandsLoaded(store, [cmd('/review')]);
    editInput(store, at('/re'), files);
    expect(store.getState().completion).toMatchObject({ kind: 'slash' });
    closeCompletion(store);
    commandsLoaded(store, [cmd('/review'), cmd('/release')]);
    expect(store.getState().completion).toBeNull();
  });

  it('walks the prompt history and gives the draft back past the newest', () => {
    const store = createAppStore({ promptHistory: ['one', 'two'] });
    editInput(store, at('draft'), files);
    expect(walkPromptHistory(store, 1, files)).toBe(false);
    expect(walkPromptHistory(store, -1, files)).toBe(true);
    expect(walkPromptHistory(store, -1, files)).toBe(true);
    expect(walkPromptHistory(store, -1, files)).toBe(true);
    expect(store.getState()).toMatchObject({ input: at('one'), historyPos: 0 });
    walkPromptHistory(store, 1, files);
    walkPromptHistory(store, 1, files);
    expect(store.getState()).toMatchObject({ input: at('draft'), historyPos: null });
  });

  it("offers a ready MCP server's resources after @ as server:uri, beside the files", () => {
    const store = createAppStore();
    const server = (name: string, status: 'ready' | 'starting', uris: string[]) => ({
      name, target: 'x', transport: 'stdio', state: { status }, tools: [], skippedTools: [], templates: [], prompts: [],
      resources: uris.map((uri) => ({ uri, name: uri })),
    });
    store.setState({ mcp: { servers: [server('docs', 'ready', ['docs://guide/apple', 'docs://guide/pear']), server('slow', 'starting', ['slow://apple'])] as never, summary: 'MCP 2', selected: 0 } });
    editInput(store, at('read @docs:apple'), files);
    expect(store.getState().completion!.options).toEqual(['docs:docs://guide/apple']);
    acceptCompletion(store, files);
    expect(store.getState().input).toEqual(at('read @docs:docs://guide/apple '));
    editInput(store, at('@appl'), files);
    expect(store.getState().completion!.options).toEqual(expect.arrayContaining(['src/apple.ts', 'docs:docs://guide/apple']));
    expect(store.getState().completion!.options).not.toContain('slow:slow://apple');
  });

  it('sends the expanded prompt, remembers the typed one, and follows the bottom again', () => {
    const sent: string[] = [];
    const door = spyDoor();
    door.on('submit', (r) => void sent.push(r.prompt));
    const store = createAppStore({ scrollBack: 7, newBelow: true }, { door });
    editInput(store, at('/review x'), files, { pastes: [{ label: '[paste]', text: 'p' }] });
    sendPrompt(store, '/review x', 'Review x carefully');
    expect(sent).toEqual(['Review x carefully']);
    expect(store.getState()).toMatchObject({ input: at(''), pastes: [], promptHistory: ['/review x'], scrollBack: 0, newBelow: false });
  });

  it('exits on a second Ctrl+C within the window only', () => {
    let exits = 0;
    const store = createAppStore({}, { terminal: { exit: () => void exits++ } });
    pressExit(store, 1000, 2000);
    expect(store.getState().flash?.text).toBe('press Ctrl+C again to exit');
    pressExit(store, 3500, 2000);
    expect(exits).toBe(0);
    pressExit(store, 4000, 2000);
    expect(exits).toBe(1);
  });

  it('turns mouse reporting on and off through the port', () => {
    const calls: boolean[] = [];
    const store = createAppStore({}, { terminal: { setMouse: (on) => void calls.push(on) } });
    toggleMouse(store);
    toggleMouse(store);
    expect(calls).toEqual([true, false]);
    expect(store.getState().mouse).toBe(false);
  });
});

describe('view actions', () => {
  it('never scrolls the transcript below the bottom, and clears "new below" there', () => {
    const store = createAppStore({ scrollBack: 2, newBelow: true });
    scrollTranscript(store, 3);
    expect(store.getState()).toMatchObject({ scrollBack: 5, newBelow: true });
    scrollTranscript(store, -9);
    expect(store.getState()).toMatchObject({ scrollBack: 0, newBelow: false });
  });

  it('stops the help overlay at its last row, as the layout measures it', () => {
    const layout = { mainRows: () => 10, helpRows: () => 25, itemRows: () => 1, settleScroll: (s: { scrollBack: number }) => ({ scrollBack: s.scrollBack, anchor: null }) };
    const store = createAppStore({}, { layout });
    scrollHelp(store, 100);
    expect(store.getState().helpScroll).toBe(15);
    scrollHelp(store, -4);
    expect(store.getState().helpScroll).toBe(11);
    scrollHelp(store, -100);
    expect(store.getState().helpScroll).toBe(0);
  });
});
