// A provider that replays prepared responses (from a JSON file or an array) through the same
// interface as a real model: for the built-in demo, for trying the UI offline, and for tests
// that need exact control over what "the model" says.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AssistantBlock, AssistantMessage, StopReason, Usage } from '../conversation.js';
import { ProviderError } from './provider.js';
import type { CompletedToolUse, Provider, ProviderEvent, ProviderRequest } from './provider.js';

export type ScriptedBlock =
  | { type: 'text'; text: string }
  /** A fake signature is added so the block round-trips like a real signed one. */
  | { type: 'thinking'; thinking: string; signature?: string }
  /**
   * `input` is the parsed input; `raw_input` instead streams that exact JSON text, so a script
   * can send malformed or cut JSON the way a real stream might.
   */
  | { type: 'tool_use'; name: string; id?: string; input?: unknown; raw_input?: string };

export interface ScriptedResponse {
  content?: ScriptedBlock[];
  /** Default: tool_use when the content has a tool_use block, end_turn otherwise. */
  stop_reason?: StopReason;
  usage?: { input_tokens?: number; output_tokens?: number };
  /** Pause before each streamed chunk, in milliseconds (default 0). */
  chunk_delay_ms?: number;
  /** Characters per streamed text or thinking chunk, cut at word ends (default 24). */
  chunk_chars?: number;
  /** Instead of answering, fail the request the way an API error would. */
  error?: { message: string; status?: number; retryable?: boolean };
}

export interface ScriptedProviderOptions {
  /** The answer once every response was used. */
  exhaustedText?: string;
}

const STOP_REASONS: readonly StopReason[] = [
  'end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal', 'pause_turn', 'aborted', 'error',
];

/** Checks a parsed script (an array of responses or `{ responses: [...] }`); throws a readable error. */
export function parseScript(data: unknown): ScriptedResponse[] {
  const list = Array.isArray(data) ? data : isRecord(data) ? data.responses : undefined;
  if (!Array.isArray(list)) throw new Error('a script must be a JSON array of responses, or an object with a "responses" array');
  list.forEach((response, i) => checkResponse(response, `response ${i + 1}`));
  return list as ScriptedResponse[];
}

export async function loadScript(path: string): Promise<ScriptedResponse[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read script ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`script ${path} is not valid JSON: ${(err as Error).message}`);
  }
  try {
    return parseScript(data);
  } catch (err) {
    throw new Error(`script ${path}: ${(err as Error).message}`);
  }
}

export function createScriptedProvider(responses: readonly ScriptedResponse[], options: ScriptedProviderOptions = {}): Provider {
  parseScript(responses as unknown);
  let next = 0;
  let toolIds = 0;
  const exhausted = (): ScriptedResponse => ({
    content: [{
      type: 'text',
      text: options.exhaustedText ??
        `[scripted provider] The script has no more responses: all ${responses.length} were used. ` +
        'Start again, or give a longer script with --script <file>.',
    }],
    stop_reason: 'end_turn',
  });
  return {
    stream(request, signal) {
      const response = next < responses.length ? responses[next++] : exhausted();
      return replay(response, request, signal, () => `toolu_scripted_${++toolIds}`);
    },
  };
}

async function* replay(
  response: ScriptedResponse,
  request: ProviderRequest,
  signal: AbortSignal,
  newToolId: () => string,
): AsyncGenerator<ProviderEvent> {
  const delay = response.chunk_delay_ms ?? 0;
  const chunkChars = response.chunk_chars ?? 24;
  const pause = async () => {
    if (signal.aborted) throw abortError();
    if (delay > 0) {
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        throw abortError();
      }
    }
  };
  await pause();
  if (response.error) {
    const { message, status, retryable } = response.error;
    throw new ProviderError(message, retryable ?? false, status);
  }

  const content: AssistantBlock[] = [];
  const inputErrors: Record<string, string> = {};
  let outputChars = 0;
  for (const [index, block] of (response.content ?? []).entries()) {
    if (block.type === 'text') {
      for (const text of chunks(block.text, chunkChars)) {
        await pause();
        yield { type: 'text_delta', index, text };
      }
      content.push({ type: 'text', text: block.text });
      outputChars += block.text.length;
    } else if (block.type === 'thinking') {
      for (const thinking of chunks(block.thinking, chunkChars)) {
        await pause();
        yield { type: 'thinking_delta', index, thinking };
      }
      const signature = block.signature ?? fakeSignature(block.thinking);
      content.push({ type: 'thinking', thinking: block.thinking, signature });
      yield { type: 'thinking_end', index, block: { type: 'thinking', thinking: block.thinking, signature } };
      outputChars += block.thinking.length;
    } else {
      const id = block.id ?? newToolId();
      await pause();
      yield { type: 'tool_use_start', index, id, name: block.name };
      const toolUse: CompletedToolUse = { id, name: block.name, input: block.input ?? {} };
      if (block.raw_input !== undefined) {
        try {
          toolUse.input = JSON.parse(block.raw_input);
        } catch (err) {
          toolUse.input = {};
          toolUse.inputError = `the tool input was not valid JSON (${(err as Error).message}): ${block.raw_input.slice(0, 200)}`;
          inputErrors[id] = toolUse.inputError;
        }
      }
      await pause();
      yield { type: 'tool_use_end', index, toolUse };
      content.push({ type: 'tool_use', id, name: block.name, input: toolUse.input });
      // The raw text when there is one: a script may send input too deep for JSON.stringify.
      outputChars += block.raw_input?.length ?? JSON.stringify(toolUse.input).length;
    }
  }

  const usage: Usage = {
    // Rough size estimates (4 characters a token) unless the script states the figures.
    inputTokens: response.usage?.input_tokens ?? Math.ceil(requestChars(request) / 4),
    outputTokens: response.usage?.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4)),
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  };
  const hasToolUse = content.some((b) => b.type === 'tool_use');
  const stopReason = response.stop_reason ?? (hasToolUse ? 'tool_use' : 'end_turn');
  const message: AssistantMessage = { role: 'assistant', content };
  yield { type: 'message_end', message, stopReason, usage, inputErrors };
}

/** Splits text into pieces of about `size` characters, cutting after whitespace where possible. */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    let cut = rest.lastIndexOf(' ', size);
    cut = cut <= 0 ? size : cut + 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) out.push(rest);
  return out;
}

function fakeSignature(thinking: string): string {
  return `scripted-signature:${Buffer.from(thinking.slice(0, 32)).toString('base64')}`;
}

function requestChars(request: ProviderRequest): number {
  return request.system.length + JSON.stringify(request.messages).length + JSON.stringify(request.tools).length;
}

function abortError(): Error {
  const err = new Error('The request was aborted.');
  err.name = 'AbortError';
  return err;
}

function checkResponse(value: unknown, where: string): void {
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  if (value.error !== undefined) {
    if (!isRecord(value.error) || typeof value.error.message !== 'string') {
      throw new Error(`${where}: "error" must be an object with a "message" string`);
    }
    if (value.error.status !== undefined && typeof value.error.status !== 'number') throw new Error(`${where}: error.status must be a number`);
  }
  if (value.stop_reason !== undefined && !STOP_REASONS.includes(value.stop_reason as StopReason)) {
    throw new Error(`${where}: stop_reason must be one of ${STOP_REASONS.join(', ')}`);
  }
  for (const key of ['chunk_delay_ms', 'chunk_chars'] as const) {
    const n = value[key];
    if (n !== undefined && (typeof n !== 'number' || !Number.isFinite(n) || n < (key === 'chunk_chars' ? 1 : 0))) {
      throw new Error(`${where}: ${key} must be a ${key === 'chunk_chars' ? 'positive' : 'non-negative'} number`);
    }
  }
  if (value.content === undefined) {
    if (value.error === undefined) throw new Error(`${where} needs "content" (or "error")`);
    return;
  }
  if (!Array.isArray(value.content)) throw new Error(`${where}: "content" must be an array`);
  value.content.forEach((block: unknown, j: number) => checkBlock(block, `${where}, block ${j + 1}`));
}

function checkBlock(block: unknown, where: string): void {
  if (!isRecord(block)) throw new Error(`${where} must be an object`);
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string') throw new Error(`${where}: a text block needs a "text" string`);
      return;
    case 'thinking':
      if (typeof block.thinking !== 'string') throw new Error(`${where}: a thinking block needs a "thinking" string`);
      return;
    case 'tool_use':
      if (typeof block.name !== 'string' || block.name === '') throw new Error(`${where}: a tool_use block needs a "name"`);
      if (block.raw_input !== undefined && typeof block.raw_input !== 'string') throw new Error(`${where}: "raw_input" must be a string`);
      if (block.id !== undefined && typeof block.id !== 'string') throw new Error(`${where}: "id" must be a string`);
      return;
    default:
      throw new Error(`${where}: "type" must be text, thinking or tool_use`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
