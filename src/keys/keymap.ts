// Every key binding, as one table of named actions per context. The `?` overlay and the
// README key table are generated from it; handlers look actions up here, never raw keys.
import { PAGER_BINDINGS } from './pager-keys.js';

export type KeyContext = 'input' | 'transcript' | 'approval' | 'history' | 'revert' | 'pager' | 'shell';

export interface Binding {
  action: string;
  keys: string[];
  help: string;
}

export const CONTEXT_TITLES: Record<KeyContext, string> = {
  input: 'Prompt input',
  transcript: 'Transcript (while typing)',
  approval: 'Approval (when a tool asks)',
  history: 'History mode',
  revert: 'Undo / rewind preview',
  pager: 'Pager',
  shell: 'Shell focus (typing into a running command)',
};

export const KEYMAP: Record<KeyContext, Binding[]> = {
  input: [
    { action: 'submit', keys: ['enter'], help: 'send the prompt (queued while a turn runs)' },
    { action: 'newline', keys: ['shift+enter', 'ctrl+j', 'alt+enter'], help: 'new line (or end the line with a backslash)' },
    { action: 'interrupt', keys: ['esc'], help: 'interrupt the running turn; close completion' },
    { action: 'cancel', keys: ['ctrl+c'], help: 'interrupt, else clear input; twice on empty input exits' },
    { action: 'exit', keys: ['ctrl+d'], help: 'exit (on an empty input)' },
    { action: 'historyPrev', keys: ['up'], help: 'previous prompt (on the first line) / line up' },
    { action: 'historyNext', keys: ['down'], help: 'next prompt (on the last line) / line down' },
    { action: 'left', keys: ['left'], help: 'cursor left' },
    { action: 'right', keys: ['right'], help: 'cursor right' },
    { action: 'lineStart', keys: ['ctrl+a', 'home'], help: 'start of line' },
    { action: 'lineEnd', keys: ['ctrl+e'], help: 'end of line' },
    { action: 'killToStart', keys: ['ctrl+u'], help: 'delete to start of line' },
    { action: 'killToEnd', keys: ['ctrl+k'], help: 'delete to end of line' },
    { action: 'deleteWord', keys: ['ctrl+w'], help: 'delete previous word' },
    { action: 'wordLeft', keys: ['alt+left', 'alt+b'], help: 'word left' },
    { action: 'wordRight', keys: ['alt+right', 'alt+f'], help: 'word right' },
    { action: 'backspace', keys: ['backspace'], help: 'delete before cursor' },
    { action: 'complete', keys: ['tab'], help: 'accept completion (/command, @file)' },
    { action: 'help', keys: ['?'], help: 'this help (on an empty input)' },
  ],
  transcript: [
    { action: 'pageUp', keys: ['pageup'], help: 'scroll up a page' },
    { action: 'pageDown', keys: ['pagedown'], help: 'scroll down a page' },
    { action: 'lineUp', keys: ['shift+up'], help: 'scroll up a line' },
    { action: 'lineDown', keys: ['shift+down'], help: 'scroll down a line' },
    { action: 'bottom', keys: ['end'], help: 'jump to the bottom and follow new output' },
    { action: 'wheelUp', keys: ['wheelup'], help: 'mouse wheel scrolls (after /mouse turns mouse mode on)' },
    { action: 'wheelDown', keys: ['wheeldown'], help: 'mouse wheel scrolls down' },
    { action: 'history', keys: ['ctrl+o'], help: 'history mode (or Esc when idle)' },
    { action: 'focusShell', keys: ['ctrl+t'], help: 'type into a running command' },
  ],
  // No feature asks for approval yet: the context stays empty so help lists no dead keys.
  approval: [],
  history: [
    { action: 'prev', keys: ['up', 'k'], help: 'previous stop (wraps)' },
    { action: 'next', keys: ['down', 'j'], help: 'next stop (wraps)' },
    { action: 'prevPrompt', keys: ['['], help: 'your previous prompt' },
    { action: 'nextPrompt', keys: [']'], help: 'your next prompt' },
    { action: 'first', keys: ['g', 'home'], help: 'first stop' },
    { action: 'last', keys: ['G', 'end'], help: 'last stop' },
    { action: 'pageUp', keys: ['pageup'], help: 'a page up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'a page down' },
    { action: 'toggle', keys: ['enter', 'space'], help: 'expand / collapse' },
    { action: 'open', keys: ['o'], help: 'output in the pager' },
    { action: 'copyOutput', keys: ['y'], help: 'copy the output' },
    { action: 'copyInput', keys: ['Y'], help: 'copy command / path' },
    { action: 'filter', keys: ['/'], help: 'filter the stops' },
    { action: 'focusShell', keys: ['ctrl+t'], help: 'type into the command' },
    { action: 'undo', keys: ['u'], help: "undo the call's file changes (shows them first)" },
    { action: 'rewind', keys: ['R'], help: 'rewind files and conversation to just before this prompt' },
    { action: 'leave', keys: ['esc', 'ctrl+o', 'q', 'i'], help: 'back to the input' },
  ],
  revert: [
    { action: 'confirm', keys: ['y', 'enter'], help: 'put the clean files back (conflicting ones stay)' },
    { action: 'force', keys: ['f'], help: 'put the conflicting files back too (their later changes are lost)' },
    { action: 'scrollUp', keys: ['up', 'k'], help: 'scroll the diff up' },
    { action: 'scrollDown', keys: ['down', 'j'], help: 'scroll the diff down' },
    { action: 'pageUp', keys: ['pageup'], help: 'a page up' },
    { action: 'pageDown', keys: ['pagedown', 'space'], help: 'a page down' },
    { action: 'cancel', keys: ['n', 'esc', 'q'], help: 'change nothing' },
  ],
  pager: PAGER_BINDINGS,
  shell: [
    { action: 'unfocus', keys: ['ctrl+t'], help: 'keys back to the app' },
  ],
};

const lookup = new Map<KeyContext, Map<string, string>>();
for (const [ctx, bindings] of Object.entries(KEYMAP) as [KeyContext, Binding[]][]) {
  const m = new Map<string, string>();
  for (const b of bindings) {
    for (const k of b.keys) {
      if (m.has(k)) throw new Error(`keymap: ${k} bound twice in ${ctx}`);
      m.set(k, b.action);
    }
  }
  lookup.set(ctx, m);
}

/** The action bound to a canonical key name in a context, if any. */
export function actionFor(context: KeyContext, keyName: string | null): string | undefined {
  return keyName === null ? undefined : lookup.get(context)?.get(keyName);
}

const KEY_LABELS: Record<string, string> = {
  enter: 'Enter', esc: 'Esc', up: '↑', down: '↓', left: '←', right: '→', tab: 'Tab',
  pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End', backspace: 'Backspace', space: 'Space',
  wheelup: 'Wheel↑', wheeldown: 'Wheel↓',
};

/** "shift+enter" → "Shift+Enter", "ctrl+a" → "Ctrl+A". */
export function keyLabel(key: string): string {
  return key
    .split('+')
    .map((part, i, all) => {
      if (i < all.length - 1) return part[0]!.toUpperCase() + part.slice(1);
      // A bare letter stays as typed (k ≠ K); with a modifier it is shown as a capital.
      return KEY_LABELS[part] ?? (all.length > 1 ? part.toUpperCase() : part);
    })
    .join('+');
}

/** The markdown key table for the README. */
export function keyTableMarkdown(): string {
  const out: string[] = [];
  for (const [ctx, bindings] of Object.entries(KEYMAP) as [KeyContext, Binding[]][]) {
    if (bindings.length === 0) continue;
    out.push(`#### ${CONTEXT_TITLES[ctx]}`, '', '| keys | action |', '| --- | --- |');
    for (const b of bindings) out.push(`| ${b.keys.map((k) => `\`${keyLabel(k)}\``).join(', ')} | ${b.help} |`);
    out.push('');
  }
  return out.join('\n');
}
