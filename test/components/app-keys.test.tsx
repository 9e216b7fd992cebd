import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { frame, KEYS, press } from './act-helpers.js';
import { closeApp, renderApp, waitFor, type Harness } from './app-harness.js';
import { hangingToolTurn } from '../store/fake-agent.js';

let h: Harness | null = null;
afterEach(async () => {
  await closeApp(h);
  h = null;
});

const typed = (x: Harness) => x.store.getState().input;
const type = (x: Harness, text: string) => press(x.r, ...[...text]);

describe('App: typing', () => {
  it('loses nothing when 200 characters arrive in separate writes', async () => {
    h = await renderApp();
    const text = Array.from({ length: 200 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36]).join('');
    // Separate writes with no waiting in between, all inside one act.
    await act(async () => {
      for (const ch of text) h!.r.stdin.write(ch);
    });
    expect(typed(h)).toEqual({ text, cursor: 200 });
    expect(frame(h.r)).toContain(text.slice(0, 60));
  });

  it('submits on Enter and shows the prompt and answer in the transcript', async () => {
    h = await renderApp();
    await type(h, 'hello');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.store.getState().phase === 'idle' && h!.store.getState().items.length === 2);
    expect(h.agent.prompts).toEqual(['hello']);
    expect(typed(h).text).toBe('');
    expect(frame(h.r)).toContain('› hello');
    expect(frame(h.r)).toContain('echo: hello');
  });

  it('treats text and Enter arriving in one read as typing then Enter', async () => {
    h = await renderApp();
    await press(h.r, 'ls -la\r');
    await waitFor(() => h!.agent.prompts.length === 1);
    expect(h.agent.prompts).toEqual(['ls -la']);
    // Several lines in one read (a paste without bracketed paste) stay one prompt.
    await press(h.r, 'one\rtwo\r');
    expect(typed(h).text).toBe('one\ntwo\n');
  });

  it('inserts newlines with Shift+Enter (both encodings), Ctrl+J and a trailing backslash', async () => {
    h = await renderApp();
    await type(h, 'a');
    await press(h.r, KEYS.shiftEnterModifyOtherKeys, 'b', KEYS.shiftEnterKitty, 'c', KEYS.ctrlJ, 'd', '\\', KEYS.enter, 'e');
    expect(typed(h).text).toBe('a\nb\nc\nd\ne');
    expect(h.agent.prompts).toEqual([]);
    const f = frame(h.r);
    expect(f).toContain('› a');
    expect(f).toMatch(/│ +e/);
  });

  it('edits like a shell: Ctrl+A/E/U/K/W, Alt+←/→, arrows, Backspace', async () => {
    h = await renderApp();
    await type(h, 'one two three');
    await press(h.r, KEYS.ctrlW);
    expect(typed(h).text).toBe('one two ');
    await press(h.r, KEYS.altLeft);
    expect(typed(h).cursor).toBe(4);
    await press(h.r, KEYS.altRight);
    expect(typed(h).cursor).toBe(7);
    await press(h.r, KEYS.altB, KEYS.altF, KEYS.ctrlA);
    expect(typed(h).cursor).toBe(0);
    await press(h.r, KEYS.right, KEYS.right, KEYS.ctrlK);
    expect(typed(h).text).toBe('on');
    await press(h.r, KEYS.left, KEYS.backspace);
    expect(typed(h)).toEqual({ text: 'n', cursor: 0 });
    await press(h.r, KEYS.ctrlE, 'x', KEYS.home);
    expect(typed(h)).toEqual({ text: 'nx', cursor: 0 });
    await press(h.r, KEYS.ctrlE, KEYS.ctrlU);
    expect(typed(h)).toEqual({ text: '', cursor: 0 });
  });

  it('walks previous prompts with ↑/↓ from the first/last line and restores the draft', async () => {
    h = await renderApp();
    for (const p of ['first', 'second']) {
      await type(h, p);
      await press(h.r, KEYS.enter);
      await waitFor(() => h!.store.getState().phase === 'idle' && h!.agent.finished === h!.agent.prompts.length);
    }
    await type(h, 'dra');
    await press(h.r, KEYS.up);
    expect(typed(h).text).toBe('second');
    await press(h.r, KEYS.up, KEYS.up);
    expect(typed(h).text).toBe('first');
    await press(h.r, KEYS.down);
    expect(typed(h).text).toBe('second');
    await press(h.r, KEYS.down);
    expect(typed(h).text).toBe('dra');
    // In a multi-line prompt ↑ moves between lines first.
    await press(h.r, KEYS.ctrlJ, 'x', KEYS.up);
    expect(typed(h)).toEqual({ text: 'dra\nx', cursor: 1 });
  });

  it('keeps a bracketed paste as one prompt, long ones as a chip expanded on submit', async () => {
    h = await renderApp();
    await press(h.r, KEYS.pasteStart, 'short\rpaste', KEYS.pasteEnd);
    expect(typed(h).text).toBe('short\npaste');
    await press(h.r, KEYS.ctrlU, KEYS.backspace, KEYS.ctrlU);
    const long = Array.from({ length: 120 }, (_, i) => `row ${i}`).join('\r');
    await press(h.r, 'see ', KEYS.pasteStart, long, KEYS.pasteEnd);
    expect(typed(h).text).toBe('see [pasted 120 lines]');
    expect(frame(h.r)).toContain('[pasted 120 lines]');
    // Copied lines end with a newline: 500 of them are 500 lines, not 501.
    const copied = Array.from({ length: 500 }, (_, i) => `line ${i}\r`).join('');
    await press(h.r, ' and ', KEYS.pasteStart, copied, KEYS.pasteEnd);
    expect(typed(h).text).toBe('see [pasted 120 lines] and [pasted 500 lines #2]');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 1);
    expect(h.agent.prompts[0]).toBe(`see ${long.replace(/\r/g, '\n')} and ${copied.replace(/\r/g, '\n')}`);
  });

  it('Backspace and Ctrl+W delete a paste chip whole, never leaving half a label to send', async () => {
    h = await renderApp();
    const long = Array.from({ length: 30 }, (_, i) => `row ${i}`).join('\r');
    await press(h.r, 'a ', KEYS.pasteStart, long, KEYS.pasteEnd);
    expect(typed(h).text).toBe('a [pasted 30 lines]');
    await press(h.r, KEYS.backspace);
    expect(typed(h).text).toBe('a ');
    expect(h.store.getState().pastes).toEqual([]);
    await press(h.r, KEYS.pasteStart, long, KEYS.pasteEnd, '\x17');
    expect(typed(h).text).toBe('a ');
  });

  it('a control key and Ctrl+J in one read edit and add a line instead of submitting raw bytes', async () => {
    h = await renderApp();
    await type(h, 'xx yy');
    await press(h.r, '\x01\n');
    expect(typed(h).text).toBe('\nxx yy');
    expect(h.agent.prompts).toEqual([]);
  });
});

describe('App: turn control', () => {
  it('Esc interrupts at once: UI idle, card cancelled, input ready; Enter while running queues', async () => {
    h = await renderApp({ script: (p, s) => hangingToolTurn(p, s) });
    await type(h, 'run');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.store.getState().phase === 'tools');
    expect(frame(h.r)).toMatch(/running 1 tool/);
    await type(h, 'next');
    await press(h.r, KEYS.enter);
    expect(h.store.getState().queued).toEqual(['next']);
    expect(frame(h.r)).toContain('1 queued');
    // The queued text itself shows just above the input box.
    expect(frame(h.r)).toMatch(/queued: next\n╭/);
    await press(h.r, KEYS.esc);
    expect(frame(h.r)).not.toContain('queued: next');
    expect(h.store.getState().phase).toBe('idle');
    const f = frame(h.r);
    expect(f).toMatch(/⊘ bash sleep 100 +cancelled/);
    expect(f).toContain('interrupted');
    expect(f).toContain('● idle');
    // The queued prompt came back to the input instead of running.
    expect(typed(h).text).toBe('next');
    await h.session.idle();
    expect(h.agent.prompts).toEqual(['run']);
  });

  it('Ctrl+C interrupts, else clears the input, and exits on a second press within 2 s', async () => {
    let now = 10_000;
    h = await renderApp({ script: (p, s) => hangingToolTurn(p, s), now: () => now });
    await type(h, 'go');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.store.getState().phase === 'tools');
    await press(h.r, KEYS.ctrlC);
    expect(h.store.getState().phase).toBe('idle');
    await type(h, 'draft');
    await press(h.r, KEYS.ctrlC);
    expect(typed(h).text).toBe('');
    expect(h.exits).toBe(0);
    await press(h.r, KEYS.ctrlC);
    expect(frame(h.r)).toContain('press Ctrl+C again to exit');
    now += 2500;
    await press(h.r, KEYS.ctrlC);
    expect(h.exits).toBe(0);
    now += 500;
    await press(h.r, KEYS.ctrlC);
    expect(h.exits).toBe(1);
  });

  it('control keys that arrive in one read act one by one and never become prompt text', async () => {
    h = await renderApp();
    await press(h.r, '\x03\x03');
    expect(h.exits).toBe(1);
    h.r.unmount();
    h = await renderApp();
    await type(h, 'a\x07b');
    expect(typed(h).text).toBe('ab');
    // Backspace in the same read as text still deletes, in order.
    await press(h.r, 'xy\x7fz');
    expect(typed(h).text).toBe('abxz');
    await press(h.r, '\x7f\x7fok');
    expect(typed(h).text).toBe('abok');
    // A held Backspace read as nothing but Backspaces deletes once per key.
    await press(h.r, '\x7f\x7f\x7f');
    expect(typed(h).text).toBe('a');
  });

  it('Ctrl+D exits only on an empty input', async () => {
    h = await renderApp();
    await type(h, 'x');
    await press(h.r, KEYS.ctrlD);
    expect(h.exits).toBe(0);
    await press(h.r, KEYS.backspace, KEYS.ctrlD);
    expect(h.exits).toBe(1);
  });
});

describe('App: completion and commands', () => {
  it('completes slash commands and runs them', async () => {
    h = await renderApp();
    await press(h.r, '/');
    // The menu shows eight at a time, the table's first rows first.
    expect(frame(h.r)).toMatch(/\/help[\s\S]*\/clear[\s\S]*\/sessions/);
    expect(frame(h.r).match(/^ \/[a-z]+ {2,}\S/gm)).toHaveLength(8);
    // Each command says what it does, in one column.
    expect(frame(h.r)).toMatch(/^ \/clear  +start a new session and clear the screen \(the old one stays on disk\)$/m);
    expect(frame(h.r)).toMatch(/^ \/diff   +everything this session changed, as one diff in the pager$/m);
    await press(h.r, 'c', KEYS.tab);
    expect(typed(h).text).toBe('/clear');
    await press(h.r, KEYS.enter);
    expect(h.agent.cleared).toBe(1);
    // /e is both /export and /exit now: /exi is /exit's alone.
    await press(h.r, '/', 'e', 'x', 'i', KEYS.enter);
    expect(h.exits).toBe(1);
    await press(h.r, '/', 'h', KEYS.enter);
    expect(h.store.getState().mode).toBe('help');
    await press(h.r, KEYS.esc);
    await press(h.r, '/', 'n', 'o', 'p', 'e', KEYS.enter);
    expect(frame(h.r)).toContain('unknown command /nope');
    expect(h.agent.prompts).toEqual([]);
  });

  it('completes @ file mentions fuzzily; ↑/↓ choose, Tab accepts, Esc closes', async () => {
    h = await renderApp({ files: ['src/app.ts', 'src/store/app-store.ts', 'README.md'] });
    await type(h, 'look @app');
    const f = frame(h.r);
    expect(f).toContain('@src/app.ts');
    expect(f).toContain('@src/store/app-store.ts');
    await press(h.r, KEYS.down, KEYS.tab);
    expect(typed(h).text).toBe('look @src/store/app-store.ts ');
    await press(h.r, '@', 'R');
    expect(h.store.getState().completion?.options[0]).toBe('README.md');
    await press(h.r, KEYS.esc);
    expect(h.store.getState().completion).toBeNull();
  });

  it('? opens the help overlay generated from the key map; Esc closes it', async () => {
    h = await renderApp();
    await press(h.r, '?');
    const f = frame(h.r);
    expect(f).toContain('Prompt input');
    expect(f).toContain('Shift+Enter, Ctrl+J, Alt+Enter');
    expect(f).toContain('more rows');
    // History mode, shell focus and the pager make the help several pages long.
    let seen = f;
    for (let i = 0; i < 8 && frame(h.r).includes('more rows'); i++) {
      await press(h.r, KEYS.pageDown);
      seen += frame(h.r);
    }
    expect(seen).toContain('/clear');
    const scrolled = frame(h.r);
    expect(scrolled).not.toContain('more rows');
    expect(scrolled).toContain('close the pager');
    await press(h.r, KEYS.esc);
    expect(h.store.getState().mode).toBe('input');
    await press(h.r, 'a', '?');
    expect(typed(h).text).toBe('a?');
  });
});
