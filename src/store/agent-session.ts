// Runs the agent's turns for the UI: submit (or queue while a turn runs), interrupt, clear.
// The core's lifetime belongs here, never to React.
import type { Agent } from '../core/agent.js';
import type { AgentEvent } from '../core/events.js';
import type { AppStore } from './app-store.js';
import { createEventBinding, type EventBinding, type EventBindingOptions } from './event-binding.js';
import { interruptState } from './apply-events.js';
import { refreshContextCosts } from './context-costs.js';

export interface AgentSession {
  submit(prompt: string): void;
  /** /compact: summarises the conversation (idle only; false while a turn runs). Esc interrupts it. */
  compact(instructions?: string): boolean;
  /** Stops the running turn; false when nothing runs. */
  interrupt(): boolean;
  clear(): void;
  /** Keys typed into a running command's pty (Ctrl+T focus); false when it no longer runs. */
  writeToTool(id: string, data: string): boolean;
  /** Pane size (cols × rows of the pty) for new bash panes and the running ones. */
  resizePanes(cols: number, rows: number): void;
  /** Resolves when no turn is running or still winding down. */
  idle(): Promise<void>;
  readonly binding: EventBinding;
}

export interface AgentSessionOptions extends EventBindingOptions {
  /** Sees every event as it arrives from the core (bench tracing). */
  onEvent?: (event: AgentEvent) => void;
}

export function attachAgent(store: AppStore, agent: Agent, opts: AgentSessionOptions = {}): AgentSession {
  const binding = createEventBinding(store, opts);
  let current: { controller: AbortController; interrupted: boolean } | null = null;
  // The previous run's iterator, still finishing after an interrupt; a new turn waits for it.
  let winding: Promise<void> = Promise.resolve();

  const start = (prompt: string, job: (signal: AbortSignal) => AsyncIterable<AgentEvent> = (signal) => agent.run(prompt, { signal }), turn = true) => {
    const run = { controller: new AbortController(), interrupted: false };
    current = run;
    const done = (async () => {
      await winding;
      // Interrupted before it could start: never bother the agent.
      if (run.interrupted) return;
      try {
        for await (const ev of job(run.controller.signal)) {
          // After Esc the UI has already moved on; only the token count still matters.
          opts.onEvent?.(ev);
          if (run.interrupted && ev.type !== 'usage') continue;
          binding.push(ev);
        }
      } catch (err) {
        if (!run.interrupted) {
          const message = err instanceof Error ? err.message : String(err);
          binding.push({ type: 'error', message, retryable: false });
          binding.push({ type: 'turn_end', reason: 'error' });
        }
      }
      binding.flush();
      refreshContextCosts(store, agent);
      if (current === run) {
        current = null;
        // A turn that ended without turn_end (a broken stream) must not leave the UI busy.
        // (A compaction has no turn: whatever it ended with, the UI is idle again.)
        if (store.getState().phase !== 'idle') store.setState(!turn ? { phase: 'idle', retry: null } : interruptState(store.getState(), Date.now()));
        const [next, ...rest] = store.getState().queued;
        if (next !== undefined) {
          store.setState({ queued: rest });
          start(next);
        }
      }
    })();
    winding = done;
  };

  const session: AgentSession = {
    submit(prompt) {
      if (current) store.setState((s) => ({ queued: [...s.queued, prompt] }));
      else start(prompt);
    },
    compact(instructions) {
      const compact = agent.compact?.bind(agent);
      if (current || !compact) return false;
      store.setState({ phase: 'waiting' });
      start('', (signal) => compact(instructions, { signal }), false);
      return true;
    },
    interrupt() {
      const run = current;
      if (!run) return false;
      run.interrupted = true;
      current = null;
      binding.discard();
      run.controller.abort();
      const s = store.getState();
      // Queued prompts go back into an empty input so nothing typed is lost.
      const restore = s.queued.length > 0 ? [s.input.text, ...s.queued].filter((t) => t !== '').join('\n') : null;
      store.setState({
        ...interruptState(s, Date.now()),
        queued: [],
        ...(restore !== null ? { input: { text: restore, cursor: restore.length } } : {}),
      });
      return true;
    },
    clear() {
      session.interrupt();
      agent.clear();
      store.setState({ items: [], index: {}, activeToolIds: [], scrollBack: 0, newBelow: false });
    },
    writeToTool: (id, data) => agent.writeToTool(id, data),
    resizePanes(cols, rows) {
      agent.setPaneSize(cols, rows);
      for (const id of store.getState().activeToolIds) agent.resizeTool(id, cols, rows);
    },
    idle: () => winding,
    binding,
  };
  return session;
}
