// Where outside text enters the UI: every core event is made terminal-safe here, once, before
// it becomes state, so every string a component can reach is SafeText (see core/text/safe-text).
import type { AgentEvent } from '../core/events.js';
import type { ToolDetails } from '../core/tools/details.js';
import { toSafeDeep, toSafeStyledText, type SafeDeep } from '../core/text/safe-text.js';

/** The message of `message_end` is the conversation's business, not the screen's: it is left out. */
type ScreenEvent<E> = E extends { type: 'message_end' } ? Omit<E, 'message'> : E;

/** A core event as the store sees it: every string SafeText. */
export type SafeAgentEvent = SafeDeep<ScreenEvent<AgentEvent>>;

/** A tool's details as the store holds them. */
export type SafeToolDetails = SafeDeep<ToolDetails>;

export function toSafeDetails(details: ToolDetails): SafeToolDetails {
  if (details.kind !== 'bash') return toSafeDeep(details);
  // The pane's rows carry the emulator's colour codes: those stay, anything else is shown.
  const { snapshot, ...rest } = details;
  return { ...toSafeDeep(rest), snapshot: { ...snapshot, lines: snapshot.lines.map(toSafeStyledText) } };
}

export function toSafeEvent(event: AgentEvent): SafeAgentEvent {
  switch (event.type) {
    case 'message_end':
      return { type: 'message_end', stopReason: event.stopReason };
    case 'tool_output':
      return { type: 'tool_output', id: toSafeDeep(event.id), details: toSafeDetails(event.details) };
    case 'tool_result': {
      const { details, ...rest } = event;
      return details ? { ...toSafeDeep(rest), details: toSafeDetails(details) } : toSafeDeep(rest);
    }
    default:
      return toSafeDeep(event);
  }
}
