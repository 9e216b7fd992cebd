// The store's side of the door: prompts sent (or queued while a turn runs), Esc, /clear and
// /compact as the screen shows them, and every event the door emits applied through the binding.
import { innermost } from './child-transcripts.js';
import { jobEvent } from './job-events.js';
import type { ImageBlock } from '../core/conversation.js';
import { imageMeta } from '../core/images/image-blocks.js';
import type { DoorEvent } from '../core/door/requests.js';
import type { ContextEdit } from '../core/events.js';
import type { AppStore } from './app-store.js';
import { createEventBinding, type EventBinding, type EventBindingOptions } from './event-binding.js';
import { interruptState } from './apply-events.js';
import { refreshContextCosts } from './context-costs.js';
import { startupPartReady } from './startup-actions.js';
import { mcpEventCame } from './mcp-actions.js';
import { secretEvent } from './secret-actions.js';
import { planReviewCame, planReviewGone } from './plan-actions.js';
import { permissionModeCame } from './approval-actions.js';
import { emptyPlanPanel } from './plan-state.js';
import { restatePrompt } from './prompt-restate.js';
import { sameTurnStart } from '../core/turn-start.js';

export interface AgentSession {
  /** `images` go after the prompt's text; a prompt with images is never queued (the caller waits for idle). */
  submit(prompt: string, images?: ImageBlock[]): void;
  /** /compact: summarises the conversation (idle only; false while a turn runs). Esc interrupts it. */
  compact(instructions?: string): boolean;
  /** `!command`: runs what the person typed (idle only; false while a turn runs). Esc interrupts it. */
  shell(command: string): boolean;
  /** Stops the running turn; false when nothing runs. */
  interrupt(): boolean;
  clear(): void;
  /** History mode d / s / p: the edit applied at once; false for a call the conversation no longer holds. */
  editContext(id: string, edit: ContextEdit | null): boolean;
  /** Resolves when no turn is running or still winding down. */
  idle(): Promise<void>;
  readonly binding: EventBinding;
}

const sessions = new WeakMap<AppStore, AgentSession>();

/** The store's side of its door; made on first use when the app has not attached it yet. */
export function sessionOf(store: AppStore): AgentSession {
  return sessions.get(store) ?? attachDoor(store);
}

/**
 * Subscribes the store to its door, once, before anything is sent through it (run-tui does it
 * as it mounts the app, with the binding's pace).
 */
export function attachDoor(store: AppStore, opts: EventBindingOptions = {}): AgentSession {
  if (sessions.has(store)) throw new Error('the store is already attached to its door');
  const door = store.door;
  const binding = createEventBinding(store, opts);
  // A run (turn or compaction) the door is going through for us.
  let running = false;
  // Interrupted runs whose run_end has not come yet: after Esc the screen has moved on, so their
  // last events are not shown; only the token count still matters.
  let stale = 0;
  // The turn_start the screen shows already for the prompt sent, until the run's first other event:
  // the agent's own says the same (dropped) or more (an MCP prompt expanded, a resource's images
  // added: applied to the echoed prompt in place).
  let echoed: Extract<DoorEvent, { type: 'turn_start' }> | null = null;

  const start = (prompt: string, images: ImageBlock[] = []) => {
    running = true;
    // The prompt's turn starts on screen with Enter's own commit, so with its frame: busy from Enter
    // (a cold agent may take a while to start the turn, and what runs only while idle, the
    // warm-ups, must not run meanwhile), the prompt in the transcript. The agent's turn_start, its
    // run's first event, came a commit later and was a React render and an Ink frame of its own on
    // the way to the first request (bench/frames.ts firstturn).
    echoed = { type: 'turn_start', prompt, ...(images.length ? { images: images.map(imageMeta) } : {}) };
    binding.push(echoed);
    binding.flush();
    door.send({ type: 'submit', prompt, ...(images.length ? { images } : {}) });
  };

  const runEnded = (ev: Extract<DoorEvent, { type: 'run_end' }>) => {
    if (ev.interrupted) stale--;
    binding.flush();
    refreshContextCosts(store);
    if (ev.interrupted) return;
    running = false;
    echoed = null;
    // A turn that ended without turn_end (a broken stream) must not leave the UI busy.
    // (A compaction or a `!command` has no turn: whatever it ended with, the UI is idle again.)
    if (store.getState().phase !== 'idle') store.setState(ev.run !== 'turn' ? { phase: 'idle', retry: null } : interruptState(store.getState(), Date.now()));
    const [next, ...rest] = store.getState().queued;
    if (next !== undefined) {
      store.setState({ queued: rest });
      start(next);
    }
  };

  door.subscribe((ev) => {
    if (ev.type === 'run_end') return runEnded(ev);
    if (ev.type === 'startup') return startupPartReady(store, ev.part);
    if (ev.type === 'mcp') return mcpEventCame(store, ev.event);
    if (ev.type === 'job_start' || ev.type === 'job_output' || ev.type === 'job_end') return jobEvent(store, ev);
    // The card takes the keys at once (not at the next coalesced commit); its end closes it even after an interrupt.
    if (ev.type === 'secret_request' || ev.type === 'secret_request_end') {
      binding.flush();
      return secretEvent(store, ev);
    }
    // A child agent's command asks the same way, the card naming the agent (answered through the parent).
    const child = ev.type === 'agent_event' ? innermost(ev) : undefined;
    if (child && (child.event.type === 'secret_request' || child.event.type === 'secret_request_end')) {
      binding.flush();
      return secretEvent(store, child.event, child.agent.name);
    }
    // exit_plan_mode's card takes the keys at once; its call's result (answered or not) closes it.
    if (ev.type === 'plan_review') {
      binding.flush();
      return planReviewCame(store, ev);
    }
    if (ev.type === 'tool_result') planReviewGone(store, ev.id);
    if (ev.type === 'permission_mode') return permissionModeCame(store, ev.mode);
    if (ev.type === 'ready' || (stale > 0 && ev.type !== 'usage')) return;
    if (ev.type === 'turn_start' && echoed) {
      if (sameTurnStart(ev, echoed)) return;
      echoed = ev;
      binding.flush();
      return restatePrompt(store, ev);
    }
    echoed = null;
    binding.push(ev);
  });

  const session: AgentSession = {
    submit(prompt, images = []) {
      if (running) store.setState((s) => ({ queued: [...s.queued, prompt] }));
      else start(prompt, images);
    },
    shell(command) {
      if (running || !door.send({ type: 'shell', command })) return false;
      running = true;
      store.setState({ phase: 'tools' });
      return true;
    },
    compact(instructions) {
      if (running || !door.send({ type: 'compact', ...(instructions !== undefined ? { instructions } : {}) })) return false;
      running = true;
      store.setState({ phase: 'waiting' });
      return true;
    },
    interrupt() {
      if (!running) return false;
      running = false;
      echoed = null;
      stale++;
      binding.discard();
      door.send({ type: 'interrupt' });
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
      door.send({ type: 'clear' });
      store.setState((s) => ({ items: [], index: {}, activeToolIds: [], childTranscripts: {}, scrollBack: 0, newBelow: false, plan: { ...emptyPlanPanel(), hidden: s.plan.hidden } }));
    },
    editContext(id, edit) {
      // The door emits the context_edit event at once: applied now, not at the next commit.
      if (!door.send({ type: 'editContext', id, edit })) return false;
      binding.flush();
      refreshContextCosts(store, id);
      return true;
    },
    idle: () => door.send({ type: 'whenIdle' }),
    binding,
  };
  sessions.set(store, session);
  return session;
}
