// The status line's key hints are made from the key map: each names a key the map binds to what
// the hint says, so a key moved in the map moves in the hint (and a hint naming an unbound key
// cannot be built).
import { describe, expect, it } from 'vitest';
import { askingHints, inputHints, keyOf, modeHintText } from '../../components/status-hints.js';
import { emptyHistory } from '../../src/store/history-state.js';

describe('status hints', () => {
  it('name the keys the map binds', () => {
    expect(inputHints(false)[0]).toBe('Enter send · Shift+Enter newline · ? help · Ctrl+C exit');
    expect(inputHints(true)).toEqual(['Esc interrupt · Enter queue · ? help', 'Esc interrupt']);
    expect(askingHints({ typing: false })).toEqual(['1-4 or ↑↓ Enter choose · PgUp/PgDn scroll · Esc stops the turn', 'Esc stops the turn']);
    const history = modeHintText({ mode: 'history', items: [], index: {}, childTranscripts: {}, history: emptyHistory(), shellFocus: null }).split('\n');
    expect(history[0]).toBe('HISTORY 0/0 · ↑↓ [ ] Enter expand · o open · y/Y copy · u undo · R rewind · d/s/p drop/shrink/pin · / filter · Esc back');
    expect(modeHintText({ mode: 'shell', items: [], index: {}, childTranscripts: {}, history: emptyHistory(), shellFocus: null })).toContain('Ctrl+T to return');
  });

  it('refuse a key the map does not bind to that action', () => {
    expect(keyOf('revert', 'cancel', 'esc')).toBe('Esc');
    expect(() => keyOf('revert', 'cancel', 'x')).toThrow(/x is not revert cancel/);
  });
});
