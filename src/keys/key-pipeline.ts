// The one way keys come in: stdin chunks → key-decoder.ts → a key press (key-names.ts) → the
// handler of whatever has the keyboard. Handlers form a stack: the app's own at the bottom (by
// the store's mode: the pager's keys too), a focused command pane on top (it takes raw chunks, so its
// pty gets exactly the bytes the terminal sent). Terminal replies never reach a handler; they
// go to `onReply` (the background-colour question waits there).
import type { AppStore } from '../store/app-store.js';
import { createKeyDecoder, type DecodedInput } from './key-decoder.js';
import { keyPressOf, type KeyPress } from './key-names.js';
import { handleHistoryKey, type HistoryEnv } from './history-keys.js';
import { handleHelpKey, handleInputKey, handleTranscriptKey, insertPaste, type KeyEnv } from './input-keys.js';
import { handleMcpKey } from './mcp-keys.js';
import { handleElicitKey } from './elicit-keys.js';
import { handleSecretKey } from './secret-keys.js';
import { handlePlanReviewKey, pasteIntoPlanMessage } from './plan-review-keys.js';
import { typeSecret } from '../store/secret-actions.js';
import { typeIntoMcpLogin } from '../store/mcp-login-actions.js';
import { typeIntoForm } from '../store/elicitation-actions.js';
import { handleListKey, JOBS_PICKER, MODEL_PICKER, pasteIntoList, PROMPT_SEARCH, REWIND_PICKER, SESSION_PICKER, SETUP_LISTS } from './list-picker-keys.js';
import { handleJobKey } from './job-keys.js';
import { handleRevertKey } from './revert-keys.js';
import { handlePagerKey } from './pager-keys.js';
import { handleMemoryKey, handleRememberKey, handleTrustKey } from './workspace-keys.js';

export type KeyTarget =
  /**
   * Decoded key presses and pastes; while `takesRaw()` says so, chunks as read go to `onRaw`
   * instead (the app's keys, while the store's mode gives a pane the keys: shell-keys.ts).
   */
  | { kind: 'keys'; onKey(press: KeyPress): void; onPaste?(text: string): void; takesRaw?(): boolean; onRaw?(chunk: string): void }
  /** Stdin chunks as read (a focused pane). */
  | { kind: 'raw'; onChunk(chunk: string): void };

export interface KeyPipeline {
  /** One chunk read from stdin. */
  feed(chunk: string): void;
  /** Gives `target` the keyboard until the returned function is called. */
  push(target: KeyTarget): () => void;
  /**
   * Holds every key and paste (terminal replies still go to `onReply`) until the returned
   * function is called, then hands them on in the order they came: what is typed while Ctrl+V
   * waits for the terminal's clipboard lands after the pasted chip. Holds nest.
   */
  hold(): () => void;
}

export function createKeyPipeline(opts: { onReply?: (raw: string) => void; schedule?: (fn: () => void) => () => void } = {}): KeyPipeline {
  const stack: KeyTarget[] = [];
  let holds = 0;
  const held: DecodedInput[] = [];
  const deliver = (input: DecodedInput) => {
    if (input.kind === 'reply') return opts.onReply?.(input.raw);
    if (holds > 0) return void held.push(input);
    const top = stack[stack.length - 1];
    if (!top || top.kind !== 'keys') return;
    if (input.kind === 'paste') {
      if (top.onPaste) top.onPaste(input.text);
      else top.onKey({ name: null, text: input.text });
    } else top.onKey(keyPressOf(input.raw));
  };
  const decoder = createKeyDecoder(deliver, opts.schedule);
  // Whether the last chunk went raw: keys still pending in the decoder are delivered first when
  // the app's keys start taking chunks raw (as when a raw target is pushed).
  let wasRaw = false;
  return {
    feed(chunk) {
      const top = stack[stack.length - 1];
      // While held, everything is decoded: the reply being waited for must be told from the keys.
      if (holds > 0) {
        decoder.feed(chunk);
        return;
      }
      if (top?.kind === 'raw') {
        decoder.reset();
        top.onChunk(chunk);
        return;
      }
      if (top?.takesRaw?.()) {
        if (!wasRaw) decoder.flush();
        wasRaw = true;
        decoder.reset();
        top.onRaw?.(chunk);
        return;
      }
      wasRaw = false;
      decoder.feed(chunk);
    },
    push(target) {
      decoder.flush();
      stack.push(target);
      return () => {
        const at = stack.lastIndexOf(target);
        if (at !== -1) stack.splice(at, 1);
      };
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holds > 0) return;
        // Keys a handler holds again while these are handed on wait behind them, in order.
        while (held.length && holds === 0) deliver(held.shift()!);
      };
    },
  };
}

import { handleApprovalKey } from './approval-keys.js';
import { pasteIntoApproval } from './approval-keys.js';
import { isAsking } from '../store/app-store.js';

export interface AppKeyEnv extends KeyEnv {
  history: HistoryEnv;
}

/** The app's own keys, by mode: each mode is a context of the key map. */
export function handleAppKey(store: AppStore, press: KeyPress, env: AppKeyEnv): void {
  const mode = store.getState().mode;
  // Keys typed faster than we read arrive as one run of text ("jjk", 'q' then Ctrl+C). Outside the
  // prompt each character is a key of its own, taken in the mode the one before it left: after
  // a 'q' that closes history mode, the Ctrl+C is the prompt's. The pager takes such a run whole,
  // in its model's queue ("/error⏎nn" acts on the latest state).
  if (press.name === null && mode !== 'input' && mode !== 'pager' && [...press.text].length > 1 && !press.text.includes('\x1b')) {
    for (const ch of press.text) handleAppKey(store, keyPressOf(ch), env);
    return;
  }
  switch (mode) {
    case 'pager': return void handlePagerKey(store, press);
    // A focused command pane takes the keys itself (above this on the stack).
    case 'shell':
      return;
    case 'help': return handleHelpKey(store, press);
    case 'trust': return handleTrustKey(store, press);
    case 'remember': return handleRememberKey(store, press);
    case 'memory': return handleMemoryKey(store, press);
    case 'history': return void handleHistoryKey(store, press, env.history);
    case 'revert': return void handleRevertKey(store, press);
    case 'mcp': return void handleMcpKey(store, press);
    case 'elicit': return handleElicitKey(store, press);
    case 'secret': return handleSecretKey(store, press);
    case 'planReview': return handlePlanReviewKey(store, press);
    case 'picker': return void handleListKey(store, press, SESSION_PICKER);
    case 'rewind': return void handleListKey(store, press, REWIND_PICKER);
    case 'model': return void handleListKey(store, press, MODEL_PICKER);
    case 'prompts': return void handleListKey(store, press, PROMPT_SEARCH);
    case 'jobs': return void handleListKey(store, press, JOBS_PICKER);
    case 'lists': return void handleListKey(store, press, SETUP_LISTS);
    case 'job': return void handleJobKey(store, press);
    case 'input':
      if (isAsking(store.getState())) {
        // The approval prompt's keys first (all of them while choice 4's text field is open), then paging and Shift+Tab.
        if (handleApprovalKey(store, press)) return;
        return void handleTranscriptKey(store, press);
      }
      if (handleTranscriptKey(store, press)) return;
      return handleInputKey(store, press, env);
  }
}

/** A paste goes into the prompt (as before the pipeline: whatever the mode shows). */
export function handleAppPaste(store: AppStore, text: string, env: KeyEnv): void {
  let s = store.getState();
  // A prompt is open and keys came in one chunk ("4" then fast typing): the first is the choice.
  if (isAsking(s) && !s.approvals.typing) {
    if (!/^[1-4]/.test(text)) return;
    handleApprovalKey(store, { name: text[0]!, text: text[0]! });
    s = store.getState();
    text = text.slice(1);
    if (!(isAsking(s) && s.approvals.typing) || text === '') return;
  }
  // Choice 4's text field is open: the text goes there with its lines (a long paste as a chip).
  if (isAsking(s) && s.approvals.typing) return pasteIntoApproval(store, text);
  if (s.mode === 'mcp' && s.mcp?.login) return typeIntoMcpLogin(store, text);
  if (s.mode === 'elicit') return typeIntoForm(store, text);
  // A pasted password goes into the masked field, never into the prompt.
  if (s.mode === 'secret') return typeSecret(store, text);
  if (s.mode === 'planReview') return pasteIntoPlanMessage(store, text);
  if (s.mode === 'picker') return pasteIntoList(store, text, SESSION_PICKER);
  if (s.mode === 'rewind') return pasteIntoList(store, text, REWIND_PICKER);
  if (s.mode === 'model') return pasteIntoList(store, text, MODEL_PICKER);
  if (s.mode === 'prompts') return pasteIntoList(store, text, PROMPT_SEARCH);
  if (s.mode === 'jobs') return pasteIntoList(store, text, JOBS_PICKER);
  if (s.mode === 'lists') return pasteIntoList(store, text, SETUP_LISTS);
  // A paste into the pager is typed (its search line takes it).
  if (s.mode === 'pager') return void handlePagerKey(store, { name: null, text });
  insertPaste(store, text, env);
}
