// Compaction: the conversation before the last few turns becomes one summary message. The model
// (same provider, no tools) writes the summary from a plain-text rendering of that part; results
// the person pinned go into the summary message verbatim.
import type { ImageBlock, Message, ToolResultBlock, ToolUseBlock, Usage, UserBlock, UserMessage } from '../conversation.js';
import { emptyUsage } from '../conversation.js';
import type { Provider, ProviderRequest } from '../providers/provider.js';
import { truncateHeadTail } from '../truncate.js';
import { toolUsesById, type ContextEdits } from './context-edits.js';

/** Turns kept as they are after the summary (the default). */
export const DEFAULT_KEPT_TURNS = 2;
/** Auto-compaction runs before a request that would pass this share of the window. */
export const AUTO_COMPACT_SHARE = 0.85;
/** How much of one tool result the summary request shows (head and tail). */
const RESULT_CHARS_FOR_SUMMARY = 3000;

export const SUMMARY_HEADER = '[The earlier part of this conversation was compacted. Summary of it:]';
export const PINNED_HEADER = '[Tool result pinned by the user, kept verbatim:';
export const DROPPED_IMAGES_HEADER = '[Images the compaction dropped (ask for a file again to see it):';

const SUMMARY_SYSTEM = [
  'You summarise a coding session between a person and a coding agent so that the agent can continue the work from your summary alone.',
  'Write these sections, each as short bullet points:',
  'Task: what the person wants overall.',
  'Decisions: what was decided or agreed, and why when it matters.',
  'Files: every file read, created or changed, with its state now (path: what it contains or what changed).',
  'Open problems: errors not yet solved, questions not yet answered, what remains to do.',
  'Last request: the person\'s most recent request, quoted or closely paraphrased.',
  'Keep exact names, paths, commands and error messages. Do not invent anything. Do not call tools.',
].join('\n');

/**
 * Where the kept part starts: the first message of the last `keepTurns` turns (a turn starts at a
 * user message with text). With too few turns before it, fewer are kept; within a single turn the
 * last exchange (an assistant message and the results after it) is kept. 0 when there is nothing
 * to summarise.
 */
export function keptFrom(messages: readonly Message[], keepTurns = DEFAULT_KEPT_TURNS): number {
  const starts = messages.flatMap((m, i) => (m.role === 'user' && m.content.some((b) => b.type === 'text') ? [i] : []));
  for (let keep = Math.max(1, keepTurns); keep >= 1; keep--) {
    const at = starts.at(-keep);
    if (at !== undefined && at > 0) return at;
  }
  let lastAssistant = messages.length - 1;
  while (lastAssistant >= 0 && messages[lastAssistant]!.role !== 'assistant') lastAssistant--;
  return lastAssistant > 1 ? lastAssistant : 0;
}

/** The summary request: no tools, the earlier part as text, the person's instructions last. */
export function summaryRequest(opts: { model: string; maxTokens: number; earlier: readonly Message[]; edits: ContextEdits; instructions?: string; plan?: string }): ProviderRequest {
  const transcript = renderTranscript(opts.edits.apply(opts.earlier));
  const ask = [
    'Here is the conversation so far:',
    '',
    transcript,
    '',
    ...(opts.plan ? ['The task plan the agent keeps (it goes on after the summary as it is; restate where each step stands):', opts.plan, ''] : []),
    'Write the summary now.',
    ...(opts.instructions?.trim() ? ['', `Instructions from the person for this summary: ${opts.instructions.trim()}`] : []),
  ].join('\n');
  return { model: opts.model, system: SUMMARY_SYSTEM, messages: [{ role: 'user', content: [{ type: 'text', text: ask }] }], tools: [], maxTokens: opts.maxTokens };
}

/** The conversation as plain text: who said what, which tools were called and what they returned. */
export function renderTranscript(messages: readonly Message[]): string {
  const uses = toolUsesById(messages);
  const out: string[] = [];
  for (const m of messages) {
    for (const b of m.content) {
      if (b.type === 'text') out.push(`${m.role === 'user' ? 'Person' : 'Agent'}: ${b.text}`);
      else if (b.type === 'tool_use') out.push(`Agent called ${b.name} ${JSON.stringify(b.input)}`);
      else if (b.type === 'tool_result') {
        const name = uses.get(b.tool_use_id)?.name ?? 'tool';
        out.push(`Result of ${name}${b.is_error ? ' (error)' : ''}:\n${truncateHeadTail(b.content, RESULT_CHARS_FOR_SUMMARY)}`);
        for (const image of b.images ?? []) out.push(`(with an image: ${imageLine(image)})`);
      } else if (b.type === 'image') out.push(`Person attached an image: ${imageLine(b)}`);
    }
  }
  return out.join('\n\n');
}

/** Asks the provider for the summary; throws what the provider throws, or when it says nothing. */
export async function requestSummary(provider: Provider, request: ProviderRequest, signal: AbortSignal): Promise<{ text: string; usage: Usage }> {
  let text = '';
  let usage = emptyUsage();
  for await (const ev of provider.stream(request, signal)) {
    if (ev.type === 'message_end') {
      text = ev.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      usage = ev.usage;
    }
  }
  if (!text.trim()) throw new Error('the model returned an empty summary');
  return { text: text.trim(), usage };
}

/** The message that replaces the earlier part: the summary, then every pinned result in it verbatim. */
export function summaryMessage(summary: string, earlier: readonly Message[], edits: ContextEdits, plan?: string): UserMessage {
  const uses = toolUsesById(earlier);
  const results = earlier.flatMap((m) => (m.role === 'user' ? m.content.filter((b): b is ToolResultBlock => b.type === 'tool_result') : []));
  const pinned = results.filter((b) => edits.isPinned(b.tool_use_id));
  // Images go with what they were in: a pinned result keeps its images, every other one is named.
  const dropped = [
    ...earlier.flatMap((m) => (m.role === 'user' ? m.content.filter((b): b is ImageBlock => b.type === 'image') : [])),
    ...results.filter((b) => !edits.isPinned(b.tool_use_id)).flatMap((b) => b.images ?? []),
  ];
  const content: UserBlock[] = [{ type: 'text', text: `${SUMMARY_HEADER}\n${summary}` }];
  if (dropped.length > 0) content.push({ type: 'text', text: `${DROPPED_IMAGES_HEADER} ${dropped.map(imageLine).join('; ')}]` });
  for (const b of pinned) content.push({ type: 'text', text: pinnedText(uses.get(b.tool_use_id), b) }, ...(b.images ?? []));
  if (plan) content.push({ type: 'text', text: plan });
  return { role: 'user', content };
}

const imageLine = (image: ImageBlock) => `${image.name}, ${image.width}×${image.height}`;

function pinnedText(use: ToolUseBlock | undefined, result: ToolResultBlock): string {
  const call = use ? `${use.name} ${JSON.stringify(use.input)}` : result.tool_use_id;
  return `${PINNED_HEADER} ${call}]\n${result.content}`;
}
