// What the interactive start loads after the first frame reaches the store through the door
// (`startup` and `mcp` events, core/door/); what is left here: leaving before the trust question
// is answered, the prompt given on the command line, and saving a `#` line (and reading the memory files again after it and /init).
import type { StartupInfo } from '../core/startup-info.js';
import type { MemoryLineTarget } from '../core/memory/memory-lines.js';
import type { AppStore } from '../store/app-store.js';
import { commandsLoaded, memoryLoaded } from '../store/workspace-actions.js';
import { replacePrompt } from '../store/input-actions.js';
import { submit } from '../keys/input-keys.js';

/**
 * `leaving()`: the person is leaving before answering the trust question (or before it came):
 * the answer is no, so the agent, which waits for it, starts and can be disposed of.
 */
export function connectStartup(store: AppStore, startup: StartupInfo): { leaving(): void } {
  // Commands that fail to load are none: a `/word` waiting for them is then unknown, not stuck.
  void startup.customCommands.catch(() => commandsLoaded(store, []));
  // The prompt from the command line goes as if typed and sent with Enter (a custom command expands).
  if (startup.initialPrompt !== undefined && startup.initialPrompt.trim() !== '') {
    replacePrompt(store, startup.initialPrompt);
    submit(store);
  }
  let left = false;
  let question: { answer(trust: boolean): void } | null = null;
  void startup.trust.then((q) => {
    question = q;
    if (left) q?.answer(false);
  }, () => {});
  return {
    leaving() {
      left = true;
      question?.answer(false);
    },
  };
}

/** A `#` line saved to a memory file (the door's rememberLine); resolves to what to tell the person. */
export async function rememberMemoryLine(store: AppStore, startup: StartupInfo, target: MemoryLineTarget, line: string): Promise<string> {
  const { appendMemoryLine } = await import('../core/memory/append-memory-line.js');
  const refused = (await startup.checkMemoryWrite?.(target)) ?? null;
  if (refused !== null) return `not saved to ${target.label}: ${refused}`;
  await appendMemoryLine(target, line);
  await reloadProjectMemory(store, startup);
  return `saved "${line}" to ${target.label}; the model reads it from the next request`;
}

/** The memory files read again: the session's next request carries them, the header and /memory show them. */
export async function reloadProjectMemory(store: AppStore, startup: StartupInfo): Promise<void> {
  const again = await startup.reloadMemory?.().catch(() => null);
  if (again) memoryLoaded(store, again.memory, again.targets);
}
