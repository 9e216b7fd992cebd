/**
 * The pager's keys: its context of the key map (`KEYMAP.pager` should be `PAGER_BINDINGS`, so the
 * `?` overlay and README list them) and how a multi-key text chunk becomes single key presses.
 */
import type { KeyPress } from './key-names.js';
import type { Binding } from './keymap.js';

export const PAGER_BINDINGS: Binding[] = [
  { action: 'lineUp', keys: ['up', 'k'], help: 'scroll up a line' },
  { action: 'lineDown', keys: ['down', 'j', 'enter'], help: 'scroll down a line' },
  { action: 'pageUp', keys: ['pageup', 'b'], help: 'scroll up a page' },
  { action: 'pageDown', keys: ['pagedown', 'space', 'f'], help: 'scroll down a page' },
  { action: 'top', keys: ['g', 'home'], help: 'first line' },
  { action: 'bottom', keys: ['G', 'end'], help: 'last line' },
  { action: 'left', keys: ['left'], help: 'scroll left (wrap off)' },
  { action: 'right', keys: ['right'], help: 'scroll right (wrap off)' },
  { action: 'search', keys: ['/'], help: 'search forward (smart case)' },
  { action: 'nextMatch', keys: ['n'], help: 'next match' },
  { action: 'prevMatch', keys: ['N'], help: 'previous match' },
  { action: 'wrap', keys: ['w'], help: 'toggle line wrap' },
  { action: 'copy', keys: ['y'], help: 'copy the whole output' },
  { action: 'close', keys: ['q', 'esc'], help: 'close the pager' },
];

/** Key name → action. */
export const PAGER_ACTIONS = new Map(PAGER_BINDINGS.flatMap((b) => b.keys.map((k) => [k, b.action] as const)));

/** One character of a multi-key text chunk as the key it is ("\r" arrives inside text chunks). */
export function charKey(c: string): KeyPress {
  if (c === '\r' || c === '\n') return { name: 'enter', text: '' };
  if (c === '\x7f' || c === '\b') return { name: 'backspace', text: '' };
  if (c === '\t') return { name: 'tab', text: '' };
  return { name: c, text: c };
}
