// One action per key: within a context (reserved keys of coming features included) and across
// the contexts live at the same moment. The checker is tried on planted tables first.
import { describe, expect, it } from 'vitest';
import { keymapClashes } from '../../src/keys/keymap-check.js';
import { PLANNED_KEYS } from '../../src/keys/planned-keys.js';
import { actionFor, KEYMAP, keyTableMarkdown } from '../../src/keys/keymap.js';

const b = (action: string, ...keys: string[]) => ({ action, keys, help: action });

describe('the key map clash check', () => {
  it('finds a key bound twice in a context, reserved keys included, and across contexts live together', () => {
    const keymap = { input: [b('submit', 'enter'), b('newline', 'ctrl+j')], transcript: [b('history', 'ctrl+o'), b('oops', 'ctrl+j')], completion: [b('prev', 'up')], approval: [b('scrollUp', 'pageup')] };
    const planned = { input: [{ ...b('paste', 'enter'), feature: 'x' }] };
    expect(keymapClashes(keymap, planned, [{ contexts: ['transcript', 'input'] }])).toEqual([
      'enter: input submit and input paste',
      'ctrl+j: transcript oops and input newline',
    ]);
    // A key the first context hides on purpose is no clash; the same key in a later pair is.
    const hiding = { completion: [b('prev', 'up')], input: [b('historyPrev', 'up')], transcript: [b('lineUp', 'up')] };
    expect(keymapClashes(hiding, {}, [{ contexts: ['completion', 'transcript', 'input'], hides: ['up'] }])).toEqual(['up: transcript lineUp and input historyPrev']);
  });

  it('the key map has no clash, with this wave\'s keys reserved', () => {
    expect(keymapClashes()).toEqual([]);
    // A feature that lands moves its key from PLANNED_KEYS into KEYMAP: reserved either way.
    const landed = [
      KEYMAP.transcript.some((b) => b.action === 'thinking'),
      KEYMAP.input.some((b) => b.action === 'historySearch'),
      // Images: Ctrl+V.
      KEYMAP.input.some((b) => b.action === 'paste'),
      // Background jobs: Ctrl+B, and the job view's three keys.
      KEYMAP.transcript.some((b) => b.action === 'background'),
      ...KEYMAP.job.map(() => true),
      // Subagents: → and ← in history mode.
      KEYMAP.history.some((b) => b.action === 'into'),
      KEYMAP.history.some((b) => b.action === 'out'),
      // The plan panel: Alt+L.
      KEYMAP.transcript.some((b) => b.action === 'planPanel'),
    ].filter(Boolean).length;
    // `!` became prompt syntax (a line starting with it runs on Enter), not a key of the map.
    const promptSyntax = 1;
    expect(Object.values(PLANNED_KEYS).flat().length + landed + promptSyntax).toBeGreaterThanOrEqual(11);
  });

  it('a reserved key that landed is bound and in the README table (Alt+L, the plan panel)', () => {
    expect(actionFor('transcript', 'alt+l')).toBe('planPanel');
    expect(keyTableMarkdown()).toContain('`Alt+L` | show or hide the plan panel');
  });
});
