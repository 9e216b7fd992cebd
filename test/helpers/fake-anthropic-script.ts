// What the fake Anthropic server can be told to answer, and how a scripted answer becomes
// the exact SSE event sequence the real Messages API sends (every event has an
// `event:` line, `usage` is in message_start.message and in message_delta, pings are sent).
// The JSON script format for the standalone server is documented in fake-anthropic.ts.

export type FakeBlock =
  /** `text` as one string is sent in one delta; as an array, one delta per item. */
  | { type: 'text'; text: string | string[]; open?: boolean; citations?: unknown[] }
  /** Without `signature` no signature_delta is sent (a thinking block cut before it was signed). */
  | { type: 'thinking'; thinking: string | string[]; signature?: string; open?: boolean }
  | { type: 'redacted_thinking'; data: string; open?: boolean }
  /**
   * `input` is sent as its JSON split into two input_json_delta chunks; `inputJson` sends the
   * given raw chunks as they are, so tests can send malformed or cut JSON.
   */
  | { type: 'tool_use'; id?: string; name: string; input?: unknown; inputJson?: string[]; open?: boolean }
  /** Anthropic's server-side tool call (web search): its input streams as input_json_delta, as the API sends it. */
  | { type: 'server_tool_use'; id: string; name: string; input: unknown; open?: boolean }
  /** Its result arrives whole in content_block_start (results with encrypted_content, or an error object). */
  | { type: 'web_search_tool_result'; tool_use_id: string; content: unknown; open?: boolean };
// `open: true` leaves the block without its content_block_stop (for cut and stall endings).

export interface FakeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  /** Sent in message_delta's usage, as the API counts server-side searches. */
  server_tool_use?: { web_search_requests: number };
}

/** How the stream ends once the scripted content has been sent. */
export type FakeEnding =
  | 'complete' // message_delta (stop_reason, usage) and message_stop
  | 'cut' // the server destroys the socket
  | 'stall' // the server sends nothing more and keeps the connection open
  | { error: { type: string; message: string } } // an `event: error` mid-stream, then the end
  | 'garbled'; // an event whose data is not JSON, then the end

export interface FakeMessage {
  kind: 'message';
  content: FakeBlock[];
  /** Default: tool_use when there is a tool_use block, else end_turn; null sends none (some endpoints). */
  stopReason?: string | null;
  usage?: FakeUsage;
  /** Wait this long between SSE events (slow streams for abort tests). */
  chunkDelayMs?: number;
  end?: FakeEnding;
  /** Wait this long before sending the response headers. */
  delayMs?: number;
}

export interface FakeHttpError {
  kind: 'error';
  status: number;
  /** Anthropic error type, e.g. overloaded_error, authentication_error, invalid_request_error. */
  type: string;
  message: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** Any status and body as they are: a proxy's HTML error page, a JSON answer where a stream was asked for. */
export interface FakeRawResponse {
  kind: 'raw';
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** Serve the previous entry again, for this and every later request. */
export interface FakeRepeat { kind: 'repeat' }

export type FakeResponse = FakeMessage | FakeHttpError | FakeRawResponse | FakeRepeat;

/** Shorthand for the common case: some text, some thinking, some tool calls. */
export interface ReplyShorthand {
  text?: string | string[];
  thinking?: { thinking: string | string[]; signature?: string };
  toolUses?: { name: string; input?: unknown; id?: string; inputJson?: string[] }[];
  stopReason?: string | null;
  usage?: FakeUsage;
  chunkDelayMs?: number;
  end?: FakeEnding;
  delayMs?: number;
}

export function reply(r: ReplyShorthand): FakeMessage {
  const content: FakeBlock[] = [];
  if (r.thinking) content.push({ type: 'thinking', ...r.thinking });
  if (r.text !== undefined) content.push({ type: 'text', text: r.text });
  for (const t of r.toolUses ?? []) content.push({ type: 'tool_use', ...t });
  const msg: FakeMessage = { kind: 'message', content };
  if (r.stopReason !== undefined) msg.stopReason = r.stopReason;
  if (r.usage) msg.usage = r.usage;
  if (r.chunkDelayMs) msg.chunkDelayMs = r.chunkDelayMs;
  if (r.end) msg.end = r.end;
  if (r.delayMs) msg.delayMs = r.delayMs;
  return msg;
}

export function apiError(status: number, type: string, message: string, headers?: Record<string, string>): FakeHttpError {
  return { kind: 'error', status, type, message, ...(headers ? { headers } : {}) };
}

export const overloaded = (headers?: Record<string, string>): FakeHttpError =>
  apiError(529, 'overloaded_error', 'Overloaded', headers);

/** message_start (and a ping), then silence with the connection held open. */
export const stall = (content: FakeBlock[] = []): FakeMessage => ({ kind: 'message', content, end: 'stall' });

/** Accepts a full entry (with `kind`) or the reply shorthand, as found in a JSON script. */
export function parseScriptEntry(entry: unknown): FakeResponse {
  if (!entry || typeof entry !== 'object') throw new Error(`script entry is not an object: ${JSON.stringify(entry)}`);
  const e = entry as Record<string, unknown>;
  if (e.kind === 'message' || e.kind === 'error' || e.kind === 'raw' || e.kind === 'repeat') return e as unknown as FakeResponse;
  if (e.kind !== undefined) throw new Error(`unknown script entry kind: ${String(e.kind)}`);
  return reply(e as ReplyShorthand);
}

export interface SseEvent { event: string; data: unknown }

/** The SSE events for a scripted message, up to where its ending takes over. */
export function messageEvents(msg: FakeMessage, model: string, messageId: string, nextToolId: () => string): SseEvent[] {
  const usage = msg.usage ?? {};
  const events: SseEvent[] = [];
  const ev = (data: { type: string } & Record<string, unknown>) => events.push({ event: data.type, data });
  ev({
    type: 'message_start',
    message: {
      id: messageId, type: 'message', role: 'assistant', model, content: [],
      stop_reason: null, stop_sequence: null,
      usage: {
        input_tokens: usage.input_tokens ?? 10,
        output_tokens: 1,
        cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
        cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
      },
    },
  });
  ev({ type: 'ping' });
  msg.content.forEach((block, index) => {
    const delta = (d: Record<string, unknown>) => ev({ type: 'content_block_delta', index, delta: d });
    const chunks = (s: string | string[]) => (Array.isArray(s) ? s : [s]);
    if (block.type === 'text') {
      ev({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const text of chunks(block.text)) delta({ type: 'text_delta', text });
      for (const citation of block.citations ?? []) delta({ type: 'citations_delta', citation });
    } else if (block.type === 'server_tool_use') {
      ev({ type: 'content_block_start', index, content_block: { type: 'server_tool_use', id: block.id, name: block.name, input: {} } });
      for (const partial_json of splitInTwo(JSON.stringify(block.input))) delta({ type: 'input_json_delta', partial_json });
    } else if (block.type === 'web_search_tool_result') {
      ev({ type: 'content_block_start', index, content_block: { type: 'web_search_tool_result', tool_use_id: block.tool_use_id, content: block.content } });
    } else if (block.type === 'thinking') {
      ev({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const thinking of chunks(block.thinking)) delta({ type: 'thinking_delta', thinking });
      if (block.signature !== undefined) delta({ type: 'signature_delta', signature: block.signature });
    } else if (block.type === 'redacted_thinking') {
      ev({ type: 'content_block_start', index, content_block: { type: 'redacted_thinking', data: block.data } });
    } else {
      const id = block.id ?? nextToolId();
      ev({ type: 'content_block_start', index, content_block: { type: 'tool_use', id, name: block.name, input: {} } });
      delta({ type: 'input_json_delta', partial_json: '' });
      for (const partial_json of block.inputJson ?? splitInTwo(JSON.stringify(block.input ?? {}))) {
        delta({ type: 'input_json_delta', partial_json });
      }
    }
    if (!block.open) ev({ type: 'content_block_stop', index });
  });
  const end = msg.end ?? 'complete';
  if (end === 'complete') {
    const hasToolUse = msg.content.some((b) => b.type === 'tool_use');
    ev({
      type: 'message_delta',
      delta: { stop_reason: msg.stopReason === undefined ? (hasToolUse ? 'tool_use' : 'end_turn') : msg.stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens ?? 5, ...(usage.server_tool_use ? { server_tool_use: usage.server_tool_use } : {}) },
    });
    ev({ type: 'message_stop' });
  } else if (typeof end === 'object') {
    events.push({ event: 'error', data: { type: 'error', error: end.error } });
  } else if (end === 'garbled') {
    events.push({ event: 'content_block_delta', data: RAW_GARBAGE });
  }
  return events;
}

/** Written to the wire as it is, not as JSON. */
export const RAW_GARBAGE = Symbol('not JSON');

function splitInTwo(s: string): string[] {
  const mid = Math.floor(s.length / 2);
  return [s.slice(0, mid), s.slice(mid)];
}

export function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}
