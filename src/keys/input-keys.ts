// What each key does to the prompt, the transcript scroll and the turn. Plain functions of
// the store (no React), so keystrokes always act on the latest state, however fast they come.
import { togglePlanPanel } from '../store/plan-actions.js';
import type { AppStore, InputState } from '../store/app-store.js';
import { emptyInput, isBusy, viewRows } from '../store/app-store.js';
import {
  acceptCompletion, clearPrompt, closeCompletion, editInput, moveCompletion, pressExit, replacePrompt, sendPrompt, shellLineSent, walkPromptHistory,
  type InputExtras,
} from '../store/input-actions.js';
import type { ClipboardContent } from '../store/clipboard-content.js';
import { addNotice, clearFlash, closeHelp, flash, followBottom, openHelp, redrawAll, scrollHelp, scrollTranscript } from '../store/view-actions.js';
import * as edit from './line-editor.js';
import { actionFor, isLineAction } from './keymap.js';
import type { KeyPress } from './key-names.js';
import { chipLabel, expandChips, wantsChip } from './paste.js';
import type { ImageMeta } from '../core/conversation.js';
import { mentionedImages, pastedImagePath } from '../core/images/prompt-images.js';
import { chipImageFiles, imageChip, sendWithImages } from '../store/image-chips.js';
import { enterHistory, focusShell } from '../store/history-mode.js';
import { withJobActions } from '../store/job-actions-loader.js';
import { cyclePermissionMode } from '../store/approval-actions.js';
import { toggleThinking } from '../store/thinking-actions.js';
import { openPromptSearch } from '../store/prompt-search.js';
import { findCommand, findMcpPrompt } from '../store/command-table.js';
import { expandCustomCommand, matchCustomCommand } from '../core/commands/custom-commands.js';
import { memoryLine } from '../core/memory/memory-lines.js';
import { holdForCommands, offerMemoryLine } from '../store/workspace-actions.js';
import { sessionOf } from '../store/agent-session.js';
import { openPager } from './pager-open.js';

export const EXIT_CONFIRM_MS = 2000;
export const WHEEL_LINES = 3;

export interface KeyEnv {
  /** Workspace files for `@` completion (may be empty while they load). */
  files(): readonly string[];
  now(): number;
  /** Where pasted paths and @name.png resolve; the process's directory when absent. */
  workspaceRoot?: string;
  /** Holds the keys typed from now until the returned function is called (the key pipeline's hold). */
  holdKeys?(): () => void;
}

const defaultEnv: KeyEnv = { files: () => [], now: Date.now };
const rootOf = (env: KeyEnv) => env.workspaceRoot ?? process.cwd();

function setInput(store: AppStore, input: InputState, env: KeyEnv, extra: InputExtras = {}): void {
  editInput(store, input, env.files, extra);
}

export function insertPaste(store: AppStore, text: string, env: KeyEnv = defaultEnv): void {
  const s = store.getState();
  // A pasted (or dropped) image file becomes its chip; the file is read again when the prompt is sent.
  const file = pastedImagePath(text, rootOf(env));
  const image = file ? store.door.send({ type: 'imageMeta', file }) : null;
  if (image) return insertImageChip(store, image, env);
  if (!wantsChip(text)) {
    setInput(store, edit.insertText(s.input, text), env);
    return;
  }
  // A recalled prompt brings its own chips: the new label must not repeat one of theirs.
  let seq = s.pastes.length + 1;
  while (s.pastes.some((p) => p.label === chipLabel(text, seq))) seq++;
  const label = chipLabel(text, seq);
  setInput(store, edit.insertText(s.input, label), env, { pastes: [...s.pastes, { label, text }] });
}

/** An image chip at the cursor (a pasted path, Ctrl+V's image), a space after it. */
export function insertImageChip(store: AppStore, image: ImageMeta, env: KeyEnv = defaultEnv): void {
  const s = store.getState();
  const chip = imageChip(s.pastes, image);
  setInput(store, edit.insertText(s.input, `${chip.label} `), env, { pastes: [...s.pastes, chip] });
}

/**
 * Ctrl+V: the clipboard's image as a chip, else its text as a paste; why not, on the status line.
 * Keys typed while the clipboard is read (up to 3 s while the terminal asks the person) are held
 * and come after what was pasted, in order.
 */
async function pasteClipboard(store: AppStore, env: KeyEnv): Promise<void> {
  const release = env.holdKeys?.();
  // A read that takes a moment (the terminal asking the person) says why the typed keys wait.
  const slow = setTimeout(() => flash(store, READING_CLIPBOARD), READING_SAID_AFTER_MS);
  try {
    await insertClipboard(store, env);
  } finally {
    clearTimeout(slow);
    clearFlash(store, READING_CLIPBOARD);
    release?.();
  }
}

export const READING_CLIPBOARD = 'reading the clipboard… (the terminal may ask you to allow it)';
const READING_SAID_AFTER_MS = 250;

async function insertClipboard(store: AppStore, env: KeyEnv): Promise<void> {
  const got = await store.terminal.readClipboard().catch((err: Error): ClipboardContent => ({ kind: 'none', reason: `nothing pasted: ${err.message}` }));
  if (got.kind === 'none') {
    if (got.detail) addNotice(store, got.detail);
    return flash(store, got.reason);
  }
  if (got.kind === 'text') return insertPaste(store, got.text.replace(/\r\n?/g, '\n'), env);
  const image = store.door.send({ type: 'imageMeta', file: got.file });
  if (!image) return flash(store, 'the clipboard image is not a PNG, JPEG, GIF or WebP this can send');
  insertImageChip(store, { ...image, name: 'clipboard image' }, env);
}

/** What follows the command's name. */
const argsOf = (text: string) => text.trim().replace(/^\S+\s*/, '');

function runCommand(store: AppStore, text: string): void {
  const cmd = findCommand(text);
  clearPrompt(store);
  if (!cmd) flash(store, `unknown command ${text.trim().split(/\s+/)[0]} — try /help`);
  else cmd.run(store, argsOf(text), { openPager: (subject) => openPager(store, subject) });
}

function runShellLine(store: AppStore, command: string): void {
  if (!sessionOf(store).shell(command)) return flash(store, 'a command runs after the turn ends (or when the agent has started)');
  shellLineSent(store, command);
}

/** Ctrl+G: the prompt (its paste chips expanded) in the person's editor; what was saved comes back as the prompt. */
export async function editPromptInEditor(store: AppStore): Promise<void> {
  const s = store.getState();
  const outcome = await store.terminal.editText(expandChips(s.input.text, s.pastes));
  if ('error' in outcome) return flash(store, outcome.error);
  replacePrompt(store, outcome.text);
}

export function submit(store: AppStore, env: KeyEnv = defaultEnv): void {
  const s = store.getState();
  const text = s.input.text;
  if (text.trim() === '') return;
  if (text.startsWith('/') && findCommand(text) !== undefined) return runCommand(store, text);
  // A `/word` before the command files came may be one of them: it waits in the prompt, then goes again.
  if (!s.workspace.commandsLoaded && /^\/[\w-]+(\s|$)/.test(text)) {
    return holdForCommands(store, () => {
      if (store.getState().input.text === text) submit(store, env);
    });
  }
  const custom = text.startsWith('/') ? matchCustomCommand({ commands: s.workspace.commands, notices: [] }, text) : undefined;
  // An MCP prompt goes to the core as typed: the server's prompt replaces it there.
  const mcpPrompt = custom ? undefined : findMcpPrompt(text, s.mcp?.servers ?? []);
  if (!custom && !mcpPrompt && /^\/[\w-]+$/.test(text.trim())) return runCommand(store, text);
  // `!command` at the start of the prompt: run at once, its output going with the next prompt.
  if (text.startsWith('!') && text.slice(1).trim() !== '') return runShellLine(store, text.slice(1).trim());
  const remembered = custom ? undefined : memoryLine(text);
  if (remembered !== undefined) return offerMemoryLine(store, remembered, text);
  const typed = expandChips(text, s.pastes);
  const prompt = custom ? expandCustomCommand(custom.command, expandChips(custom.args, s.pastes)) : typed;
  const files = chipImageFiles(text, s.pastes);
  if (files.length === 0 && mentionedImages(prompt).length === 0) return sendPrompt(store, typed, prompt);
  void sendWithImages(store, files, rootOf(env), (images) => sendPrompt(store, typed, prompt, images), prompt);
}

/** Transcript keys that work while typing. Returns true when the key was used. */
export function handleTranscriptKey(store: AppStore, press: KeyPress): boolean {
  const page = Math.max(1, viewRows(store) - 1);
  switch (actionFor('transcript', press.name)) {
    case 'pageUp': scrollTranscript(store, page); return true;
    case 'pageDown': scrollTranscript(store, -page); return true;
    case 'lineUp': scrollTranscript(store, 1); return true;
    case 'lineDown': scrollTranscript(store, -1); return true;
    case 'bottom': followBottom(store); return true;
    case 'wheelUp': scrollTranscript(store, WHEEL_LINES); return true;
    case 'wheelDown': scrollTranscript(store, -WHEEL_LINES); return true;
    case 'history': enterHistory(store); return true;
    case 'focusShell': focusShell(store); return true;
    case 'background': void withJobActions((jobs) => jobs.backgroundCommand(store)); return true;
    case 'cycleMode': cyclePermissionMode(store); return true;
    case 'thinking': toggleThinking(store); return true;
    case 'planPanel': togglePlanPanel(store); return true;
    case 'suspend': store.terminal.suspend(); return true;
    case 'redraw':
      // Cached rows are made again too, then the screen is cleared and the frame drawn whole.
      redrawAll(store);
      store.terminal.redraw();
      return true;
    default: return false;
  }
}

function pressEnter(store: AppStore, env: KeyEnv): void {
  const s = store.getState();
  const c = s.completion;
  if (c) {
    acceptCompletion(store, env.files);
    if (c.kind === 'slash') submit(store, env);
    return;
  }
  const { text, cursor } = s.input;
  // A trailing backslash continues the prompt on a new line (terminals without Shift+Enter).
  if (cursor > 0 && text[cursor - 1] === '\\') {
    setInput(store, { text: text.slice(0, cursor - 1) + '\n' + text.slice(cursor), cursor }, env);
    return;
  }
  submit(store, env);
}

/** Keys in the prompt input. */
export function handleInputKey(store: AppStore, press: KeyPress, env: KeyEnv = defaultEnv): void {
  const s = store.getState();
  const action = actionFor('input', press.name);
  const c = s.completion;
  const choice = c ? actionFor('completion', press.name) : undefined;
  if (c && choice) return moveCompletion(store, choice === 'prev' ? -1 : 1);
  if (action === 'deleteWord' || action === 'backspace') return deleteChipOr(store, env, (line) => edit.applyLineAction(line, action));
  if (isLineAction(action)) return setInput(store, edit.applyLineAction(s.input, action), env);
  switch (action) {
    case 'submit': return pressEnter(store, env);
    case 'newline': return setInput(store, edit.insertText(s.input, '\n'), env);
    case 'complete': if (c) acceptCompletion(store, env.files); return;
    case 'editor': return void editPromptInEditor(store);
    case 'paste': return void pasteClipboard(store, env);
    case 'historySearch': return openPromptSearch(store);
    case 'interrupt':
      if (c) closeCompletion(store);
      else if (isBusy(s)) sessionOf(store).interrupt();
      else if (s.input.text === '') enterHistory(store);
      return;
    case 'cancel': {
      if (isBusy(s)) {
        sessionOf(store).interrupt();
        return;
      }
      if (s.input.text !== '') {
        setInput(store, emptyInput(), env, { pastes: [], historyPos: null });
        return;
      }
      return pressExit(store, env.now(), EXIT_CONFIRM_MS);
    }
    case 'exit': if (s.input.text === '') store.terminal.exit(); return;
    case 'historyPrev':
      if (edit.onFirstLine(s.input) && walkPromptHistory(store, -1, env.files)) return;
      return setInput(store, edit.moveLine(s.input, -1), env);
    case 'historyNext':
      if (edit.onLastLine(s.input) && walkPromptHistory(store, 1, env.files)) return;
      return setInput(store, edit.moveLine(s.input, 1), env);
    case 'help':
      if (s.input.text === '') return openHelp(store);
      break;
  }
  // Text and Enter typed ahead arrive in one read ("ls\r"; "ls\n" when typed before raw mode
  // was on): type the text, then press Enter.
  const typedAhead = /^([^\x00-\x1f\x7f]+)(?:\r|\n)$/.exec(press.text);
  if (typedAhead) {
    setInput(store, edit.insertText(s.input, typedAhead[1]!), env);
    return pressEnter(store, env);
  }
  if (press.name?.startsWith('unknown:') || press.name === 'mouse') return;
  // Control keys that arrive together in one read (Ctrl+C twice, Ctrl+E then Ctrl+J, a held
  // Backspace) are pressed one by one.
  if (/^[\x01-\x1a\x7f]{2,}$/.test(press.text)) {
    for (const ch of press.text) handleInputKey(store, { name: ch === '\x7f' ? 'backspace' : controlKeyName(ch), text: '' }, env);
    return;
  }
  // Backspace or another editing key in the same read as text ("\x7flook"): text runs are typed
  // and the keys pressed, in order. Line breaks stay text, so a paste remains one prompt.
  if (!press.text.includes('\x1b') && /[\x01-\x08\x0b\x0c\x0e-\x1a\x7f]/.test(press.text) && /[^\x00-\x1f\x7f]/.test(press.text)) {
    for (const part of press.text.match(/[\x01-\x08\x0b\x0c\x0e-\x1a\x7f]|[^\x01-\x08\x0b\x0c\x0e-\x1a\x7f]+/g) ?? []) {
      const key = part === '\x7f' || part === '\x08' ? 'backspace' : part.length === 1 && part < ' ' && !'\r\n\t'.includes(part) ? controlKeyName(part) : null;
      handleInputKey(store, key ? { name: key, text: '' } : { name: part.length === 1 ? part : null, text: part }, env);
    }
    return;
  }
  if (press.text !== '' && !press.text.includes('\x1b')) {
    // Text typed in one chunk with line breaks (no bracketed paste) still stays one prompt;
    // other control characters are never part of a prompt.
    const text = press.text.replace(/\r\n?/g, '\n').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    if (text === '') return;
    if (text.includes('\n')) return insertPaste(store, text, env);
    setInput(store, edit.insertText(s.input, text), env);
  }
}

function controlKeyName(ch: string): string {
  if (ch === '\r') return 'enter';
  if (ch === '\t') return 'tab';
  return `ctrl+${String.fromCharCode(ch.charCodeAt(0) + 96)}`;
}

/** A paste chip right before the cursor goes whole: half a label would be sent as text. */
function deleteChipOr(store: AppStore, env: KeyEnv, fallback: (s: InputState) => InputState): void {
  const s = store.getState();
  const before = s.input.text.slice(0, s.input.cursor);
  const chip = s.pastes.find((p) => before.endsWith(p.label));
  if (!chip) return setInput(store, fallback(s.input), env);
  const start = s.input.cursor - chip.label.length;
  const text = s.input.text.slice(0, start) + s.input.text.slice(s.input.cursor);
  setInput(store, { text, cursor: start }, env, { pastes: s.pastes.filter((p) => p !== chip) });
}

/** Keys while the help overlay is open (the key map's help context). */
export function handleHelpKey(store: AppStore, press: KeyPress): void {
  const page = Math.max(1, viewRows(store) - 1);
  const scroll = (d: number) => scrollHelp(store, d);
  switch (actionFor('help', press.name)) {
    case 'close': return closeHelp(store);
    case 'lineDown': return scroll(1);
    case 'lineUp': return scroll(-1);
    case 'pageDown': return scroll(page);
    case 'pageUp': return scroll(-page);
  }
}
