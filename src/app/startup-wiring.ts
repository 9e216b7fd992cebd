// What the interactive start hands over after the first frame (StartupInfo) reaches the store:
// the trust question becomes the trust prompt, memory files the header label and /memory, custom
// commands the `/` menu, settings problems notices. The prompts' answers go back through the door.
import type { StartupInfo } from '../core/startup-info.js';
import type { MemoryLineTarget } from '../core/memory/memory-lines.js';
import type { AppStore } from '../store/app-store.js';
import { askTrust, commandsLoaded, memoryLoaded, modelLabelChecked, sandboxKnown, showNotices } from '../store/workspace-actions.js';
import { followMcpServers } from '../store/mcp-actions.js';
import { setBell } from '../store/approval-actions.js';

/**
 * `leaving()`: the person is leaving before answering the trust question (or before it came):
 * the answer is no, so the agent, which waits for it, starts and can be disposed of.
 */
export function connectStartup(store: AppStore, startup: StartupInfo): { leaving(): void } {
  let answer: ((trust: boolean) => void) | null = null;
  let left = false;
  void startup.trust.then((q) => {
    if (!q) return;
    if (left) return q.answer(false);
    answer = q.answer;
    askTrust(store, { workspaceRoot: q.workspaceRoot, wouldSet: q.wouldSet });
  }, () => {});
  void startup.modelLabel.then((label) => modelLabelChecked(store, label), () => {});
  void startup.notices.then((lines) => showNotices(store, lines), () => {});
  // The header's "MCP 3 (1 failed)" and /mcp follow every change of any server.
  void startup.mcp.then((servers) => servers && followMcpServers(store, servers), () => {});
  void startup.bell?.then((on) => setBell(store, on), () => {});
  void startup.sandbox?.then((label) => sandboxKnown(store, label), () => {});
  void Promise.all([startup.memory, startup.memoryTargets]).then(([memory, targets]) => memoryLoaded(store, memory, targets), () => {});
  void startup.customCommands.then((set) => {
    commandsLoaded(store, set.commands);
    showNotices(store, set.notices);
  }, () => {});
  return {
    leaving() {
      left = true;
      answer?.(false);
    },
  };
}

/** A `#` line saved to a memory file (the door's rememberLine); resolves to what to tell the person. */
export async function rememberMemoryLine(store: AppStore, startup: StartupInfo, target: MemoryLineTarget, line: string): Promise<string> {
  const { appendMemoryLine } = await import('../core/memory/append-memory-line.js');
  const refused = (await startup.checkMemoryWrite?.(target)) ?? null;
  if (refused !== null) return `not saved to ${target.label}: ${refused}`;
  await appendMemoryLine(target, line);
  if (startup.reloadMemory) {
    const again = await startup.reloadMemory().catch(() => null);
    if (again) memoryLoaded(store, again.memory, again.targets);
  }
  return `saved "${line}" to ${target.label}; the model reads it from the next start`;
}
