// A child's model request, however deep, as its ancestors count it: the usage inside nested agent_events.
import type { Usage } from '../conversation.js';
import type { AgentEvent } from '../events.js';

/** The usage of one of a descendant's requests, when `event` wraps one; else undefined. */
export function childRequestUsage(event: AgentEvent): Usage | undefined {
  let inner = event;
  while (inner.type === 'agent_event') inner = inner.event;
  return inner !== event && inner.type === 'usage' ? inner.usage : undefined;
}
