// Named actions for the workspace information and its prompts (state: workspace-state.ts):
// the trust prompt's answer, memory and commands arriving, /memory, and where a `#` line goes.
// Answers leave through the door.
import type { IgnoredSetting } from '../core/config/tighten.js';
import type { CustomCommand } from '../core/commands/custom-commands.js';
import type { MemoryLineTarget } from '../core/memory/memory-lines.js';
import type { MemoryFile } from '../core/memory/project-memory.js';
import type { RunFacts } from '../core/startup-info.js';
import type { AppState, AppStore } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { emptyInput } from './app-store.js';
import { flash } from './view-actions.js';
import type { WorkspaceInfo } from './workspace-state.js';

function patch(store: AppStore, change: Partial<WorkspaceInfo>, extra: Partial<AppState> = {}): void {
  store.setState((s) => ({ workspace: { ...s.workspace, ...change }, ...extra }));
}

/** Lines to show once in the transcript (settings problems, command clashes). */
export function showNotices(store: AppStore, lines: readonly string[]): void {
  if (lines.length === 0) return;
  store.setState((s) => applyEvents(s, lines.map((message) => ({ type: 'notice' as const, message })), Date.now()));
}

export function askTrust(store: AppStore, question: { workspaceRoot: string; wouldSet: IgnoredSetting[] }): void {
  patch(store, { trust: { ...question } }, { mode: 'trust' });
}

export function answerTrust(store: AppStore, trust: boolean): void {
  const s = store.getState();
  const q = s.workspace.trust;
  if (!q) return;
  store.door.send({ type: 'answerTrust', trust });
  patch(store, { trust: null }, { mode: 'input' });
  showNotices(store, [
    trust
      ? `trusted ${q.workspaceRoot}: its settings apply (remembered in trust.json; "inkling config trust --revoke" forgets it)`
      : 'not trusted: the workspace files only tighten settings this time (you will be asked again next start)',
  ]);
}

export function memoryLoaded(store: AppStore, memory: MemoryFile[], targets: MemoryLineTarget[]): void {
  patch(store, { memory, memoryTargets: targets, memoryLoaded: true });
}

/** The start-up probe answered: the header says "sandboxed" or why not. */
export function sandboxKnown(store: AppStore, label: string): void {
  patch(store, { sandbox: label });
}

export function factsKnown(store: AppStore, facts: RunFacts): void {
  patch(store, { facts }, { thinkingBudget: facts.thinkingBudget ?? null });
}

/** The command files will come later (the interactive start): a `/word` sent before then waits. */
export function awaitCommands(store: AppStore): void {
  patch(store, { commandsLoaded: false });
}

// A `/word` sent before the commands came, per store: submitted again once they are here.
const held = new WeakMap<AppStore, () => void>();

/** Enter on a `/word` that may be a custom command not loaded yet: the prompt keeps it until they come. */
export function holdForCommands(store: AppStore, resubmit: () => void): void {
  held.set(store, resubmit);
  flash(store, 'loading commands…');
}

export function commandsLoaded(store: AppStore, commands: CustomCommand[]): void {
  patch(store, { commands, commandsLoaded: true });
  const resubmit = held.get(store);
  held.delete(store);
  resubmit?.();
}

export function openMemory(store: AppStore): void {
  patch(store, { memoryScroll: 0 }, { mode: 'memory', input: emptyInput(), completion: null });
}

export function scrollMemory(store: AppStore, delta: number): void {
  patch(store, { memoryScroll: Math.max(0, store.getState().workspace.memoryScroll + delta) });
}

export function closeMemory(store: AppStore): void {
  store.setState({ mode: 'input' });
}

/** A `#` line was sent: ask which memory file it goes to. */
export function offerMemoryLine(store: AppStore, line: string, typed: string): void {
  const s = store.getState();
  const targets = s.workspace.memoryTargets;
  if (targets.length === 0) {
    store.setState({ flash: { text: 'memory files are still loading — try again in a moment', at: Date.now() } });
    return;
  }
  patch(store, { remember: { line, typed, targets, selected: 0 } }, { mode: 'remember', input: emptyInput(), completion: null });
}

export function moveMemoryChoice(store: AppStore, delta: number): void {
  const r = store.getState().workspace.remember;
  if (!r) return;
  const n = r.targets.length;
  patch(store, { remember: { ...r, selected: (r.selected + delta + n) % n } });
}

/** Enter on a target (or its number): the line goes to that file. Esc: nothing is written. */
export function chooseMemoryTarget(store: AppStore, index: number | null): void {
  const s = store.getState();
  const r = s.workspace.remember;
  if (!r) return;
  patch(store, { remember: null }, { mode: 'input' });
  if (index === null) {
    store.setState({ input: { text: r.typed, cursor: r.typed.length }, flash: { text: 'not saved to memory', at: Date.now() } });
    return;
  }
  const target = r.targets[index];
  if (!target) return;
  void store.door.send({ type: 'rememberLine', target, line: r.line }).then(
    (message) => showNotices(store, [message]),
    (err: unknown) => showNotices(store, [`could not save to ${target.label}: ${err instanceof Error ? err.message : String(err)}`]),
  );
}

export function modelLabelChecked(store: AppStore, label: string): void {
  patch(store, { modelLabel: label });
}
