import { createElement, act } from 'react';
import { Text } from 'ink';
import { useKeyTarget } from '../../components/key-input.js';
import { KeyOwner } from '../../src/app/key-owner.js';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import pty from 'node-pty';
import { encodeKey, encodeKeys, routeFocusedInput } from '../../src/keys/pty-keys.js';

describe('encodeKey (xterm-256color)', () => {
  it('encodes arrows, home/end in normal and application cursor mode', () => {
    expect(encodeKeys(['up', 'down', 'right', 'left', 'home', 'end'])).toBe('\x1b[A\x1b[B\x1b[C\x1b[D\x1b[H\x1b[F');
    expect(encodeKey('up', { applicationCursorKeys: true })).toBe('\x1bOA');
    expect(encodeKey('ctrl+up', { applicationCursorKeys: true })).toBe('\x1b[1;5A');
    expect(encodeKey('shift+left')).toBe('\x1b[1;2D');
  });

  it('encodes paging, editing and function keys', () => {
    expect(encodeKeys(['pageUp', 'pageDown', 'delete', 'insert'])).toBe('\x1b[5~\x1b[6~\x1b[3~\x1b[2~');
    expect(encodeKeys(['F1', 'F2', 'F3', 'F4'])).toBe('\x1bOP\x1bOQ\x1bOR\x1bOS');
    expect(encodeKeys(['F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12'])).toBe(
      '\x1b[15~\x1b[17~\x1b[18~\x1b[19~\x1b[20~\x1b[21~\x1b[23~\x1b[24~',
    );
    expect(encodeKey('ctrl+F5')).toBe('\x1b[15;5~');
    expect(encodeKey('shift+F1')).toBe('\x1b[1;2P');
  });

  it('encodes Enter, Tab, Esc, Backspace and ctrl/alt combinations', () => {
    expect(encodeKeys(['enter', 'tab', 'shift+tab', 'escape', 'backspace', 'space'])).toBe('\r\t\x1b[Z\x1b\x7f ');
    expect(encodeKeys(['ctrl+a', 'ctrl+c', 'ctrl+d', 'ctrl+t', 'ctrl+z', 'ctrl+Z'])).toBe('\x01\x03\x04\x14\x1a\x1a');
    expect(encodeKeys(['ctrl+[', 'ctrl+space', 'ctrl+backspace'])).toBe('\x1b\x00\x08');
    expect(encodeKeys(['alt+x', 'alt+backspace', 'ctrl+alt+c', 'shift+q', 'q'])).toBe('\x1bx\x1b\x7f\x1b\x03Qq');
  });

  it('rejects names it does not know', () => {
    expect(() => encodeKey('hyper+x')).toThrow(/unknown modifier/);
    expect(() => encodeKey('F13')).toThrow(/unknown key/);
  });
});

describe('routeFocusedInput', () => {
  it('passes raw bytes through as the terminal sent them', () => {
    const raw = 'y\r\x7f\x1b[3~\x1b[A\x03\x1b\x1bOP\x1b[15~';
    expect(routeFocusedInput(raw)).toEqual({ toPty: raw, returnFocus: false, rest: '' });
  });

  it('stops at Ctrl+T and hands the rest back to the UI', () => {
    expect(routeFocusedInput('ab\x14cd')).toEqual({ toPty: 'ab', returnFocus: true, rest: 'cd' });
    expect(routeFocusedInput('\x14')).toEqual({ toPty: '', returnFocus: true, rest: '' });
  });

  it('recognises Ctrl+T in kitty and modifyOtherKeys form', () => {
    expect(routeFocusedInput('x\x1b[116;5u')).toEqual({ toPty: 'x', returnFocus: true, rest: '' });
    expect(routeFocusedInput('\x1b[27;5;116~z')).toEqual({ toPty: '', returnFocus: true, rest: 'z' });
  });

  it('turns kitty / modifyOtherKeys keys back into legacy bytes for the command', () => {
    // Ctrl+C, Shift+Enter, Esc, Alt+b; a key release is dropped.
    const routed = routeFocusedInput('\x1b[99;5u\x1b[13;2u\x1b[27u\x1b[98;3u\x1b[97;1:3u\x1b[27;5;99~');
    expect(routed.toPty).toBe('\x03\r\x1b\x1bb\x03');
  });

  it('follows the command cursor-key mode', () => {
    expect(routeFocusedInput('\x1b[A\x1b[D', { applicationCursorKeys: true }).toPty).toBe('\x1bOA\x1bOD');
    expect(routeFocusedInput('\x1bOA', { applicationCursorKeys: false }).toPty).toBe('\x1b[A');
    expect(routeFocusedInput('\x1b[1;5A', { applicationCursorKeys: true }).toPty).toBe('\x1b[1;5A');
  });

  it('keeps paste brackets only if the command enabled them; a pasted 0x14 is data', () => {
    const paste = '\x1b[200~a\x14b\x1b[201~';
    expect(routeFocusedInput(paste)).toEqual({ toPty: 'a\x14b', returnFocus: false, rest: '' });
    expect(routeFocusedInput(paste, { bracketedPaste: true }).toPty).toBe(paste);
  });
});

describe('raw bytes while a pane has focus', () => {
  /** A raw key target: it gets the chunks stdin delivered, as a focused pane does. */
  function RawTap({ onRaw }: { onRaw: (s: string) => void }) {
    useKeyTarget({ kind: 'raw', onChunk: onRaw });
    return createElement(Text, null, 'pane');
  }

  it('delivers exactly the bytes the terminal sent, Backspace, Delete, F-keys and a lone Esc included', async () => {
    const got: string[] = [];
    let r!: ReturnType<typeof render>;
    await act(async () => { r = render(createElement(KeyOwner, { children: createElement(RawTap, { onRaw: (s: string) => got.push(s) }) })); });
    const chunks = ['y', '\x7f', '\x1b[3~', '\x1bOP', '\x1b[15~', '\x03', '\x1b', 'abc\r', '\x1b[1;5A'];
    for (const c of chunks) {
      await act(async () => {
        r.stdin.write(c);
        await new Promise((res) => setImmediate(res)); // Ink flushes a lone Esc on setImmediate
      });
    }
    expect(routeFocusedInput(got.join('')).toPty).toBe(chunks.join(''));
    await act(async () => { r.unmount(); });
  });
});

describe('keys through a real pty', () => {
  const waitFor = (pred: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = setInterval(() => { if (pred()) { clearInterval(check); resolve(); } }, 5);
    });

  it('a read -p prompt receives what the focused pane forwards', async () => {
    // The trailing `read -n1` holds the pty open until we saw the answer (node-pty can drop the
    // tail of a command that exits at once).
    const script = 'read -r -p "name? " n; echo "got:[$n]"; read -r -s -n1 _';
    const term = pty.spawn('bash', ['--norc', '--noprofile', '-c', script], {
      name: 'xterm-256color', cols: 80, rows: 10, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color' },
    });
    let out = '';
    term.onData((d) => { out += d; });
    const exited = new Promise<number>((resolve) => term.onExit((e) => resolve(e.exitCode)));
    await waitFor(() => out.includes('name?'));
    // Typed "abx", Backspace, "c", then Enter, sent as the terminal would, in separate chunks.
    for (const chunk of ['ab', 'x', encodeKey('backspace'), 'c', encodeKey('enter')]) {
      term.write(routeFocusedInput(chunk).toPty);
    }
    await waitFor(() => /got:\[[^\]]*\]/.test(out));
    expect(out).toContain('got:[abc]');
    term.write(encodeKey('enter'));
    expect(await exited).toBe(0);
  });
});
