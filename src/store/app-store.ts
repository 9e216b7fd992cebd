// The app's one store (zustand vanilla, so it runs without React): transcript, turn state,
// input, scroll and mode. Core events reach it only through event-binding.ts.
import type { ClipboardContent } from './clipboard-content.js';
import type { RecalledPrompt } from './prompt-recall.js';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyUsage, type Usage } from '../core/conversation.js';
import type { CopyReport } from './copy-report.js';
import type { SafeText } from '../core/text/safe-text.js';
import type { ChildTranscripts, TranscriptItem } from './transcript.js';
import type { ElicitationForm } from './elicitation-state.js';
import type { SecretPrompt } from './secret-state.js';
import { emptyPlanPanel, type PlanPanel, type PlanReviewPrompt } from './plan-state.js';
import type { McpViewState } from './mcp-state.js';
import type { AgentDoor } from '../core/door/requests.js';
import { closedDoor } from '../core/door/closed-door.js';
import type { ModelPickerState, PickerState, PromptSearchState, RewindPickerState } from './list-picker.js';
import type { JobsState } from './jobs-state.js';
import type { SetupListState } from './setup-list-state.js';
import type { Mode } from './mode.js';
import type { PagerSlot } from './pager-state.js';
import type { RevertDialog } from './revert-state.js';
import { emptyHistory, type HistoryState } from './history-state.js';
import { emptyWorkspaceInfo, type WorkspaceInfo } from './workspace-state.js';
import { emptyApprovals, type ApprovalsState, type PermissionModeState } from './approval-state.js';

/** idle, or what the current turn is doing right now. */
export type Phase = 'idle' | 'waiting' | 'thinking' | 'responding' | 'tools';

export type { Mode } from './mode.js';

export interface Completion {
  kind: 'slash' | 'file';
  /** Where the completed token starts in the input text. */
  start: number;
  options: string[];
  selected: number;
}

/** The prompt being typed: its text and the cursor (src/keys/line-editor.ts edits it). */
export interface InputState { text: string; cursor: number }

export const emptyInput = (): InputState => ({ text: '', cursor: 0 });

export interface PastedChunk { label: string; text: string }

/** What the UI asks of the terminal it runs in (src/app fills it in). */
export interface TerminalPort {
  exit(): void;
  /** Turns the terminal's mouse reporting on or off (off by default: selection keeps working). */
  setMouse(on: boolean): void;
  /** Puts text on the person's clipboard (history mode's y/Y, the pager's y). */
  copy(text: string): Promise<CopyReport>;
  /** Clears the screen and draws the last frame again, whole (Ctrl+L). */
  redraw(): void;
  /** The text edited in the person's editor (Ctrl+G), or why not; the terminal is the editor's meanwhile. */
  editText(text: string): Promise<{ text: string } | { error: string }>;
  /** Stops inkling as a shell's Ctrl+Z does; `fg` brings it back with the screen drawn again. */
  suspend(): void;
  /** Ctrl+V: the clipboard's image (saved as a file) or text. */
  readClipboard(): Promise<ClipboardContent>;
}

export interface AppState {
  items: TranscriptItem[];
  /** id → index into items. */
  index: Record<string, number>;
  /** Tool calls queued or running, in the order the model asked for them. */
  activeToolIds: string[];
  /** Child agents' transcripts by the id of the task call running each (history mode's →). */
  childTranscripts: ChildTranscripts;
  phase: Phase;
  turnStartedAt: number | null;
  turns: number;
  /** Tool calls since the session started (/clear empties items, not this). */
  toolCalls: number;
  retry: { attempt: number; until: number; status?: number; reason: string } | null;
  turnUsage: Usage;
  sessionUsage: Usage;
  /** Of sessionUsage, child agents' requests whose model has a price, and their cost at it (child-agents.ts). */
  childPriced: { usage: Usage; cost: number };
  /** Tokens the last request sent (input + cache): how full the context window is. */
  contextTokens: number;
  /** The window the meter measures against (the setting, else the catalog's); undefined until the agent says. */
  contextWindow?: number | null;

  input: InputState;
  pastes: PastedChunk[];
  promptHistory: string[];
  /** Position while walking promptHistory with ↑/↓; null when editing a fresh prompt. */
  historyPos: number | null;
  historyDraft: string;
  /** The draft's own paste chips, back with it after walking the history. */
  historyDraftPastes: PastedChunk[];
  /** Sent prompts that held paste chips, so ↑ brings them back as chips (prompt-recall.ts). */
  recallChips: Readonly<Record<string, RecalledPrompt>>;
  queued: string[];
  completion: Completion | null;

  /** Lines scrolled up from the bottom; 0 follows new output. */
  scrollBack: number;
  /** Something arrived below while scrolled up. */
  newBelow: boolean;

  mode: Mode;
  /** Mouse reporting is on (the /mouse command). */
  mouse: boolean;
  /** First row shown in the help overlay. */
  helpScroll: number;
  /** Increments while something animates (ticker.ts); drives every spinner. */
  frame: number;
  /** Bumped when lazily loaded renderers (markdown) arrive, so cached lines are redrawn. */
  renderEpoch: number;
  size: { cols: number; rows: number };
  /** When Ctrl+C was pressed on an empty input (a second press within 2 s exits). */
  exitArmedAt: number | null;
  /** A short message for the status line (e.g. "press Ctrl+C again to exit"). */
  flash: { text: string; at: number } | null;

  /** History mode's selection and filter (history-mode.ts). */
  history: HistoryState;
  /** Calls (and thinking runs) expanded in place; kept for the whole session. */
  expanded: Record<string, true>;
  /** The bash call whose pane has the keyboard (Ctrl+T), and the mode to return to. */
  shellFocus: { id: string; returnTo: Mode } | null;
  /** The open pager: a stop's whole output or a text (/diff), and its model (mode 'pager'; pager-slot.ts). */
  pager: PagerSlot | null;
  /** Undo of a call or rewind to a prompt, being previewed or done (mode 'revert'). */
  revert: RevertDialog | null;
  /** The session picker (mode 'picker'). */
  picker: PickerState | null;
  /** The /rewind picker of the session's prompts (mode 'rewind'). */
  rewindPicker: RewindPickerState | null;
  /** Trust question, memory files, custom commands (workspace-state.ts). */
  workspace: WorkspaceInfo;
  /** The MCP servers as /mcp and the header show them; null when none are configured. */
  mcp: McpViewState | null;
  /** MCP servers' forms (elicitation), the first one shown; empty when none asks. */
  forms: ElicitationForm[];
  /** Commands' programs waiting for a secret or a yes/no (mode 'secret'), the first one shown. */
  secrets: SecretPrompt[];
  /** The plan panel above the prompt (the core's latest plan_update), and exit_plan_mode's card (mode 'planReview'). */
  plan: PlanPanel;
  planReview: PlanReviewPrompt | null;
  /** Calls waiting for approval and the prompt's choice (approval-state.ts). */
  approvals: ApprovalsState;
  permission: PermissionModeState;
  /** The thinking budget of the next requests (Alt+T); null: off. */
  thinkingBudget: number | null;
  /** The /model picker while open (mode 'model'). */
  modelPicker: ModelPickerState | null;
  /** Ctrl+R's search of the prompt history (mode 'prompts'). */
  promptSearch: PromptSearchState | null;
  /** Background jobs: their list, screens, /jobs picker and job view (jobs-state.ts). */
  jobs: JobsState;
  /** /skills, /hooks or /permissions on the picker (mode 'lists'). */
  setupList: SetupListState | null;
}

/** Where the history selection sat in the last settled view: output arriving below must not move it. */
export interface ViewAnchor { id: string; below: number }

/**
 * How the screen lays out this state (components/screen-layout.ts draws it). The store's scroll
 * and paging actions measure with it; nothing is written back by a render.
 */
export interface ScreenLayout {
  /** Rows of the main view (transcript, help, dialogs) for this state and its terminal size. */
  mainRows(s: AppState): number;
  /** Rows of the help overlay's text at this width (its scroll stops at the end). */
  helpRows(s: AppState): number;
  /** Rows an item takes in the transcript as drawn now (history mode's PgUp/PgDn). */
  itemRows(s: AppState, item: TranscriptItem): number;
  /** The scroll for this state: clamped to what exists, the selection kept in view, and held still while output arrives below it. */
  settleScroll(s: AppState, anchor: ViewAnchor | null): { scrollBack: number; anchor: ViewAnchor | null };
  /** The waiting call's preview in its card: all its rows, and how many its window shows (PgUp/PgDn). */
  approvalPreview?(s: AppState): { total: number; window: number };
  /** The selected expanded card's output: all its rows and how many its window shows (PgUp/PgDn). */
  expandedOutput?(s: AppState): { total: number; window: number } | null;
}

/** Without a screen (store tests, -p): a view of the terminal's height less the chrome, one row per item, no clamping. */
const bareLayout: ScreenLayout = {
  mainRows: (s) => Math.max(1, s.size.rows - 14),
  itemRows: () => 1,
  helpRows: () => Number.MAX_SAFE_INTEGER,
  settleScroll: (s) => ({ scrollBack: s.scrollBack, anchor: null }),
};

export type AppStore = StoreApi<AppState> & {
  /** The screen's layout (a port): scroll and paging actions measure with it. */
  readonly layout: ScreenLayout;
  /** The one way to the core (a port, not state): every request the UI makes of the agent. */
  readonly door: AgentDoor;
  /** The terminal and the clipboard (a port). */
  readonly terminal: TerminalPort;
};

/** What the store needs from outside, given when it is created. */
export interface StorePorts {
  layout?: ScreenLayout;
  /** Without one (store tests): a door with no agent behind it. */
  door?: AgentDoor;
  /** Missing members do nothing (or say they cannot). */
  terminal?: Partial<TerminalPort>;
}

const noTerminal: TerminalPort = {
  exit: () => {},
  setMouse: () => {},
  copy: async () => {
    throw new Error('no clipboard');
  },
  redraw: () => {},
  editText: async () => ({ error: 'no editor here' }),
  suspend: () => {},
  readClipboard: async () => ({ kind: 'none', reason: 'nothing to paste: no clipboard' }),
};

export function initialState(): AppState {
  return {
    items: [],
    index: {},
    activeToolIds: [],
    childTranscripts: {},
    phase: 'idle',
    turnStartedAt: null,
    turns: 0,
    toolCalls: 0,
    retry: null,
    turnUsage: emptyUsage(),
    sessionUsage: emptyUsage(),
    childPriced: { usage: emptyUsage(), cost: 0 },
    contextTokens: 0,
    input: emptyInput(),
    pastes: [],
    promptHistory: [],
    historyPos: null,
    historyDraft: '',
    historyDraftPastes: [],
    recallChips: {},
    queued: [],
    completion: null,
    scrollBack: 0,
    newBelow: false,
    mode: 'input',
    mouse: false,
    helpScroll: 0,
    frame: 0,
    renderEpoch: 0,
    size: { cols: 80, rows: 24 },
    exitArmedAt: null,
    flash: null,
    history: emptyHistory(),
    expanded: {},
    shellFocus: null,
    pager: null,
    revert: null,
    picker: null,
    rewindPicker: null,
    workspace: emptyWorkspaceInfo(),
    mcp: null,
    forms: [],
    secrets: [],
    plan: emptyPlanPanel(),
    planReview: null,
    approvals: emptyApprovals(),
    permission: { mode: null, cycle: [], bell: false },
    thinkingBudget: null,
    modelPicker: null,
    promptSearch: null,
    setupList: null,
    jobs: { list: [], screens: {}, picker: null, view: null },
  };
}

/** Changes after which the view's scroll is settled again (not frame ticks, usage or the status line). */
const LAYOUT_INPUTS = ['items', 'size', 'mode', 'history', 'expanded', 'shellFocus', 'scrollBack', 'renderEpoch', 'input', 'completion', 'queued', 'approvals', 'workspace'] as const;

export function createAppStore(overrides: Partial<AppState> = {}, ports: StorePorts = {}): AppStore {
  const layout = ports.layout ?? bareLayout;
  const base = createStore<AppState>()(() => ({ ...initialState(), ...overrides }));
  const door = ports.door ?? closedDoor();
  const store: AppStore = Object.assign(base, { layout, door, terminal: { ...noTerminal, ...ports.terminal } });
  // The scroll follows from the state and the layout: clamped to the transcript, the history
  // selection kept in view, "new below" cleared at the bottom. Subscribed first, so every other
  // listener sees the settled state.
  let anchor: ViewAnchor | null = null;
  let settling = false;
  store.subscribe((s, prev) => {
    if (settling || !LAYOUT_INPUTS.some((k) => s[k] !== prev[k])) return;
    settling = true;
    try {
      const next = layout.settleScroll(s, anchor);
      anchor = next.anchor;
      const patch: Partial<AppState> = {};
      if (next.scrollBack !== s.scrollBack) patch.scrollBack = next.scrollBack;
      if (next.scrollBack === 0 && s.newBelow) patch.newBelow = false;
      if (Object.keys(patch).length > 0) store.setState(patch);
    } finally {
      settling = false;
    }
  });
  return store;
}

/** Rows of the main view now (paging sizes). */
export function viewRows(store: AppStore): number {
  return store.layout.mainRows(store.getState());
}

/** The approval prompt has the keyboard: a call waits and nothing else (help, history, pager) is open. */
export function isAsking(state: Pick<AppState, 'mode' | 'approvals'>): boolean {
  return state.mode === 'input' && state.approvals.queue.length > 0;
}

export function isBusy(state: AppState): boolean {
  return state.phase !== 'idle';
}
