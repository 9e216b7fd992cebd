import { describe, expect, it } from 'vitest';
import * as e from '../../src/store/input-editing.js';

const at = (text: string, cursor = text.length): e.InputState => ({ text, cursor });

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
});
