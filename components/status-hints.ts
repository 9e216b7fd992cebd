// The status line's key hints, made from the key map (src/keys/keymap.ts), so a hint names the
// key that really does it: what works while typing, while a turn runs, while a call asks, in
// history mode, its filter prompt, the undo preview and while a pane has the keys. Each is a list
// of choices, longest first; the status line takes the first that fits (StatusBar.tsx).
import type { AppState } from '../src/store/app-store.js';
import type { ApprovalsState } from '../src/store/approval-state.js';
import { visibleStops } from '../src/store/history-mode.js';
import { KEYMAP, keyLabel, type ActionOf, type Binding, type KeyContext } from '../src/keys/keymap.js';

/** The label of `key` as bound to `action` (its first key when none is named); throws when the map binds it otherwise. */
export function keyOf<C extends KeyContext>(context: C, action: ActionOf<C>, key?: string): string {
  const b = (KEYMAP[context] as readonly Binding[]).find((x) => x.action === action);
  const k = key ?? b?.keys[0];
  if (!b || k === undefined || !b.keys.includes(k)) throw new Error(`keymap: ${key ?? 'no key'} is not ${context} ${action}`);
  return keyLabel(k);
}

/** Every key of an action, "y/Enter". */
const keysOf = <C extends KeyContext>(context: C, action: ActionOf<C>) => (KEYMAP[context] as readonly Binding[]).find((x) => x.action === action)!.keys.map(keyLabel).join('/');

const hint = <C extends KeyContext>(context: C, action: ActionOf<C>, what: string, key?: string) => `${keyOf(context, action, key)} ${what}`;

/** Made once, on first use: the key map does not change while the app runs, and the status line draws every frame. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const busyHints = once(() => [
  [hint('input', 'interrupt', 'interrupt'), hint('input', 'submit', 'queue'), hint('input', 'help', 'help')].join(' · '),
  hint('input', 'interrupt', 'interrupt'),
]);
const idleHints = once(() => [
  [hint('input', 'submit', 'send'), hint('input', 'newline', 'newline'), hint('input', 'help', 'help'), hint('input', 'cancel', 'exit')].join(' · '),
  [hint('input', 'submit', 'send'), hint('input', 'help', 'help')].join(' · '),
]);

/** Typing: idle, and while a turn runs. */
export const inputHints = (busy: boolean): string[] => (busy ? busyHints() : idleHints());

export const helpHints = once((): string[] => [hint('help', 'close', 'close help')]);

const approvalHints = once(() => {
  const stop = hint('approval', 'stop', 'stops the turn');
  const digits = `${keyOf('approval', 'yes')}-${keyOf('approval', 'tell')}`;
  return {
    stop,
    typing: `type what the model should do instead · ${hint('approval', 'choose', 'sends it with No, the turn goes on')} · ${stop}`,
    choosing: `${digits} or ${keyOf('approval', 'prev')}${keyOf('approval', 'next')} ${keyOf('approval', 'choose')} choose · ${keyOf('approval', 'scrollUp')}/${keyOf('approval', 'scrollDown')} scroll · ${stop}`,
  };
});

/** A call waiting for the person: its prompt's keys, or choice 4's text field's. */
export function approvalHint(a: Pick<ApprovalsState, 'typing'>): string {
  return a.typing ? approvalHints().typing : approvalHints().choosing;
}

export const askingHints = (a: Pick<ApprovalsState, 'typing'>): string[] => [approvalHint(a), approvalHints().stop];

/** Hint choices joined by "\n" (a string, so a selector can return it), or '' outside these modes. */
export function modeHintText(s: Pick<AppState, 'mode' | 'items' | 'index' | 'childTranscripts' | 'history' | 'shellFocus'>): string {
  if (s.mode === 'shell') {
    const back = keyOf('shell', 'unfocus');
    return [`keys go to the command — ${back} to return`, `keys → command · ${back} returns`].join('\n');
  }
  if (s.mode === 'revert') {
    const scroll = `${keyOf('revert', 'scrollUp')}${keyOf('revert', 'scrollDown')}`;
    return [
      `${keysOf('revert', 'confirm')} put back · ${hint('revert', 'force', 'restore conflicting files too')} · ${scroll} scroll · ${hint('revert', 'cancel', 'change nothing', 'esc')}`,
      `${hint('revert', 'confirm', 'put back')} · ${hint('revert', 'force', 'anyway')} · ${hint('revert', 'cancel', 'cancel', 'esc')}`,
    ].join('\n');
  }
  if (s.mode === 'job') return `JOB · ${keyOf('job', 'type')} type into it · ${keyOf('job', 'kill')} kill · ${keyOf('job', 'back')} back`;
  if (s.mode !== 'history') return '';
  const p = s.history.filterPrompt;
  if (p) return [`filter: ${p.text}▏ ${hint('lineprompt', 'accept', 'keep')} · ${hint('lineprompt', 'dismiss', 'clear')}`, `filter: ${p.text}▏`].join('\n');
  const stops = visibleStops(s);
  const at = stops.findIndex((it) => it.id === s.history.selectedId) + 1;
  const where = `${at}/${stops.length}${s.history.filter ? ` matching “${s.history.filter}”` : ''}`;
  // A task card can be walked into; inside an agent, ← goes back out.
  const selected = stops[at - 1];
  const child = s.history.into.at(-1);
  const nest = [
    ...(selected?.kind === 'tool' && selected.name === 'task' ? [hint('history', 'into', 'into agent')] : []),
    ...(child !== undefined ? [hint('history', 'out', 'out')] : []),
  ].join(' · ');
  const label = child !== undefined ? `HISTORY in ${s.childTranscripts[child]?.name ?? 'agent'}` : 'HISTORY';
  return [...historyHints().map((h) => `${label} ${where} · ${nest ? `${nest} · ` : ''}${h}`), label].join('\n');
}

/** History mode's keys, longest first (after "HISTORY 3/9 · "). */
const historyHints = once(() => {
  const k = <A extends ActionOf<'history'>>(action: A, key?: string) => keyOf('history', action, key);
  const move = `${k('prev')}${k('next')} ${k('prevPrompt')} ${k('nextPrompt')}`;
  const back = hint('history', 'leave', 'back');
  return [
    `${move} ${k('toggle')} expand · ${k('open')} open · ${k('copyOutput')}/${k('copyInput')} copy · ${k('undo')} undo · ${k('rewind')} rewind · ${k('dropResult')}/${k('shrinkResult')}/${k('pinResult')} drop/shrink/pin · ${k('filter')} filter · ${back}`,
    `${move} ${k('toggle')} expand · ${k('open')} open · ${k('copyOutput')}/${k('copyInput')} copy · ${k('undo')} undo · ${k('rewind')} rewind · ${k('filter')} filter · ${back}`,
    `${move} ${k('toggle')} expand · ${k('open')} open · ${k('copyOutput')}/${k('copyInput')} copy · ${k('filter')} filter · ${back}`,
    `${k('prev')}${k('next')} ${k('toggle')} ${k('open')} ${k('copyOutput')}/${k('copyInput')} ${k('filter')} · ${back}`,
    back,
  ];
});
