// A child's sidechain records as a resumed session replays them: the session keeps a child's
// calls and finished messages (not its deltas), so each message's thinking and text are replayed
// as deltas in front of the calls it made, which the live run had shown first.
import type { AgentEvent } from '../events.js';

type ChildEvent = Extract<AgentEvent, { type: 'agent_event' }>;

/** The same wrapping (agent_event in agent_event for a grandchild) around another innermost event. */
function rewrap(outer: ChildEvent, inner: AgentEvent): ChildEvent {
  return { ...outer, event: outer.event.type === 'agent_event' ? rewrap(outer.event, inner) : inner };
}

function innermostOf(event: ChildEvent): { id: string; event: AgentEvent } {
  let e: ChildEvent = event;
  while (e.event.type === 'agent_event') e = e.event;
  return { id: e.agent.id, event: e.event };
}

export class SidechainReplay {
  /** Each child's records since its last finished message. */
  private readonly held = new Map<string, ChildEvent[]>();

  /** The events to replay for one sidechain record (none while its message is not finished). */
  push(event: ChildEvent): ChildEvent[] {
    const { id, event: inner } = innermostOf(event);
    const held = this.held.get(id) ?? [];
    if (inner.type !== 'message_end') {
      held.push(event);
      this.held.set(id, held);
      return [];
    }
    this.held.delete(id);
    const said: ChildEvent[] = [];
    for (const block of inner.message.content) {
      if (block.type === 'thinking' && block.thinking) said.push(rewrap(event, { type: 'thinking_delta', thinking: block.thinking }));
      else if (block.type === 'text' && block.text) said.push(rewrap(event, { type: 'text_delta', text: block.text }));
    }
    return [...said, ...held, event];
  }

  /** What is held still (a child cut before its message ended), in order. */
  rest(): ChildEvent[] {
    const all = [...this.held.values()].flat();
    this.held.clear();
    return all;
  }
}
