// Undo and rewind in the real App over a real change ledger in a real temp workspace: the cards
// list what each call changed, `u` previews and reverts one call, a file changed again since is
// a conflict kept unless `f`, and `R` on a prompt puts files and conversation back before it.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import type { ChangeLedger } from '../../src/core/checkpoints/change-ledger.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import type { Agent } from '../../src/core/agent.js';
import { createFakeAgent, simpleTurn } from '../store/fake-agent.js';
import { screenLayout } from '../../components/screen-layout.js';
import { ledgerWorkspace, newLedger, type LedgerWorkspace } from '../core/checkpoints/ledger-fixtures.js';
import { applyPaletteTheme } from '../../components/palette.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';
import { apply } from './history-fixtures.js';

let ws: LedgerWorkspace | undefined;
let ledger: ChangeLedger | undefined;
let r: Rendered | undefined;
afterEach(async () => {
  applyPaletteTheme('dark', { noColor: true });
  if (r) await unmountAct(r);
  r = undefined;
  ledger?.close();
  ledger = undefined;
  await ws?.cleanup();
  ws = undefined;
});

/** Waits (without any timing claim) until the store says so. */
async function until(store: AppStore, test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

/** A turn whose calls really change files, recorded by the ledger; its events go to the store. */
async function turn(store: AppStore, prompt: string, ordinal: number, calls: Array<{ id: string; name: string; input: unknown; run: () => void }>): Promise<void> {
  const events: AgentEvent[] = [{ type: 'turn_start', prompt }];
  const emit = (e: AgentEvent) => events.push(e);
  await ledger!.beginTurn(prompt, ordinal, emit);
  events.push({ type: 'request_start', iteration: 1 });
  for (const c of calls) {
    events.push({ type: 'tool_call', id: c.id, name: c.name, input: c.input, readOnly: false });
    await ledger!.recordCall({ id: c.id, name: c.name, input: c.input }, async () => {
      c.run();
      return { content: 'ok', isError: false };
    }, emit);
    events.push({ type: 'tool_result', id: c.id, content: 'ok', isError: false, durationMs: 5 });
  }
  events.push({ type: 'text_delta', text: `done: ${prompt}` }, { type: 'turn_end', reason: 'end_turn' });
  apply(store, events);
}

async function session(opts: { fork?: boolean; rewindable?: boolean } = {}): Promise<{ store: AppStore; cut: number[] }> {
  ws = await ledgerWorkspace({ files: { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' } });
  ledger = newLedger(ws);
  const cut: number[] = [];
  const promptOf = (n: number) => (n === 1 ? 'first prompt' : 'second prompt');
  const agent: Agent = {
    ...createFakeAgent((p) => simpleTurn(p)),
    ledger,
    rewindConversation: (n: number) => (cut.push(n), { prompt: promptOf(n) }),
    // With sessions recorded the conversation goes on in a new session; without, it is only cut
    // (the core's part is tested in core).
    forkConversation: (n: number) => (
      cut.push(n),
      !opts.fork ? { prompt: promptOf(n) } : opts.rewindable === false ? undefined : { prompt: promptOf(n), sessionId: 'forked-session-0002', forkedFrom: 'older-session-0001' }
    ),
    canRewindConversation: () => opts.rewindable ?? true,
  };
  const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
  const sh = (cmd: string) => () => void execFileSync('sh', ['-c', cmd], { cwd: ws!.root });
  await turn(store, 'first prompt', 1, [
    { id: 'sed1', name: 'bash', input: { command: "sed -i 's/alpha/ALPHA/' a.txt" }, run: sh("sed -i 's/alpha/ALPHA/' a.txt") },
    { id: 'edit1', name: 'edit_file', input: { path: 'b.txt' }, run: sh("printf 'beta\\nmore\\n' > b.txt") },
  ]);
  await turn(store, 'second prompt', 2, [{ id: 'new1', name: 'write_file', input: { path: 'c.txt' }, run: sh('echo gamma > c.txt') }]);
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: ws.root }} />);
  return { store, cut };
}

const read = (rel: string) => fs.readFile(path.join(ws!.root, rel), 'utf8');
const exists = (rel: string) => fs.access(path.join(ws!.root, rel)).then(() => true, () => false);

/** In history mode, selects the stop whose row shows `text`. */
async function select(store: AppStore, id: string): Promise<void> {
  if (store.getState().mode !== 'history') await press(r!, KEYS.ctrlO);
  await press(r!, 'g');
  for (let i = 0; i < 20 && store.getState().history.selectedId !== id; i++) await press(r!, 'j');
  expect(store.getState().history.selectedId).toBe(id);
}

describe('undo and rewind in the TUI', () => {
  it('shows on each card the files the call changed, bash included', async () => {
    await session();
    const f = frame(r!);
    expect(f).toContain('↳ changed 1 file: a.txt +1 −1');
    expect(f).toContain('↳ changed 1 file: b.txt +1 −0');
    expect(f).toContain('↳ changed 1 file: c.txt +1 −0 (added)');
  });

  it('u on the bash call previews its reverse diff, y reverts only its change, and the card says undone', async () => {
    const { store } = await session();
    await select(store, 'sed1');
    await press(r!, 'u');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview');
    let f = frame(r!);
    expect(f).toContain('Undo bash');
    expect(f).toContain('puts 1 file back:');
    expect(f).toContain('-ALPHA');
    expect(f).toContain('+alpha');
    expect(await read('a.txt')).toBe('ALPHA\n'); // nothing written before the choice
    await press(r!, 'y');
    await until(store, () => store.getState().revert === null, 'the undo');
    expect(await read('a.txt')).toBe('alpha\n');
    expect(await read('b.txt')).toBe('beta\nmore\n');
    expect(await read('c.txt')).toBe('gamma\n');
    expect(store.getState().mode).toBe('history');
    f = frame(r!);
    expect(f).toContain('a.txt +1 −1 (undone)');
    expect(f).toContain('undid bash');
    // u again undoes the undo: the call's change comes back and the card is no longer undone.
    await press(r!, 'u');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview of undoing the undo');
    expect(frame(r!)).toContain('Undo undo of bash');
    expect(frame(r!)).toContain('+ALPHA');
    await press(r!, 'y');
    await until(store, () => store.getState().revert === null, 'the undo of the undo');
    expect(await read('a.txt')).toBe('ALPHA\n');
    expect(frame(r!)).not.toContain('(undone)');
    expect(store.getState().items.filter((i) => i.kind === 'notice').map((i) => i.text)).toEqual([
      "undid bash sed -i 's/alpha/ALPHA/' a.txt: 1 file restored",
      "undid undo of bash sed -i 's/alpha/ALPHA/' a.txt: 1 file restored",
    ]);
  });

  it('a file changed again since is a conflict: Esc changes nothing, f restores it anyway', async () => {
    const { store } = await session();
    await fs.writeFile(path.join(ws!.root, 'b.txt'), 'edited by the person\n');
    await select(store, 'edit1');
    await press(r!, 'u');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview');
    expect(frame(r!)).toContain('1 file changed again since');
    expect(frame(r!)).toContain('b.txt (changed outside inkling)');
    await press(r!, 'y'); // no clean file: says so, changes nothing
    expect(store.getState().revert?.phase).toBe('ready');
    await press(r!, KEYS.esc);
    expect(store.getState().revert).toBeNull();
    expect(await read('b.txt')).toBe('edited by the person\n');
    await press(r!, 'u');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview again');
    await press(r!, 'f');
    await until(store, () => store.getState().revert === null, 'the forced undo');
    expect(await read('b.txt')).toBe('beta\n');
  });

  it('R on the first prompt rewinds every file and the conversation, and puts the prompt back in the input', async () => {
    const { store, cut } = await session();
    const firstPrompt = store.getState().items.find((i) => i.kind === 'user')!;
    await select(store, firstPrompt.id);
    await press(r!, 'R');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the rewind preview');
    const f = frame(r!);
    expect(f).toContain('Rewind to before prompt 1');
    expect(f).toContain('puts 3 files back:');
    await press(r!, KEYS.enter);
    await until(store, () => store.getState().mode === 'input', 'the rewind');
    expect(await read('a.txt')).toBe('alpha\n');
    expect(await read('b.txt')).toBe('beta\n');
    expect(await exists('c.txt')).toBe(false);
    expect(cut).toEqual([1]);
    const s = store.getState();
    expect(s.input.text).toBe('first prompt');
    expect(s.items.filter((i) => i.kind === 'user')).toHaveLength(0);
    expect(frame(r!)).toContain('rewound to before prompt 1');
  });

  it('R with sessions recorded goes on in a new session and says the old one stays (for /resume)', async () => {
    const { store, cut } = await session({ fork: true });
    const secondPrompt = store.getState().items.filter((i) => i.kind === 'user')[1]!;
    await select(store, secondPrompt.id);
    await press(r!, 'R');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the rewind preview');
    await press(r!, 'y');
    await until(store, () => store.getState().mode === 'input', 'the rewind');
    expect(cut).toEqual([2]);
    expect(await exists('c.txt')).toBe(false);
    expect(await read('a.txt')).toBe('ALPHA\n');
    expect(ledger!.sessionId).toBe('forked-session-0002');
    expect(store.getState().input.text).toBe('second prompt');
    const f = frame(r!).replace(/\s+/g, ' ');
    expect(f).toContain('the conversation goes on in a new session, forked-s');
    expect(f).toContain('older-se, stays as it was: /resume opens it');
  });

  it('where the session records cannot take the conversation back, the preview says only files will, and the transcript stays', async () => {
    const { store } = await session({ fork: true, rewindable: false });
    const users = () => store.getState().items.filter((i) => i.kind === 'user').length;
    const secondPrompt = store.getState().items.filter((i) => i.kind === 'user')[1]!;
    await select(store, secondPrompt.id);
    await press(r!, 'R');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the rewind preview');
    const f = frame(r!).replace(/\s+/g, ' ');
    expect(f).toContain('only files will go back: the conversation cannot');
    expect(f).not.toContain('the conversation goes back to just before it');
    await press(r!, 'y');
    await until(store, () => store.getState().mode === 'input', 'the rewind');
    expect(await exists('c.txt')).toBe(false);
    expect(users()).toBe(2);
    expect(store.getState().input.text).toBe('');
    expect(frame(r!).replace(/\s+/g, ' ')).toContain('only the files went back, the conversation stays as it was');
  });

  it('Enter on a call that changed files expands it with each file\'s diff under its name', async () => {
    const { store } = await session();
    const sh = (cmd: string) => () => void execFileSync('sh', ['-c', cmd], { cwd: ws!.root });
    await turn(store, 'third prompt', 3, [
      { id: 'two1', name: 'bash', input: { command: 'two files' }, run: sh("printf 'one\\ntwo\\n' > d.txt && sed -i 's/gamma/GAMMA/' c.txt") },
    ]);
    await select(store, 'two1');
    await press(r!, KEYS.enter);
    await until(store, () => frame(r!).includes('+GAMMA'), 'the expanded diff');
    const rows = frame(r!).split('\n').map((l) => l.trim());
    const at = (text: string) => rows.findIndex((l) => l.includes(text));
    expect(at('changed 2 files')).toBeGreaterThan(-1);
    // Each file's name, then its own hunks: c.txt's change under c.txt, d.txt's under d.txt.
    expect(at('c.txt +1 −1')).toBeGreaterThan(at('changed 2 files'));
    expect(at('-gamma')).toBeGreaterThan(at('c.txt +1 −1'));
    expect(at('+GAMMA')).toBeGreaterThan(at('-gamma'));
    expect(at('d.txt +2 −0 (added)')).toBeGreaterThan(at('+GAMMA'));
    expect(at('+one')).toBeGreaterThan(at('d.txt +2 −0 (added)'));
    expect(at('+two')).toBeGreaterThan(at('+one'));
    // git's header rows (object ids) are not shown.
    expect(rows.some((l) => l.startsWith('index ') || l.startsWith('diff --git'))).toBe(false);
    // Collapsed again: the one-line summary.
    await press(r!, KEYS.enter);
    expect(frame(r!)).toContain('↳ changed 2 files: c.txt +1 −1, d.txt +2 −0 (added)');
    expect(frame(r!)).not.toContain('+GAMMA');
  });

  it('/diff shows everything the session changed as one diff in the pager, per file, named and coloured; q goes back to the input', async () => {
    applyPaletteTheme('dark', { noColor: false, level: 1 });
    const { store } = await session();
    await press(r!, '/diff', KEYS.enter);
    await until(store, () => store.getState().mode === 'pager' && frame(r!).includes('+gamma'), 'the session diff');
    const f = frame(r!);
    expect(f).toContain('this session changed 3 files +3 −1');
    const rows = f.split('\n');
    const at = (text: string) => rows.findIndex((l) => l.includes(text));
    // Each file named (with what happened to it) above its own hunks; git's header rows left out.
    expect(at('── a.txt +1 −1')).toBeGreaterThan(-1);
    expect(at('-alpha')).toBeGreaterThan(at('── a.txt +1 −1'));
    expect(at('+ALPHA')).toBeGreaterThan(at('-alpha'));
    expect(at('── b.txt +1 −0')).toBeGreaterThan(at('+ALPHA'));
    expect(at('+more')).toBeGreaterThan(at('── b.txt +1 −0'));
    expect(at('── c.txt +1 −0 (added)')).toBeGreaterThan(at('+more'));
    expect(rows.filter((l) => /^(diff --git|index |--- |\+\+\+ |new file mode)/.test(l))).toEqual([]);
    // Coloured as the cards' diffs are: added green, removed red.
    expect(r!.lastFrame()).toContain('\x1b[32m+ALPHA');
    expect(r!.lastFrame()).toContain('\x1b[31m-alpha');
    await press(r!, 'q');
    expect(store.getState().mode).toBe('input');
    expect(store.getState().pager).toBeNull();
  });

  it('the undo preview names a file the undo deletes, even an empty one (no ---/+++ rows)', async () => {
    const { store } = await session();
    const sh = (cmd: string) => () => void execFileSync('sh', ['-c', cmd], { cwd: ws!.root });
    await turn(store, 'third prompt', 3, [{ id: 'touch1', name: 'bash', input: { command: 'touch empty.txt' }, run: sh('touch empty.txt') }]);
    await select(store, 'touch1');
    await press(r!, 'u');
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview');
    const f = frame(r!);
    expect(f).toContain('── empty.txt +0 −0 (deleted)');
    expect(f).not.toContain('deleted file mode');
    expect(f).not.toMatch(/index [0-9a-f]{7}/);
  });

  it('u where there is nothing to undo says why and opens nothing', async () => {
    const { store } = await session();
    const firstPrompt = store.getState().items.find((i) => i.kind === 'user')!;
    await select(store, firstPrompt.id);
    await press(r!, 'u');
    expect(store.getState().mode).toBe('history');
    expect(frame(r!)).toContain('u undoes a tool call');
  });
});

describe('the /rewind picker', () => {
  it('lists the prompts newest first with their files, filters as typed, previews on Enter, and Esc goes back step by step', async () => {
    const { store } = await session();
    await press(r!, '/rewind', KEYS.enter);
    await until(store, () => store.getState().rewindPicker?.phase === 'ready', 'the prompts listed');
    let rows = frame(r!).split('\n');
    const second = rows.findIndex((l) => /› +2 .*1 file \+1 −0 +second prompt/.test(l));
    const first = rows.findIndex((l) => / +1 .*2 files \+2 −1 +first prompt/.test(l));
    expect(frame(r!)).toContain('Rewind to before a prompt');
    expect(second).toBeGreaterThan(-1);
    expect(rows[second + 1]).toContain('c.txt'); // the selected prompt's files
    expect(first).toBeGreaterThan(second);
    // A burst of keys into the filter: every one arrives.
    await press(r!, ...'b.txt');
    expect(store.getState().rewindPicker?.filter).toBe('b.txt');
    rows = frame(r!).split('\n');
    expect(rows.some((l) => l.includes('second prompt'))).toBe(false);
    expect(rows.some((l) => l.includes('› ') && l.includes('first prompt'))).toBe(true);
    await press(r!, KEYS.enter);
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview');
    expect(frame(r!)).toContain('Rewind to before prompt 1');
    expect(frame(r!)).toContain('puts 3 files back:');
    expect(await read('a.txt')).toBe('ALPHA\n'); // nothing written before y
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('rewind');
    expect(frame(r!)).toContain('filter: b.txt');
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().rewindPicker).toBeNull();
  });

  it('y in the preview rewinds to before the chosen prompt: files, transcript and the prompt in the input', async () => {
    const { store, cut } = await session();
    await press(r!, '/rewind', KEYS.enter);
    await until(store, () => store.getState().rewindPicker?.phase === 'ready', 'the prompts listed');
    await press(r!, KEYS.enter); // the newest: second prompt
    await until(store, () => store.getState().revert?.phase === 'ready', 'the preview');
    expect(frame(r!)).toContain('puts 1 file back:');
    await press(r!, 'y');
    await until(store, () => store.getState().mode === 'input', 'the rewind');
    expect(cut).toEqual([2]);
    expect(await exists('c.txt')).toBe(false);
    expect(await read('a.txt')).toBe('ALPHA\n');
    const s = store.getState();
    expect(s.rewindPicker).toBeNull();
    expect(s.input.text).toBe('second prompt');
    expect(s.items.filter((i) => i.kind === 'user').map((i) => i.text)).toEqual(['first prompt']);
  });
});
