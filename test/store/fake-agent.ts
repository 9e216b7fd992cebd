// A tiny Agent for UI tests: each run replays events from a script function, honouring abort.
import type { Agent } from '../../src/core/agent.js';
import type { AgentEvent } from '../../src/core/events.js';
import { emptyUsage } from '../../src/core/conversation.js';

export type TurnScript = (prompt: string, signal: AbortSignal) => AsyncIterable<AgentEvent>;

export interface FakeAgent extends Agent {
  prompts: string[];
  paneSizes: { cols: number; rows: number }[];
  cleared: number;
  /** Runs whose iterator has finished. */
  finished: number;
}

export function createFakeAgent(script: TurnScript): FakeAgent {
  const agent: FakeAgent = {
    prompts: [],
    paneSizes: [],
    cleared: 0,
    plan: undefined,
    finished: 0,
    messages: [],
    usage: emptyUsage(),
    run(prompt, opts) {
      agent.prompts.push(prompt);
      const signal = opts?.signal ?? new AbortController().signal;
      const inner = script(prompt, signal);
      return (async function* () {
        try {
          yield* inner;
        } finally {
          agent.finished++;
        }
      })();
    },
    writeToTool: () => false,
    resizeTool: () => false,
    setPaneSize(cols, rows) {
      agent.paneSizes.push({ cols, rows });
    },
    clear() {
      agent.cleared++;
    },
    // What a UI test's agent does not keep: no ledger, recorder, permission gate, context or jobs.
    jobs: {
      list: () => [],
      subscribe: () => () => {},
      background: () => ({ ok: false, reason: 'no command is running' }),
      write: () => false,
      kill: async () => false,
      killAll: async () => [],
    },
    ledger: undefined,
    sessionId: undefined,
    permissionMode: undefined,
    contextWindow: undefined,
    rewindConversation: () => undefined,
    forkConversation: () => undefined,
    canRewindConversation: () => true,
    async *compact() {},
    setContextEdit: () => undefined,
    toolCallCost: () => undefined,
    contextBreakdown: () => ({ total: 0, window: null, system: 0, tools: 0, memory: [], turns: [], largest: [] }),
    resume() {},
    respondToApproval: () => false,
    answerSecret: () => false,
    setPermissionMode() {},
    warmUp: async () => {},
    dispose: async () => {},
  };
  return agent;
}

/** Resolves after `ms`, or when `signal` aborts. */
export function waitOrAbort(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

/** A turn that says `text`, then ends. */
export async function* simpleTurn(prompt: string, text = `echo: ${prompt}`): AsyncIterable<AgentEvent> {
  yield { type: 'turn_start', prompt };
  yield { type: 'request_start', iteration: 1 };
  yield { type: 'text_delta', text };
  yield { type: 'turn_end', reason: 'end_turn' };
}

/** A turn that starts a bash call and waits until aborted (or `ms`). */
export async function* hangingToolTurn(prompt: string, signal: AbortSignal, ms = 10_000): AsyncIterable<AgentEvent> {
  yield { type: 'turn_start', prompt };
  yield { type: 'request_start', iteration: 1 };
  yield { type: 'tool_call', id: 'hang-1', name: 'bash', input: { command: 'sleep 100' }, readOnly: false };
  yield { type: 'tool_status', id: 'hang-1', status: 'running' };
  await waitOrAbort(ms, signal);
  if (signal.aborted) {
    yield { type: 'tool_status', id: 'hang-1', status: 'cancelled' };
    yield { type: 'turn_end', reason: 'aborted' };
    return;
  }
  yield { type: 'tool_result', id: 'hang-1', content: 'ok', isError: false, durationMs: ms };
  yield { type: 'turn_end', reason: 'end_turn' };
}
