// Where outside text enters the UI: every core event is made terminal-safe here, once, before
// it becomes state, so every string a component can reach is SafeText (see core/text/safe-text).
import type { AgentEvent, AgentRef } from '../core/events.js';
import type { Usage } from '../core/conversation.js';
import type { ToolDetails } from '../core/tools/details.js';
import { isStored, lazyFields, sourceOf, storedView, type FieldSource } from '../core/sessions/stored-fields.js';
import { hasControls, toSafeDeep, toSafeStyledText, toSafeText, type SafeDeep, type SafeText } from '../core/text/safe-text.js';

/** The message of `message_end` is the conversation's business, not the screen's: it is left out. */
type ScreenEvent<E> = E extends { type: 'message_end' } ? Omit<E, 'message'> : E;

/** A core event as the store sees it: every string SafeText. */
export type SafeAgentEvent = SafeDeep<ScreenEvent<AgentEvent>>;

/** A tool's details as the store holds them. */
export type SafeToolDetails = SafeDeep<ToolDetails>;

/**
 * A pane's rows made safe (the emulator's colour codes stay, anything else is shown). A row with
 * no control character is safe as it is; one equal to a row `shown` before is that row again, not
 * converted: safe text converts to itself, so a raw row equal to a safe one needs nothing. A live
 * pane's rows mostly move up by its new lines, so an update converts only those (a coloured row
 * is the costly kind: its colour codes are looked at one by one). `convert`: tests count it.
 */
export function safePaneRows(
  raw: readonly string[],
  shown: readonly SafeText[] | undefined,
  convert: (row: string) => SafeText = toSafeStyledText,
): SafeText[] {
  let known: Set<string> | null = null;
  return raw.map((row) => {
    if (!hasControls(row)) return row as SafeText;
    known ??= new Set<string>(shown);
    return known.has(row) ? (row as SafeText) : convert(row);
  });
}

/** `shown`: the pane's rows as the store holds them now (a live update converts only new rows). */
export function toSafeDetails(details: ToolDetails, shown?: readonly SafeText[]): SafeToolDetails {
  if (isStored(details)) return safeStored(details as unknown as Record<string, unknown>, details.kind, '') as unknown as SafeToolDetails;
  if (details.kind !== 'bash') return toSafeDeep(details);
  const { snapshot, ...rest } = details;
  return { ...toSafeDeep(rest), snapshot: { ...snapshot, lines: safePaneRows(snapshot.lines, shown) } };
}

/** One field of a tool's details made safe (`path`: where it is in them, "snapshot.lines"). */
function safeField(kind: string, path: string, value: unknown): unknown {
  if (kind === 'bash' && path === 'snapshot.lines' && Array.isArray(value)) return value.map((l) => toSafeStyledText(String(l)));
  return toSafeDeep(value);
}

// What a field read on demand gave, made safe, for as long as what it gave is kept (one
// conversion per read from the file, and the same object each time the card is drawn).
const safeOfRead = new WeakMap<object, unknown>();

/** The safe side of details kept in the session file: reads the raw field and makes it safe. */
class SafeDetailsPart implements FieldSource {
  constructor(
    private readonly raw: Record<string, unknown>,
    private readonly kind: string,
    private readonly path: string,
  ) {}

  field(key: string): unknown {
    const value = this.raw[key];
    const at = this.path ? `${this.path}.${key}` : key;
    if (typeof value !== 'object' || value === null) return safeField(this.kind, at, value);
    let safe = safeOfRead.get(value);
    if (safe === undefined) safeOfRead.set(value, (safe = safeField(this.kind, at, value)));
    return safe;
  }
}

/** Details whose big fields stay in the session file: they stay read on demand, made safe as they are read. */
function safeStored(from: Record<string, unknown>, kind: string, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lazy = lazyFields(from);
  for (const key of Object.keys(from)) {
    const at = path ? `${path}.${key}` : key;
    if (lazy.includes(key)) out[key] = undefined;
    else if (isStored(from[key])) out[key] = safeStored(from[key] as Record<string, unknown>, kind, at);
    else out[key] = safeField(kind, at, from[key]);
  }
  return storedView(out, lazy, new SafeDetailsPart(from, kind, path));
}

/** The safe side of content kept in the session file. */
class SafeContent implements FieldSource {
  constructor(private readonly raw: FieldSource) {}

  field(key: string): unknown {
    return toSafeText(String(this.raw.field(key) ?? ''));
  }
}

type SafeToolResult = Extract<SafeAgentEvent, { type: 'tool_result' }>;

/** A tool result made safe; its content, when it is read from the session file on demand, stays so. */
function safeResult(event: Extract<AgentEvent, { type: 'tool_result' }>): SafeToolResult {
  const onDemand = lazyFields(event).includes('content');
  const out: SafeToolResult = {
    type: 'tool_result',
    id: toSafeText(event.id),
    content: onDemand ? ('' as SafeText) : toSafeText(event.content),
    isError: event.isError,
    ...(event.details ? { details: toSafeDetails(event.details) } : {}),
    durationMs: event.durationMs,
  };
  return onDemand ? storedView(out, ['content'], new SafeContent(sourceOf(event)!)) : out;
}

/**
 * A child's event as the store uses it: its asks (and what ends them) made safe as the parent's
 * would be; of the rest only the kind, so a child's streaming output costs the screen nothing.
 */
function safeChildEvent(event: Extract<AgentEvent, { type: 'agent_event' }>): SafeAgentEvent {
  const inner = event.event;
  const used = inner.type === 'agent_event' || inner.type === 'approval_request' || inner.type === 'approval_response' || inner.type === 'tool_status' || inner.type === 'usage';
  const safe = used ? toSafeEvent(inner) : { type: inner.type };
  return { type: 'agent_event', agent: safeAgent(event.agent), event: safe } as SafeAgentEvent;
}

// A child's ref made safe once: every event of a child carries the same few fields (with 8 children
// streaming, a couple of hundred events a turn). By id, as a recorded or resumed session's events
// each carry their own copy; a ref whose fields differ from the kept one is made safe again.
const safeAgents = new Map<string, { raw: AgentRef; safe: SafeDeep<AgentRef> }>();
const SAFE_AGENTS_MAX = 256;

const sameRef = (a: AgentRef, b: AgentRef) =>
  a === b || (a.name === b.name && a.depth === b.depth && a.model === b.model && Object.keys(a).length === Object.keys(b).length);

function safeAgent(agent: AgentRef): SafeDeep<AgentRef> {
  const kept = safeAgents.get(agent.id);
  if (kept && sameRef(kept.raw, agent)) return kept.safe;
  if (safeAgents.size >= SAFE_AGENTS_MAX) safeAgents.clear();
  const safe = toSafeDeep(agent);
  safeAgents.set(agent.id, { raw: agent, safe });
  return safe;
}

/** Token counts: numbers only (anything else a provider put there is left out). */
function safeUsage(u: Usage): Usage {
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  const out: Usage = { inputTokens: n(u.inputTokens), outputTokens: n(u.outputTokens), cacheReadTokens: n(u.cacheReadTokens), cacheWriteTokens: n(u.cacheWriteTokens) };
  if (typeof u.webSearches === 'number') out.webSearches = u.webSearches;
  return out;
}

/** `paneRows`: the rows a call's pane shows now, by the call's (safe) id, if it has a live pane. */
export function toSafeEvent(event: AgentEvent, paneRows?: (id: SafeText) => readonly SafeText[] | undefined): SafeAgentEvent {
  switch (event.type) {
    case 'message_end':
      return { type: 'message_end', stopReason: event.stopReason };
    case 'tool_output': {
      const id = toSafeText(event.id);
      return { type: 'tool_output', id, details: toSafeDetails(event.details, paneRows?.(id)) };
    }
    case 'tool_result':
      return safeResult(event);
    case 'agent_event':
      return safeChildEvent(event);
    // The two a child sends most (each call's statuses, each request's tokens), built field by field:
    // toSafeDeep walks every key as if it came from outside.
    case 'tool_status':
      return { type: 'tool_status', id: toSafeText(event.id), status: event.status };
    case 'usage':
      return { type: 'usage', usage: safeUsage(event.usage), turn: safeUsage(event.turn), session: safeUsage(event.session) };
    default:
      return toSafeDeep(event);
  }
}
