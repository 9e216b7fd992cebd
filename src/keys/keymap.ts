// Every key binding, as one table of named actions per context. The `?` overlay, the README key
// tables and the status hints are generated from it; handlers look actions up here (actionFor),
// never raw keys. Each table is `as const`, so its actions form a string union (ActionOf<'history'>)
// and a misspelt action in a handler's switch is a type error.
//
// Adding a context: one entry in KEYMAP and one in CONTEXT_TITLES, then a handler that switches
// on ActionOf<'that context'> (key-pipeline.ts routes the mode to it).
import type { PagerAction } from '../pager/pager-model.js';

export interface Binding<A extends string = string> {
  readonly action: A;
  readonly keys: readonly string[];
  readonly help: string;
}

/** A context's table, its actions kept as literal types. */
const table = <const T extends readonly Binding[]>(bindings: T): T => bindings;

/**
 * Editing a line of text: the prompt input, the history filter and the pager's search prompt
 * all apply these through line-editor.ts (they are part of the input context's table).
 */
const LINE_EDITING = table([
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
]);

export type LineAction = (typeof LINE_EDITING)[number]['action'];

const PAGER = table([
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
] as const satisfies readonly Binding<PagerAction>[]);

export const KEYMAP = {
  input: table([
    { action: 'submit', keys: ['enter'], help: 'send the prompt (queued while a turn runs)' },
    { action: 'newline', keys: ['shift+enter', 'ctrl+j', 'alt+enter'], help: 'new line (or end the line with a backslash)' },
    { action: 'interrupt', keys: ['esc'], help: 'interrupt the running turn; close completion' },
    { action: 'cancel', keys: ['ctrl+c'], help: 'interrupt, else clear input; twice on empty input exits' },
    { action: 'exit', keys: ['ctrl+d'], help: 'exit (on an empty input)' },
    { action: 'historyPrev', keys: ['up'], help: 'previous prompt (on the first line) / line up' },
    { action: 'historyNext', keys: ['down'], help: 'next prompt (on the last line) / line down' },
    ...LINE_EDITING,
    { action: 'complete', keys: ['tab'], help: 'accept completion (/command, @file)' },
    { action: 'historySearch', keys: ['ctrl+r'], help: 'search the prompt history of this workspace (every session)' },
    { action: 'paste', keys: ['ctrl+v'], help: 'paste: an image when the clipboard holds one (as a chip), else its text' },
    { action: 'editor', keys: ['ctrl+g'], help: 'edit the prompt in $VISUAL / $EDITOR (saved and closed: it comes back here)' },
    { action: 'help', keys: ['?'], help: 'this help (on an empty input)' },
  ]),
  completion: table([
    { action: 'prev', keys: ['up'], help: 'previous choice' },
    { action: 'next', keys: ['down'], help: 'next choice' },
  ]),
  transcript: table([
    { action: 'pageUp', keys: ['pageup'], help: 'scroll up a page' },
    { action: 'pageDown', keys: ['pagedown'], help: 'scroll down a page' },
    { action: 'lineUp', keys: ['shift+up'], help: 'scroll up a line' },
    { action: 'lineDown', keys: ['shift+down'], help: 'scroll down a line' },
    { action: 'bottom', keys: ['end'], help: 'jump to the bottom and follow new output' },
    { action: 'wheelUp', keys: ['wheelup'], help: 'mouse wheel scrolls (after /mouse turns mouse mode on)' },
    { action: 'wheelDown', keys: ['wheeldown'], help: 'mouse wheel scrolls down' },
    { action: 'history', keys: ['ctrl+o'], help: 'history mode (or Esc when idle)' },
    { action: 'focusShell', keys: ['ctrl+t'], help: 'type into a running command' },
    { action: 'background', keys: ['ctrl+b'], help: "put the newest running command in the background as a job (in tmux press it twice: it is tmux's prefix)" },
    { action: 'thinking', keys: ['alt+t'], help: 'thinking on / off for the next requests (at the thinking budget, 8,000 when never set)' },
    { action: 'planPanel', keys: ['alt+l'], help: 'show or hide the plan panel (Claude Code users: its Ctrl+T task list; here Ctrl+T types into a running command)' },
    { action: 'suspend', keys: ['ctrl+z'], help: 'suspend inkling to the shell (fg brings it back)' },
    { action: 'redraw', keys: ['ctrl+l'], help: 'clear the screen and draw it again (after another program wrote over it)' },
    { action: 'cycleMode', keys: ['shift+tab'], help: 'next permission mode: default → accept-edits → plan (→ auto or yolo, if started in it)' },
  ]),
  help: table([
    { action: 'lineDown', keys: ['down'], help: 'scroll down' },
    { action: 'lineUp', keys: ['up'], help: 'scroll up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'a page down' },
    { action: 'pageUp', keys: ['pageup'], help: 'a page up' },
    { action: 'close', keys: ['esc', 'q', '?', 'enter'], help: 'close the help' },
  ]),
  approval: table([
    { action: 'prev', keys: ['up'], help: 'previous choice' },
    { action: 'next', keys: ['down'], help: 'next choice' },
    { action: 'choose', keys: ['enter'], help: 'take the highlighted choice (in the text field: send it)' },
    { action: 'yes', keys: ['1'], help: 'yes, run it' },
    { action: 'session', keys: ['2'], help: "yes, and don't ask again this session for the same kind of call" },
    { action: 'always', keys: ['3'], help: 'yes, always (saved for you, in this workspace: an allow rule in $INKLING_HOME/permissions/)' },
    { action: 'tell', keys: ['4'], help: 'no, and tell the model what to do instead: the turn goes on (digits then type text)' },
    { action: 'stop', keys: ['esc'], help: 'no, and stop the turn: nothing after this call runs (also from the text field)' },
    { action: 'scrollUp', keys: ['pageup'], help: 'scroll a preview taller than the card (a long command, a big diff) up' },
    { action: 'scrollDown', keys: ['pagedown'], help: 'scroll the preview down (the transcript above stays where it is)' },
  ]),
  history: table([
    { action: 'prev', keys: ['up', 'k'], help: 'previous stop (wraps)' },
    { action: 'next', keys: ['down', 'j'], help: 'next stop (wraps)' },
    { action: 'prevPrompt', keys: ['['], help: 'your previous prompt' },
    { action: 'nextPrompt', keys: [']'], help: 'your next prompt' },
    { action: 'first', keys: ['g', 'home'], help: 'first stop' },
    { action: 'last', keys: ['G', 'end'], help: 'last stop' },
    { action: 'pageUp', keys: ['pageup'], help: "a page up (an expanded command's output scrolls first)" },
    { action: 'pageDown', keys: ['pagedown'], help: "a page down (an expanded command's output scrolls first)" },
    { action: 'toggle', keys: ['enter', 'space'], help: 'expand / collapse' },
    { action: 'into', keys: ['right', 'l'], help: "into a task card's agent: its calls as cards nested under it (Enter still expands / collapses)" },
    { action: 'out', keys: ['left', 'h'], help: "back out of an agent's calls to its task card" },
    { action: 'open', keys: ['o'], help: 'output in the pager' },
    { action: 'copyOutput', keys: ['y'], help: 'copy the output' },
    { action: 'copyInput', keys: ['Y'], help: 'copy command / path' },
    { action: 'filter', keys: ['/'], help: 'filter the stops' },
    { action: 'focusShell', keys: ['ctrl+t'], help: 'type into the command' },
    { action: 'background', keys: ['ctrl+b'], help: 'put the selected running command in the background as a job' },
    { action: 'undo', keys: ['u'], help: "undo the call's file changes (shows them first; again: undo the undo)" },
    { action: 'rewind', keys: ['R'], help: 'rewind files and conversation to just before this prompt' },
    { action: 'dropResult', keys: ['d'], help: "drop the call's result from the context (again: put it back)" },
    { action: 'shrinkResult', keys: ['s'], help: "shrink the call's result to its head and tail (again: undo)" },
    { action: 'pinResult', keys: ['p'], help: 'pin the result: compaction keeps it verbatim (again: unpin)' },
    { action: 'leave', keys: ['esc', 'ctrl+o', 'q', 'i'], help: 'back to the input' },
  ]),
  revert: table([
    { action: 'confirm', keys: ['y', 'enter'], help: 'put the clean files back (conflicting ones stay)' },
    { action: 'force', keys: ['f'], help: 'put the conflicting files back too (their later changes are lost)' },
    { action: 'scrollUp', keys: ['up', 'k'], help: 'scroll the diff up' },
    { action: 'scrollDown', keys: ['down', 'j'], help: 'scroll the diff down' },
    { action: 'pageUp', keys: ['pageup'], help: 'a page up' },
    { action: 'pageDown', keys: ['pagedown', 'space'], help: 'a page down' },
    { action: 'cancel', keys: ['n', 'esc', 'q'], help: 'change nothing' },
  ]),
  picker: table([
    { action: 'prev', keys: ['up'], help: 'previous session' },
    { action: 'next', keys: ['down'], help: 'next session' },
    { action: 'pageUp', keys: ['pageup'], help: 'ten up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'ten down' },
    { action: 'open', keys: ['enter'], help: 'open the session: its transcript comes back and the conversation goes on' },
    { action: 'scope', keys: ['tab'], help: "this workspace's sessions / every workspace's" },
    { action: 'cancel', keys: ['esc'], help: 'back, changing nothing (typing filters by title, id or model)' },
  ]),
  rewind: table([
    { action: 'prev', keys: ['up'], help: 'newer prompt' },
    { action: 'next', keys: ['down'], help: 'older prompt' },
    { action: 'pageUp', keys: ['pageup'], help: 'ten up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'ten down' },
    { action: 'open', keys: ['enter'], help: 'preview rewinding to just before it (y there rewinds)' },
    { action: 'cancel', keys: ['esc'], help: 'back, changing nothing (typing filters by prompt or file)' },
  ]),
  // The one-line prompts (history's `/` filter, the pager's `/` search) also take LINE_EDITING.
  lineprompt: table([
    { action: 'accept', keys: ['enter'], help: 'keep the filter / search for it' },
    { action: 'dismiss', keys: ['esc'], help: 'drop it (Backspace on an empty line too)' },
  ]),
  pager: PAGER,
  shell: table([
    { action: 'unfocus', keys: ['ctrl+t'], help: 'keys back to the app' },
  ]),
  trust: table([
    { action: 'trust', keys: ['y'], help: 'trust the workspace: its settings apply (remembered)' },
    { action: 'distrust', keys: ['n', 'esc'], help: 'not now: its files only tighten settings' },
    { action: 'quit', keys: ['ctrl+c', 'ctrl+d'], help: 'leave inkling (nothing is trusted)' },
  ]),
  remember: table([
    { action: 'prev', keys: ['up'], help: 'previous file' },
    { action: 'next', keys: ['down'], help: 'next file' },
    { action: 'save', keys: ['enter'], help: 'append the line to the chosen file' },
    { action: 'project', keys: ['1'], help: "the project's memory file" },
    { action: 'user', keys: ['2'], help: 'your own memory file (every project)' },
    { action: 'cancel', keys: ['esc', 'ctrl+c'], help: 'save nothing' },
  ]),
  memory: table([
    { action: 'lineUp', keys: ['up'], help: 'scroll up' },
    { action: 'lineDown', keys: ['down'], help: 'scroll down' },
    { action: 'pageUp', keys: ['pageup'], help: 'a page up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'a page down' },
    { action: 'close', keys: ['esc', 'q', 'enter', 'ctrl+c'], help: 'close' },
  ]),
  mcp: table([
    { action: 'prev', keys: ['up', 'k'], help: 'previous server' },
    { action: 'next', keys: ['down', 'j'], help: 'next server' },
    { action: 'reconnect', keys: ['r'], help: 'start the server again now' },
    { action: 'disable', keys: ['d'], help: 'turn the server off for this session (its tools go)' },
    { action: 'login', keys: ['l'], help: 'log in to an HTTP server that asks for OAuth (shows the URL)' },
    { action: 'close', keys: ['esc', 'q', 'enter', 'ctrl+c'], help: 'close' },
  ]),
  mcplogin: table([
    { action: 'submit', keys: ['enter'], help: 'use the pasted address the browser was sent to' },
    { action: 'copyUrl', keys: ['ctrl+y'], help: 'copy the login URL (it is wrapped on screen)' },
    { action: 'erase', keys: ['backspace'], help: 'delete the last character' },
    { action: 'cancel', keys: ['esc', 'ctrl+c'], help: 'stop the login' },
  ]),
  elicit: table([
    { action: 'prev', keys: ['up', 'shift+tab'], help: 'previous field' },
    { action: 'next', keys: ['down', 'tab'], help: 'next field' },
    { action: 'choiceLeft', keys: ['left'], help: 'previous choice (a choice field)' },
    { action: 'choiceRight', keys: ['right', 'space'], help: 'next choice; space toggles yes/no' },
    { action: 'erase', keys: ['backspace'], help: 'delete the last character' },
    { action: 'accept', keys: ['enter'], help: 'send the form to the server' },
    { action: 'decline', keys: ['esc'], help: 'decline: the server gets no answer' },
    { action: 'cancel', keys: ['ctrl+c'], help: 'cancel the request' },
  ]),
  secret: table([
    { action: 'send', keys: ['enter'], help: 'send the typed secret to the program that asks (shown as •)' },
    { action: 'erase', keys: ['backspace'], help: 'delete the last character' },
    { action: 'empty', keys: ['esc'], help: 'answer nothing: the program fails as on a wrong password, the turn goes on' },
    { action: 'stop', keys: ['ctrl+c'], help: 'stop the turn' },
  ]),
  planReview: table([
    { action: 'prev', keys: ['up'], help: 'previous choice' },
    { action: 'next', keys: ['down'], help: 'next choice' },
    { action: 'choose', keys: ['enter'], help: 'answer with the highlighted choice (in the message field: send the message)' },
    { action: 'run', keys: ['1'], help: 'run the plan: default mode (edits and commands ask), the model goes ahead' },
    { action: 'acceptEdits', keys: ['2'], help: 'run the plan with edits accepted (accept-edits mode: commands still ask)' },
    { action: 'keep', keys: ['3'], help: 'keep planning: type what to change, Enter sends it to the model' },
    { action: 'stop', keys: ['esc'], help: 'keep planning without a message: the turn stops and the model waits for you' },
  ]),
  confirm: table([
    { action: 'yes', keys: ['y'], help: 'answer yes' },
    { action: 'no', keys: ['n', 'esc'], help: 'answer no: the program stops there, the turn goes on' },
    { action: 'stop', keys: ['ctrl+c'], help: 'stop the turn' },
  ]),
  prompts: table([
    { action: 'prev', keys: ['up'], help: 'newer prompt' },
    { action: 'next', keys: ['down'], help: 'older prompt' },
    { action: 'pageUp', keys: ['pageup'], help: 'ten up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'ten down' },
    { action: 'choose', keys: ['enter'], help: 'put the prompt in the input (to edit or send)' },
    { action: 'cancel', keys: ['esc', 'ctrl+c'], help: 'back, the input as it was (typing filters the prompts)' },
  ]),
  jobs: table([
    { action: 'prev', keys: ['up'], help: 'newer job' },
    { action: 'next', keys: ['down'], help: 'older job' },
    { action: 'pageUp', keys: ['pageup'], help: 'ten up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'ten down' },
    { action: 'open', keys: ['enter'], help: "the job's live pane, full-screen" },
    { action: 'cancel', keys: ['esc'], help: 'back (typing filters by command or last line)' },
  ]),
  job: table([
    { action: 'type', keys: ['ctrl+t'], help: 'type into the job (Ctrl+T again gives the keys back)' },
    { action: 'kill', keys: ['x'], help: 'kill the job and everything it started' },
    { action: 'log', keys: ['o'], help: "the job's whole log in the pager (q back to the job)" },
    { action: 'back', keys: ['q', 'esc'], help: 'back to the list' },
  ]),
  lists: table([
    { action: 'prev', keys: ['up'], help: 'previous row' },
    { action: 'next', keys: ['down'], help: 'next row' },
    { action: 'pageUp', keys: ['pageup'], help: 'ten up' },
    { action: 'pageDown', keys: ['pagedown'], help: 'ten down' },
    { action: 'act', keys: ['enter'], help: "a skill: its /name into the prompt; an agent: \"Use the <name> agent to\" into the prompt; a hook: off (or on again) for this session; a rule: removed from its file (Enter twice)" },
    { action: 'cancel', keys: ['esc'], help: 'back (typing filters the rows)' },
  ]),
  model: table([
    { action: 'prev', keys: ['up'], help: 'previous model' },
    { action: 'next', keys: ['down'], help: 'next model' },
    { action: 'choose', keys: ['enter'], help: 'answer with this model from the next request' },
    { action: 'refresh', keys: ['ctrl+r'], help: "ask the server for its list again" },
    { action: 'close', keys: ['esc'], help: 'keep the model as it is' },
  ]),
} as const;

export type KeyContext = keyof typeof KEYMAP;
/** The actions of one context, as a string union. */
export type ActionOf<C extends KeyContext> = (typeof KEYMAP)[C][number]['action'];

export const CONTEXT_TITLES: Record<KeyContext, string> = {
  input: 'Prompt input',
  completion: 'Completion menu (/command, @file)',
  transcript: 'Transcript (while typing)',
  help: 'Help overlay',
  approval: 'Approval (when a tool asks)',
  history: 'History mode',
  revert: 'Undo / rewind preview',
  picker: 'Session picker (--resume, /resume)',
  rewind: '/rewind picker (type to filter)',
  lineprompt: 'Filter and search prompts (with the line editing keys of the prompt input)',
  pager: 'Pager',
  shell: 'Shell focus (typing into a running command)',
  trust: 'Trust prompt (a new workspace with settings of its own)',
  remember: 'Saving a # line to memory',
  memory: '/memory view',
  mcp: '/mcp view (MCP servers)',
  mcplogin: '/mcp login waiting (type or paste the address the browser was sent to)',
  elicit: "An MCP server's form (elicitation)",
  secret: "A command's password prompt (masked field)",
  planReview: 'Plan card (exit_plan_mode: the model asks to carry out its plan)',
  confirm: "A command's yes/no question (ssh's host key)",
  prompts: 'Prompt history search (Ctrl+R; type to filter)',
  jobs: '/jobs list (type to filter)',
  job: "A job's view (its live pane)",
  lists: '/skills, /hooks, /permissions and /agents lists (type to filter)',
  model: '/model picker (type to filter)',
};

const LINE_ACTIONS: ReadonlySet<string> = new Set(LINE_EDITING.map((b) => b.action));

export function isLineAction(action: string | undefined): action is LineAction {
  return action !== undefined && LINE_ACTIONS.has(action);
}

const lookup = new Map<KeyContext, Map<string, string>>();
for (const [ctx, bindings] of Object.entries(KEYMAP) as [KeyContext, readonly Binding[]][]) {
  const m = new Map<string, string>();
  for (const b of bindings) {
    for (const k of b.keys) {
      if (m.has(k)) throw new Error(`keymap: ${k} bound twice in ${ctx}`);
      m.set(k, b.action);
    }
  }
  lookup.set(ctx, m);
}

/** The action bound to a canonical key name in a context, if any (" " is the space bar). */
export function actionFor<C extends KeyContext>(context: C, keyName: string | null): ActionOf<C> | undefined {
  if (keyName === null) return undefined;
  return lookup.get(context)?.get(keyName === ' ' ? 'space' : keyName) as ActionOf<C> | undefined;
}

/** The line editing action of a key (the same in every line of text the person edits). */
export function lineActionFor(keyName: string | null): LineAction | undefined {
  const action = actionFor('input', keyName);
  return isLineAction(action) ? action : undefined;
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

/** The first key of an action, labelled ("q" for the pager's close). */
export function firstKeyLabel<C extends KeyContext>(context: C, action: ActionOf<C>): string {
  const b = (KEYMAP[context] as readonly Binding[]).find((x) => x.action === action);
  if (!b) throw new Error(`keymap: no ${action} in ${context}`);
  return keyLabel(b.keys[0]!);
}

/**
 * A status-line hint from the key map: groups joined by two spaces, each a run of
 * [actions, separator, label] items ("↑↓", "g/G", "w wrap").
 */
export function hintText<C extends KeyContext>(context: C, groups: readonly (readonly [readonly ActionOf<C>[], string, string?])[][]): string {
  return groups
    .map((items) => items.map(([actions, sep, label]) => actions.map((a) => firstKeyLabel(context, a)).join(sep) + (label ? ` ${label}` : '')).join(' '))
    .join('  ');
}

/** The markdown key table for the README. */
export function keyTableMarkdown(): string {
  const out: string[] = [];
  for (const [ctx, bindings] of Object.entries(KEYMAP) as [KeyContext, readonly Binding[]][]) {
    if (bindings.length === 0) continue;
    out.push(`#### ${CONTEXT_TITLES[ctx]}`, '', '| keys | action |', '| --- | --- |');
    for (const b of bindings) out.push(`| ${b.keys.map((k) => `\`${keyLabel(k)}\``).join(', ')} | ${b.help} |`);
    out.push('');
  }
  return out.join('\n');
}
