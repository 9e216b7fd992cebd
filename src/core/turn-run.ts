// One turn of the agent: the prompt becomes a user message, then request after request
// (model-request.ts) until a response calls no tools, compacting when the context fills, with
// the turn's ending told as turn_end.
import type { AssistantBlock, ImageBlock, Message, Usage } from './conversation.js';
import { addUsage, emptyUsage, toolUses } from './conversation.js';
import type { AgentEvent, TurnEndReason } from './events.js';
import { repairHistory } from './history-repair.js';
import type { ToolCallBatch } from './scheduler.js';
import { AUTO_COMPACT_SHARE, keptFrom } from './context/compaction.js';
import type { CompactionRun } from './context/compact-conversation.js';
import type { ConversationContext } from './context/conversation-context.js';
import { imageMeta } from './images/image-blocks.js';
import { stopHooksContinue, type StopState } from './hooks/turn-hooks.js';
import { withStoredRead } from './sessions/stored-fields.js';
import type { JobTable } from './jobs/job-table.js';
import type { ConversationRecorder } from './sessions/recorder.js';
import { requestModel, type Answering, type ModelRequestParts } from './model-request.js';
import { promptContent, type TurnPromptParts } from './turn-prompt.js';

/** What turns change: the conversation, the session's usage, the model answering. */
export interface AgentTurnState {
  messages: Message[];
  sessionUsage: Usage;
  answering: Answering;
}

export type CompactOutcome = 'compacted' | 'nothing' | 'aborted' | 'failed';

export interface TurnRunParts extends ModelRequestParts, TurnPromptParts {
  state: AgentTurnState;
  context: ConversationContext;
  jobs: JobTable;
  recorder: ConversationRecorder | undefined;
  maxIterations: number;
  autoCompact: boolean;
  compact(run: Pick<CompactionRun, 'reason' | 'instructions' | 'signal' | 'emit'> & { imagesFirst?: boolean }): Promise<CompactOutcome>;
}

export async function runTurn(parts: TurnRunParts, prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void, images: ImageBlock[]): Promise<void> {
  const { state, config, context, registry, jobs, recorder, autoCompact, maxIterations, compact } = parts;
  let turnUsage = emptyUsage();
  let compactionFutile = false;
  let tooLongRetried = false;
  const stop: StopState = { active: false };
  // The ledger's mark of the prompt may still be running: the turn's events (turn_checkpoint) end before turn_end.
  let marked: Promise<unknown> = Promise.resolve();
  // The model's first answer of the turn (or the turn's end without one): a mark whose notes are known starts then.
  let answered: () => void = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
  const end = async (reason: TurnEndReason) => {
    answered();
    await marked;
    emit({ type: 'turn_end', reason });
  };
  emit({ type: 'turn_start', prompt, ...(images.length ? { images: images.map(imageMeta) } : {}) });
  const turnPrompt = await promptContent(parts, prompt, images, signal, emit, firstAnswer);
  if (turnPrompt === null) return end('end_turn');
  const { content } = turnPrompt;
  marked = turnPrompt.marked;
  parts.turns.add(content, prompt);
  const unrecorded = recorder?.prompt(prompt, content);
  if (unrecorded) emit({ type: 'notice', message: unrecorded });
  state.messages = repairHistory([...state.messages, { role: 'user', content }]);

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    if (signal.aborted) return end('aborted');
    state.messages = jobs.withEndNotes(repairHistory(state.messages));
    if (config.extraTools) registry.setExtra(config.extraTools());
    // (Only when there is something before the kept turns to summarise.)
    if (autoCompact && !compactionFutile && context.wouldOverflow(context.tokens(registry.definitions(), state.messages)) && keptFrom(state.messages) > 0) {
      const before = context.tokens(registry.definitions(), state.messages);
      emit({ type: 'notice', message: `The context is past ${Math.round(AUTO_COMPACT_SHARE * 100)} % of the window: compacting the conversation first.` });
      const compacted = await compact({ reason: 'auto', signal, emit, imagesFirst: true });
      if (compacted === 'aborted' || signal.aborted) return end('aborted');
      if (compacted === 'failed') return end('error');
      // A summary that barely helps (the kept turns are the bulk) is not tried again this turn.
      if (compacted === 'nothing' || context.tokens(registry.definitions(), state.messages) > before * 0.9) compactionFutile = true;
    }
    const tools = registry.definitions();
    const sent = withStoredRead(context.sent(state.messages));
    const answering = state.answering;
    const outcome = await requestModel(parts, { answering, system: context.system, messages: sent, tools, iteration, signal, emit, answered });
    const batch = outcome.batch;
    if (outcome.kind === 'failed' && outcome.partial.length === 0 && context.sight.refusedImages(answering.model, outcome.cause, sent)) {
      emit({ type: 'notice', message: `${answering.model} cannot see images: asking again with a line naming each image instead.` });
      continue;
    }
    if (outcome.kind === 'failed' && outcome.cause === 'context_too_long' && outcome.partial.length === 0 && autoCompact && !tooLongRetried) {
      // The window is smaller than the catalog thought (or the estimate was short): compact once, ask again.
      tooLongRetried = true;
      emit({ type: 'notice', message: "The request was too long for the model's context window: compacting the conversation, then asking again." });
      const compacted = keptFrom(state.messages) > 0 ? await compact({ reason: 'auto', signal, emit }) : 'nothing';
      if (compacted === 'aborted' || signal.aborted) return end('aborted');
      if (compacted === 'compacted') continue;
    }
    if (outcome.kind !== 'complete') {
      await recordPartial(parts, outcome.partial, batch);
      if (outcome.kind === 'aborted' || signal.aborted) return end('aborted');
      emit({ type: 'error', message: outcome.hint ? `${outcome.message}\n(${outcome.hint})` : outcome.message, retryable: outcome.retryable });
      return end('error');
    }
    const final = outcome;
    context.observe(tools, sent, final.usage);

    state.messages.push(final.message);
    emit({ type: 'message_end', message: final.message, stopReason: final.stopReason });
    turnUsage = addUsage(turnUsage, final.usage);
    state.sessionUsage = addUsage(state.sessionUsage, final.usage);
    emit({ type: 'usage', usage: final.usage, turn: turnUsage, session: state.sessionUsage });

    const uses = toolUses(final.message);
    if (uses.length > 0) {
      const results = await batch.results();
      state.messages.push({ role: 'user', content: results });
      for (const pinned of context.pin(registry.definitions(), state.messages, registry.resultsToPin(uses, results))) emit(pinned);
      if (signal.aborted || batch.stoppedByPerson) return end('aborted');
      if (final.stopReason === 'max_tokens') return end('max_tokens');
      if (batch.endsTurn) return end('end_turn');
      continue;
    }
    if (signal.aborted) return end('aborted');
    if (final.stopReason === 'max_tokens') return end('max_tokens');
    if (final.stopReason === 'pause_turn') continue; // the API wants the same conversation sent again
    if (await stopHooksContinue(config.hooks, stop, state.messages, signal, emit, config.subagent)) continue;
    return end('end_turn');
  }
  emit({ type: 'notice', message: `Stopped after ${maxIterations} model requests in one turn (the iteration cap). Send a message to continue.` });
  await end('max_iterations');
}

/** After an interrupt or error mid-stream, keep what was said and give every started call a result. */
async function recordPartial(parts: TurnRunParts, content: AssistantBlock[], batch: ToolCallBatch): Promise<void> {
  if (content.length === 0) return;
  parts.recorder?.partial(content);
  parts.state.messages.push({ role: 'assistant', content });
  if (content.some((b) => b.type === 'tool_use')) {
    parts.state.messages.push({ role: 'user', content: await batch.results() });
  }
}
