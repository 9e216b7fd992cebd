import { describe, expect, it } from 'vitest';
import * as e from '../../src/keys/line-editor.js';

const at = (text: string, cursor = text.length): e.EditLine => ({ text, cursor });

describe('input editing', () => {
  it('inserts and deletes at the cursor, emoji as one', () => {
    expect(e.insertText(at('ac', 1), 'b')).toEqual(at('abc', 2));
    expect(e.backspace(at('abc', 2))).toEqual(at('ac', 1));
    expect(e.backspace(at('', 0))).toEqual(at('', 0));
    expect(e.backspace(at('x😀'))).toEqual(at('x'));
    expect(e.moveLeft(at('x😀'))).toEqual(at('x😀', 1));
    expect(e.moveRight(at('x😀', 1))).toEqual(at('x😀', 3));
  });

  it('moves and kills within the current line like a shell', () => {
    const s = at('one\ntwo three\nfour', 8);
    expect(e.lineStart(s).cursor).toBe(4);
    expect(e.lineEnd(s).cursor).toBe(13);
    expect(e.killToLineStart(s)).toEqual(at('one\nthree\nfour', 4));
    expect(e.killToLineEnd(s)).toEqual(at('one\ntwo \nfour', 8));
    expect(e.deleteWordBack(at('git commit -m', 13))).toEqual(at('git commit ', 11));
    expect(e.deleteWordBack(at('a b  ', 5))).toEqual(at('a ', 2));
    expect(e.wordLeft(at('alpha beta', 10)).cursor).toBe(6);
    expect(e.wordRight(at('alpha beta', 0)).cursor).toBe(5);
  });

  it('knows the first and last line and moves between lines keeping the column', () => {
    const s = at('abcdef\nxy\nlong line', 5);
    expect(e.onFirstLine(s)).toBe(true);
    expect(e.onLastLine(s)).toBe(false);
    expect(e.moveLine(s, 1).cursor).toBe(9); // clamped to the end of "xy"
    expect(e.moveLine(at(s.text, 8), -1).cursor).toBe(1);
    expect(e.moveLine(at(s.text, 8), 1).cursor).toBe(11);
    expect(e.moveLine(s, -1)).toBe(s);
  });

  it('applies the key map\'s editing actions and typed text to a one-line prompt', () => {
    const press = (name: string | null, text = '') => ({ name, text });
    expect(e.editLine(at('git commit'), press('ctrl+w'))).toEqual(at('git ', 4));
    expect(e.editLine(at('git commit'), press('alt+b'))).toEqual(at('git commit', 4));
    expect(e.editLine(at('git commit', 4), press('home'))).toEqual(at('git commit', 0));
    expect(e.editLine(at('ab', 1), press(null, 'x\x07y'))).toEqual(at('axyb', 3));
    expect(e.editLine(at('ab'), press('ctrl+x'))).toBeNull();
    expect(e.editLine(at('ab'), press('unknown:[I'))).toBeNull();
    expect(e.applyLineAction(at('a b'), 'deleteWord')).toEqual(at('a ', 2));
  });
});
