// The prompt's state changes: editing (with the `/` and `@` completion it implies), walking the
// prompt history, sending and the exit confirmation. Key handlers (src/keys/input-keys.ts)
// decide which one a key means; these are the only writers of the input's state.
import type { ImageBlock } from '../core/conversation.js';
import type { AppState, AppStore, Completion, InputState } from './app-store.js';
import { emptyInput } from './app-store.js';
import { commandRows, completeSlash } from './command-table.js';
import { mentionAt, rankFiles } from '../core/files/file-completion.js';
import { flash } from './view-actions.js';
import { recallPrompt, rememberChips } from './prompt-recall.js';
import { sessionOf } from './agent-session.js';

/** Workspace files for `@` completion (may be empty while they load). */
export type FileList = () => readonly string[];

/** What an edit may change beside the text: the paste chips, the place in the prompt history. */
export type InputExtras = Partial<Pick<AppState, 'pastes' | 'historyPos' | 'historyDraft' | 'historyDraftPastes'>>;

/** The completion the input asks for: slash commands at the start, files and MCP resources after `@`. */
export function completionFor(s: Pick<AppState, 'input' | 'completion' | 'workspace' | 'mcp'>, files: FileList): Completion | null {
  const { text, cursor } = s.input;
  if (text.startsWith('/') && !/\s/.test(text) && cursor === text.length) {
    const options = completeSlash(text, commandRows(s.workspace.commands, s.mcp?.servers ?? []));
    if (options.length === 0 || (options.length === 1 && options[0] === text)) return null;
    return { kind: 'slash', start: 0, options, selected: keepSelected(s.completion, 'slash', options.length) };
  }
  const mention = mentionAt(text, cursor);
  if (mention) {
    const options = rankFiles(mention.query, [...files(), ...mcpResources(s.mcp)]);
    if (options.length === 0) return null;
    return { kind: 'file', start: mention.start, options, selected: keepSelected(s.completion, 'file', options.length) };
  }
  return null;
}

/** MCP resources as `@` completes them: server:uri (the core attaches what such a mention names). */
function mcpResources(mcp: AppState['mcp']): string[] {
  if (!mcp) return [];
  return mcp.servers.flatMap((s) => (s.state.status === 'ready' ? s.resources.map((r) => `${s.name}:${r.uri}`) : []));
}

function keepSelected(prev: Completion | null, kind: Completion['kind'], n: number): number {
  return prev && prev.kind === kind ? Math.min(prev.selected, n - 1) : 0;
}

/** The input becomes `input`; completion follows it, and a armed Ctrl+C exit is disarmed. */
export function editInput(store: AppStore, input: InputState, files: FileList, extra: InputExtras = {}): void {
  const s = store.getState();
  store.setState({ input, completion: completionFor({ input, completion: s.completion, workspace: s.workspace, mcp: s.mcp }, files), exitArmedAt: null, ...extra });
}

/** Tab (or Enter) takes the selected completion into the input. */
export function acceptCompletion(store: AppStore, files: FileList): void {
  const s = store.getState();
  const c = s.completion;
  if (!c) return;
  const choice = c.options[c.selected]!;
  const { text, cursor } = s.input;
  const replacement = c.kind === 'slash' ? choice : `@${choice} `;
  const next = text.slice(0, c.start) + replacement + text.slice(cursor);
  editInput(store, { text: next, cursor: c.start + replacement.length }, files);
  closeCompletion(store);
}

/** ↑/↓ in the completion menu, wrapping around. */
export function moveCompletion(store: AppStore, dir: 1 | -1): void {
  const c = store.getState().completion;
  if (!c) return;
  const n = c.options.length;
  store.setState({ completion: { ...c, selected: (c.selected + (dir < 0 ? n - 1 : 1)) % n } });
}

/**
 * The workspace's file list was read again: while the cursor is in an `@` mention, its menu
 * follows the new list at once (a file made a moment ago appears without another keystroke).
 */
export function filesChanged(store: AppStore, files: FileList): void {
  const s = store.getState();
  if (s.mode !== 'input' || !mentionAt(s.input.text, s.input.cursor)) return;
  store.setState({ completion: completionFor(s, files) });
}

/**
 * The `/` menu follows the lists it offers: custom commands come after the first frame (once the
 * agent is built) and an MCP server's prompts when it is ready, so a `/` typed before they came
 * shows them at once, as another keystroke would; a menu Esc closed is not reopened. Returns the unsubscribe.
 */
export function followSlashCommands(store: AppStore): () => void {
  return store.subscribe((s, prev) => {
    if (s.workspace.commands === prev.workspace.commands && s.mcp === prev.mcp) return;
    if (s.mode !== 'input' || !s.input.text.startsWith('/')) return;
    // A menu Esc closed stays closed: follow an open menu, or open one only when the old lists
    // offered nothing for what is typed (`/rev` typed before the commands came).
    const open = s.completion?.kind === 'slash';
    if (!open && completionFor(prev, () => [])?.kind === 'slash') return;
    const completion = completionFor(s, () => []);
    if (completion?.kind === 'slash' || open) store.setState({ completion });
  });
}

export function closeCompletion(store: AppStore): void {
  if (store.getState().completion) store.setState({ completion: null });
}

/** A slash command was run: the input is empty again. */
export function clearPrompt(store: AppStore): void {
  store.setState({ input: emptyInput(), completion: null, pastes: [] });
}

/**
 * ↑ on the first line (dir -1) / ↓ on the last (dir 1): the previous / next prompt sent, the
 * draft kept aside while walking. False when there is nowhere to go.
 */
export function walkPromptHistory(store: AppStore, dir: -1 | 1, files: FileList): boolean {
  const s = store.getState();
  const h = s.promptHistory;
  if (dir < 0) {
    if (h.length === 0) return false;
    const pos = s.historyPos === null ? h.length - 1 : Math.max(0, s.historyPos - 1);
    const fresh = s.historyPos === null;
    // A prompt sent with a long paste comes back as the same chip, sent whole again.
    const { text, pastes } = recallPrompt(s.recallChips, h[pos]!);
    editInput(store, { text, cursor: text.length }, files, {
      historyPos: pos,
      historyDraft: fresh ? s.input.text : s.historyDraft,
      historyDraftPastes: fresh ? s.pastes : s.historyDraftPastes,
      pastes,
    });
    return true;
  }
  if (s.historyPos === null) return false;
  const pos = s.historyPos + 1;
  const back = pos >= h.length ? { text: s.historyDraft, pastes: s.historyDraftPastes } : recallPrompt(s.recallChips, h[pos]!);
  editInput(store, { text: back.text, cursor: back.text.length }, files, { historyPos: pos >= h.length ? null : pos, pastes: back.pastes });
  return true;
}

/** Sends `prompt` (and `images` after its text) to the agent; `typed`, as the person wrote it, goes into the prompt history. */
export function sendPrompt(store: AppStore, typed: string, prompt: string, images: ImageBlock[] = []): void {
  const s = store.getState();
  // The turn first, then the emptied box: the box changes with the turn (busy), so Enter's frame
  // draws it; emptied first, the frame writer drew the idle box in place a moment before that
  // frame drew it again.
  sessionOf(store).submit(prompt, images);
  store.setState({
    input: emptyInput(),
    pastes: [],
    completion: null,
    promptHistory: [...s.promptHistory, typed],
    recallChips: rememberChips(s.recallChips, typed, s.input.text, s.pastes),
    historyPos: null,
    historyDraft: '',
    historyDraftPastes: [],
    scrollBack: 0,
    newBelow: false,
    exitArmedAt: null,
  });
}

/** A `!command` was started: the input is empty and the line joins the prompt history. */
export function shellLineSent(store: AppStore, command: string): void {
  const s = store.getState();
  store.setState({ input: emptyInput(), pastes: [], completion: null, promptHistory: [...s.promptHistory, `!${command}`], historyPos: null });
}

/** What the person's editor saved (Ctrl+G) is the prompt now, the cursor at its end. */
export function replacePrompt(store: AppStore, text: string): void {
  store.setState({ input: { text, cursor: text.length }, pastes: [], completion: null, historyPos: null });
}

/** Ctrl+C on an empty input: a second press within `windowMs` of `now` exits. */
export function pressExit(store: AppStore, now: number, windowMs: number): void {
  const armed = store.getState().exitArmedAt;
  if (armed !== null && now - armed <= windowMs) return store.terminal.exit();
  store.setState({ exitArmedAt: now });
  flash(store, 'press Ctrl+C again to exit');
}

