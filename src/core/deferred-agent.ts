// An Agent that is still being built (SDK, tools and pty load in the background) so the UI can
// draw its first frame at once. A prompt sent before it is ready waits for it.
import { imageMeta } from './images/image-blocks.js';
import type { Agent } from './agent.js';
import type { AgentEvent } from './events.js';
import { sameTurnStart, type TurnStart } from './turn-start.js';
import { emptyUsage } from './conversation.js';
import type { ContextBreakdown } from './context/context-breakdown.js';

const emptyBreakdown = (): ContextBreakdown => ({ total: 0, window: null, system: 0, tools: 0, memory: [], turns: [], largest: [] });

export function deferredAgent(ready: Promise<Agent>): Agent {
  let agent: Agent | null = null;
  let pane: { cols: number; rows: number } | null = null;
  // A mode chosen (Shift+Tab) before the agent is ready applies once it is.
  let chosenMode: Parameters<Agent['setPermissionMode']>[0] | null = null;
  const whenReady = ready.then((a) => {
    agent = a;
    if (chosenMode) a.setPermissionMode(chosenMode);
    if (pane) a.setPaneSize(pane.cols, pane.rows);
    return a;
  });
  // An agent that failed to build surfaces as an error event in the first turn.
  whenReady.catch(() => {});
  return {
    run(prompt, opts) {
      return (async function* (): AsyncGenerator<AgentEvent> {
        const start: TurnStart = { type: 'turn_start', prompt, ...(opts?.images?.length ? { images: opts.images.map(imageMeta) } : {}) };
        // A prompt sent while the agent is still being built is on screen at once (the build can
        // take a second or two at a busy start): its turn starts here, and the agent's own
        // turn_start, the first event of its run, is not repeated when it says the same (it can say
        // more: an MCP prompt expanded, a resource's images; the UI takes that one in place).
        const early = agent === null;
        if (early) yield start;
        let a: Agent;
        try {
          a = await whenReady;
        } catch (err) {
          if (!early) yield start;
          yield { type: 'error', message: `could not start the agent: ${(err as Error).message}`, retryable: false };
          yield { type: 'turn_end', reason: 'error' };
          return;
        }
        if (!early) return yield* a.run(prompt, opts);
        let repeated = false;
        for await (const ev of a.run(prompt, opts)) {
          if (!repeated && ev.type === 'turn_start') {
            repeated = true;
            if (sameTurnStart(ev, start)) continue;
          }
          yield ev;
        }
      })();
    },
    get messages() {
      return agent?.messages ?? [];
    },
    get usage() {
      return agent?.usage ?? emptyUsage();
    },
    writeToTool: (id, data) => agent?.writeToTool(id, data) ?? false,
    resizeTool: (id, cols, rows) => agent?.resizeTool(id, cols, rows) ?? false,
    setPaneSize(cols, rows) {
      pane = { cols, rows };
      agent?.setPaneSize(cols, rows);
    },
    clear: () => agent?.clear(),
    jobs: {
      list: () => agent?.jobs.list() ?? [],
      // Jobs start only once the agent runs commands: listen from when it is built.
      subscribe(listener) {
        let off: (() => void) | null = null;
        let done = false;
        void whenReady.then((a) => {
          if (!done) off = a.jobs.subscribe(listener);
        }, () => {});
        return () => {
          done = true;
          off?.();
        };
      },
      background: (id) => agent?.jobs.background(id) ?? { ok: false, reason: 'no command is running' },
      write: (id, data) => agent?.jobs.write(id, data) ?? false,
      kill: (id, by) => agent?.jobs.kill(id, by) ?? Promise.resolve(false),
      killAll: (by) => agent?.jobs.killAll(by) ?? Promise.resolve([]),
    },
    get ledger() {
      return agent?.ledger;
    },
    rewindConversation: (n) => agent?.rewindConversation(n),
    forkConversation: (n) => agent?.forkConversation(n),
    canRewindConversation: (n) => agent?.canRewindConversation(n) ?? false,
    get sessionId() {
      return agent?.sessionId;
    },
    runShell(command, opts) {
      return (async function* (): AsyncGenerator<AgentEvent> {
        const a = await whenReady.catch(() => null);
        if (!a?.runShell) {
          yield { type: 'notice', message: 'commands cannot run yet: the agent did not start' };
          return;
        }
        yield* a.runShell(command, opts);
      })();
    },
    compact(instructions, opts) {
      return (async function* (): AsyncGenerator<AgentEvent> {
        const a = await whenReady.catch(() => null);
        if (!a) {
          yield { type: 'notice', message: 'compaction is not available yet' };
          return;
        }
        yield* a.compact(instructions, opts);
      })();
    },
    get contextWindow() {
      return agent?.contextWindow;
    },
    setContextEdit: (id, edit) => agent?.setContextEdit(id, edit),
    toolCallCost: (id) => agent?.toolCallCost(id),
    contextBreakdown: () => agent?.contextBreakdown() ?? emptyBreakdown(),
    resume(session) {
      if (!agent) throw new Error('the agent is still starting');
      agent.resume(session);
    },
    respondToApproval: (id, decision) => agent?.respondToApproval(id, decision) ?? false,
    answerSecret: (id, answer) => agent?.answerSecret(id, answer) ?? false,
    get plan() {
      return agent?.plan;
    },
    get permissionMode() {
      return agent?.permissionMode;
    },
    setPermissionMode: (mode) => {
      chosenMode = mode;
      agent?.setPermissionMode(mode);
    },
    warmUp: () => whenReady.then((a) => a.warmUp(), () => undefined),
    dispose: async (reason) => {
      const a = await whenReady.catch(() => null);
      await a?.dispose(reason);
    },
  };
}
