// The agent loop: prompt → stream (response-stream.ts) → run tool calls → send results → repeat
// until a response calls no tools. Everything it does is published as AgentEvents.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Agent, AgentConfig, ModelSwitching } from './agent.js';
import { addUsage, emptyUsage, toolUses, type AssistantBlock, type Message, type UserBlock } from './conversation.js';
import { EventQueue } from './event-queue.js';
import type { AgentEvent, TurnEndReason } from './events.js';
import { repairHistory } from './history-repair.js';
import { DEFAULT_STREAM_RETRY, streamResponse } from './response-stream.js';
import { ToolCallBatch, type SchedulerDeps } from './scheduler.js';
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import { createRedactor, redactDeep } from './redact.js';
import { defaultSystemPrompt } from './system-prompt.js';
import { ToolRegistry } from './tool-registry.js';
import type { SessionState, ToolContext, ToolInputChannel } from './tools/tool.js';
import { TurnMarks } from './turn-marks.js';

export const DEFAULT_MAX_ITERATIONS = 50;
const DEFAULT_PANE = { cols: 120, rows: 30 };

export function createAgent(config: AgentConfig): Agent & ModelSwitching {
  const registry = new ToolRegistry(config.tools);
  const inputs = new Map<string, ToolInputChannel>();
  const session: SessionState = {
    readFiles: new Map(),
    sessionDir: config.sessionDir ?? path.join(os.tmpdir(), `inkling-${process.pid}-${randomBytes(4).toString('hex')}`),
    secretEnvNames: new Set(config.secretEnvNames ?? []),
    ...(config.sandbox ? { sandbox: config.sandbox } : {}),
  };
  let messages: Message[] = [];
  let sessionUsage = emptyUsage();
  let paneSize = config.paneSize ?? DEFAULT_PANE;
  let running = false;
  const turns = new TurnMarks();
  const redact = createRedactor(config.secretValues ?? []);
  let answering = { provider: config.provider, model: config.model };

  const agent: Agent & ModelSwitching = {
    get model() {
      return answering.model;
    },
    get provider() {
      return answering.provider;
    },
    useModel({ model, provider }) {
      answering = { provider: provider ?? answering.provider, model };
    },
    get messages() {
      return messages;
    },
    get usage() {
      return sessionUsage;
    },
    run(prompt, opts = {}) {
      if (running) throw new Error('a turn is already running');
      running = true;
      const queue = new EventQueue<AgentEvent>();
      const controller = new AbortController();
      // Every running tool listens for the interrupt; many may run in one turn.
      setMaxListeners(0, controller.signal);
      const onOuterAbort = () => controller.abort();
      if (opts.signal?.aborted) controller.abort();
      opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
      const turn = runTurn(prompt, controller.signal, (e) => queue.push(e)).finally(() => {
        opts.signal?.removeEventListener('abort', onOuterAbort);
        running = false;
        queue.close();
      });
      void turn;
      return {
        [Symbol.asyncIterator]() {
          return {
            next: () => queue.next(),
            // A consumer that stops listening ends the turn.
            return: async () => {
              controller.abort();
              await turn;
              return { value: undefined, done: true };
            },
          };
        },
      };
    },
    writeToTool(id, data) {
      const channel = inputs.get(id);
      if (!channel) return false;
      channel.write(data);
      return true;
    },
    resizeTool(id, cols, rows) {
      const channel = inputs.get(id);
      if (!channel) return false;
      channel.resize(cols, rows);
      return true;
    },
    setPaneSize(cols, rows) {
      paneSize = { cols, rows };
    },
    clear() {
      messages = [];
      turns.clear();
      config.ledger?.switchSession().catch(() => undefined);
    },
    get ledger() {
      return config.ledger;
    },
    rewindConversation(n) {
      if (running) throw new Error('a turn is running');
      const cut = turns.truncate(messages, n);
      if (!cut) return undefined;
      messages = cut.messages;
      return { prompt: cut.prompt };
    },
    async dispose() {
      await rm(session.sessionDir, { recursive: true, force: true });
    },
  };

  const systemPrompt = config.systemPrompt ?? defaultSystemPrompt({ workspaceRoot: config.workspaceRoot, toolNames: registry.names() });
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const streamRetry = { ...DEFAULT_STREAM_RETRY, ...config.streamRetry };

  async function runTurn(prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<void> {
    let turnUsage = emptyUsage();
    const end = (reason: TurnEndReason) => emit({ type: 'turn_end', reason });
    emit({ type: 'turn_start', prompt });
    // The ledger marks the prompt and hands over what the model must hear first (an undo since).
    const notes = config.ledger ? await config.ledger.beginTurn(prompt, turns.next, emit) : [];
    const content: UserBlock[] = [...notes.map((text) => ({ type: 'text' as const, text })), { type: 'text', text: prompt }];
    turns.add(content, prompt);
    messages = repairHistory([...messages, { role: 'user', content }]);

    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (signal.aborted) return end('aborted');
      messages = repairHistory(messages);
      if (config.extraTools) registry.setExtra(config.extraTools());
      emit({ type: 'request_start', iteration });
      const outcome = await streamResponse({
        provider: answering.provider,
        request: {
          model: answering.model,
          system: systemPrompt,
          messages,
          tools: registry.definitions(),
          maxTokens: config.maxTokens,
          ...(config.thinkingBudget ? { thinkingBudget: config.thinkingBudget } : {}),
        },
        signal,
        iteration,
        emit,
        newBatch: (attemptSignal) =>
          new ToolCallBatch({
            registry,
            emit,
            signal: attemptSignal,
            makeContext: (id) => makeContext(id, attemptSignal, emit),
            redact,
            recordChanges: recordWith(config.ledger, emit),
          }),
        retry: streamRetry,
      });
      const batch = outcome.batch;
      if (outcome.kind !== 'complete') {
        await recordPartial(outcome.partial, batch);
        if (outcome.kind === 'aborted' || signal.aborted) return end('aborted');
        emit({ type: 'error', message: outcome.hint ? `${outcome.message}\n(${outcome.hint})` : outcome.message, retryable: outcome.retryable });
        return end('error');
      }
      const final = outcome;

      messages.push(final.message);
      emit({ type: 'message_end', message: final.message, stopReason: final.stopReason });
      turnUsage = addUsage(turnUsage, final.usage);
      sessionUsage = addUsage(sessionUsage, final.usage);
      emit({ type: 'usage', usage: final.usage, turn: turnUsage, session: sessionUsage });

      const uses = toolUses(final.message);
      if (uses.length > 0) {
        const results = await batch.results();
        messages.push({ role: 'user', content: results });
        if (signal.aborted) return end('aborted');
        if (final.stopReason === 'max_tokens') return end('max_tokens');
        continue;
      }
      if (signal.aborted) return end('aborted');
      if (final.stopReason === 'max_tokens') return end('max_tokens');
      if (final.stopReason === 'pause_turn') continue; // the API wants the same conversation sent again
      return end('end_turn');
    }
    emit({ type: 'notice', message: `Stopped after ${maxIterations} model requests in one turn (the iteration cap). Send a message to continue.` });
    end('max_iterations');
  }

  /** After an interrupt or error mid-stream, keep what was said and give every started call a result. */
  async function recordPartial(content: AssistantBlock[], batch: ToolCallBatch): Promise<void> {
    if (content.length === 0) return;
    messages.push({ role: 'assistant', content });
    if (content.some((b) => b.type === 'tool_use')) {
      messages.push({ role: 'user', content: await batch.results() });
    }
  }

  function makeContext(toolCallId: string, signal: AbortSignal, emit: (e: AgentEvent) => void): ToolContext {
    return {
      workspaceRoot: config.workspaceRoot,
      signal,
      toolCallId,
      session,
      reportOutput: (details) => emit({ type: 'tool_output', id: toolCallId, details: redactDeep(details, redact) }),
      attachInput: (channel) => {
        inputs.set(toolCallId, channel);
        return () => {
          if (inputs.get(toolCallId) === channel) inputs.delete(toolCallId);
        };
      },
      paneSize: () => paneSize,
    };
  }

  return agent;
}

/** The scheduler's hook around calls that may write: the ledger's snapshots, when there is a ledger. */
function recordWith(ledger: ChangeLedger | undefined, emit: (e: AgentEvent) => void): SchedulerDeps['recordChanges'] {
  return ledger ? (use, run) => ledger.recordCall(use, run, emit) : undefined;
}
