// One request to the model in a turn: the request built from what the agent answers with now,
// the response streamed (response-stream.ts) with its tool calls scheduled as they complete.
import type { AgentConfig } from './agent.js';
import type { ImageBlock, Message } from './conversation.js';
import type { AgentEvent } from './events.js';
import type { FirstCallWarmups } from './first-call-warmup.js';
import { redactDeep, type Redact } from './redact.js';
import { streamResponse, type ResponseOutcome, type StreamRetryOptions } from './response-stream.js';
import { ToolCallBatch } from './scheduler.js';
import { recordWith } from './checkpoints/call-recording.js';
import type { ToolRegistry } from './tool-registry.js';
import type { ToolDefinition } from './providers/provider.js';
import { toolContext, type ToolContextParts } from './tools/tool-context.js';
import { toolCallHooks } from './hooks/tool-call-hooks.js';

/** The provider and model answering now, with their limits (/model changes them between turns). */
export interface Answering {
  provider: AgentConfig['provider'];
  model: string;
  maxTokens: number;
  thinkingBudget?: number | undefined;
}

/** What every request of the agent's turns is made with. */
export interface ModelRequestParts {
  config: AgentConfig;
  registry: ToolRegistry;
  redact: Redact;
  toolParts: ToolContextParts;
  warmups: FirstCallWarmups;
  streamRetry: StreamRetryOptions;
  fitToModel(images: ImageBlock[]): Promise<{ images: ImageBlock[]; notes: string[] }>;
}

export interface ModelRequest {
  answering: Answering;
  system: string;
  messages: Message[];
  tools: ToolDefinition[];
  iteration: number;
  signal: AbortSignal;
  emit(event: AgentEvent): void;
  /** The response's first event arrived, or the request ended without one. */
  answered?: () => void;
}

/** Sends one request and streams its response; never throws (failures are outcomes). */
export function requestModel(parts: ModelRequestParts, req: ModelRequest): Promise<ResponseOutcome> {
  const { config, registry, redact } = parts;
  const { answering, signal } = req;
  req.emit({ type: 'request_start', iteration: req.iteration });
  // While the model has yet to answer, the idle warm-up may use the wait (first-call-warmup.ts).
  parts.warmups.requestSent();
  let answered = false;
  const emit = (e: AgentEvent) => {
    if (!answered) {
      answered = true;
      parts.warmups.responseStarted();
      req.answered?.();
    }
    req.emit(e);
  };
  return streamResponse({
    provider: answering.provider,
    request: {
      model: answering.model,
      system: req.system,
      messages: req.messages,
      tools: req.tools,
      maxTokens: answering.maxTokens,
      ...(answering.thinkingBudget ? { thinkingBudget: answering.thinkingBudget } : {}),
    },
    signal,
    iteration: req.iteration,
    emit,
    onToolStart: parts.warmups.callStarting,
    newBatch: (attemptSignal) =>
      new ToolCallBatch({
        registry,
        emit,
        signal: attemptSignal,
        makeContext: (id) => toolContext(parts.toolParts, id, attemptSignal, emit),
        redact,
        recordChanges: recordWith(config.ledger, emit, config.parentLedger),
        fitImages: parts.fitToModel,
        workspaceRoot: config.workspaceRoot,
        ...(config.permissions ? { permissions: config.permissions } : {}),
        ...(config.hooks ? { hooks: toolCallHooks(config.hooks, registry, (e) => emit(redactDeep(e, redact))) } : {}),
      }),
    retry: parts.streamRetry,
  }).finally(() => {
    parts.warmups.responseStarted();
    req.answered?.();
  });
}
