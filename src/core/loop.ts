// The agent loop: prompt → stream → run tool calls → send results → repeat until a response
// calls no tools. Everything it does is published as AgentEvents.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Agent, AgentConfig } from './agent.js';
import {
  addUsage,
  emptyUsage,
  toolUses,
  type AssistantBlock,
  type AssistantMessage,
  type Message,
  type StopReason,
  type Usage,
} from './conversation.js';
import { EventQueue } from './event-queue.js';
import type { AgentEvent, TurnEndReason } from './events.js';
import { repairHistory } from './history-repair.js';
import { ProviderError, type CompletedToolUse } from './providers/provider.js';
import { ToolCallBatch } from './scheduler.js';
import { createRedactor, redactDeep } from './redact.js';
import { defaultSystemPrompt } from './system-prompt.js';
import { ToolRegistry } from './tool-registry.js';
import type { SessionState, ToolContext, ToolInputChannel } from './tools/tool.js';

export const DEFAULT_MAX_ITERATIONS = 50;
const DEFAULT_PANE = { cols: 120, rows: 30 };

export function createAgent(config: AgentConfig): Agent {
  const registry = new ToolRegistry(config.tools);
  const inputs = new Map<string, ToolInputChannel>();
  const session: SessionState = {
    readFiles: new Map(),
    sessionDir: config.sessionDir ?? path.join(os.tmpdir(), `inkling-${process.pid}-${randomBytes(4).toString('hex')}`),
    secretEnvNames: new Set(config.secretEnvNames ?? []),
  };
  let messages: Message[] = [];
  let sessionUsage = emptyUsage();
  let paneSize = config.paneSize ?? DEFAULT_PANE;
  let running = false;
  const redact = createRedactor(config.secretValues ?? []);

  const agent: Agent = {
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
    },
    async dispose() {
      await rm(session.sessionDir, { recursive: true, force: true });
    },
  };

  const systemPrompt = config.systemPrompt ?? defaultSystemPrompt({ workspaceRoot: config.workspaceRoot, toolNames: registry.names() });
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;

  async function runTurn(prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<void> {
    let turnUsage = emptyUsage();
    const end = (reason: TurnEndReason) => emit({ type: 'turn_end', reason });
    emit({ type: 'turn_start', prompt });
    messages = repairHistory([...messages, { role: 'user', content: [{ type: 'text', text: prompt }] }]);

    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (signal.aborted) return end('aborted');
      messages = repairHistory(messages);
      emit({ type: 'request_start', iteration });
      const batch = new ToolCallBatch({ registry, emit, signal, makeContext: (id) => makeContext(id, signal, emit), redact });
      const partial = new PartialMessage();
      let final: { message: AssistantMessage; stopReason: StopReason; usage: Usage } | undefined;
      try {
        const stream = config.provider.stream(
          {
            model: config.model,
            system: systemPrompt,
            messages,
            tools: registry.definitions(),
            maxTokens: config.maxTokens,
            ...(config.thinkingBudget ? { thinkingBudget: config.thinkingBudget } : {}),
          },
          signal,
        );
        for await (const ev of stream) {
          if (ev.type === 'text_delta') {
            partial.text(ev.index, ev.text);
            emit({ type: 'text_delta', text: ev.text });
          } else if (ev.type === 'thinking_delta') {
            emit({ type: 'thinking_delta', thinking: ev.thinking });
          } else if (ev.type === 'thinking_end') {
            partial.block(ev.index, ev.block);
          } else if (ev.type === 'tool_use_end') {
            partial.toolUse(ev.index, ev.toolUse);
            batch.add(ev.toolUse);
          } else if (ev.type === 'retry') {
            emit({ type: 'retry', attempt: ev.attempt, delayMs: ev.delayMs, reason: ev.reason, ...(ev.status ? { status: ev.status } : {}) });
          } else if (ev.type === 'message_end') {
            final = { message: ev.message, stopReason: ev.stopReason, usage: ev.usage };
            // Calls whose blocks arrived without a tool_use_end event (providers may skip it).
            for (const use of toolUses(ev.message)) {
              if (!partial.hasToolUse(use.id)) {
                const toolUse: CompletedToolUse = { id: use.id, name: use.name, input: use.input };
                if (ev.inputErrors[use.id]) toolUse.inputError = ev.inputErrors[use.id];
                partial.toolUse(Number.MAX_SAFE_INTEGER, toolUse);
                batch.add(toolUse);
              }
            }
          }
        }
      } catch (err) {
        const aborted = signal.aborted || isAbortError(err);
        batch.abandonQueued('Not run: the model response failed before it was complete.');
        await recordPartial(partial, batch);
        if (aborted) return end('aborted');
        const retryable = err instanceof ProviderError ? err.retryable : false;
        emit({ type: 'error', message: errorMessage(err), retryable });
        return end('error');
      }
      if (!final) {
        batch.abandonQueued('Not run: the model response ended before it was complete.');
        await recordPartial(partial, batch);
        if (signal.aborted) return end('aborted');
        emit({ type: 'error', message: 'The model stream ended without a complete message.', retryable: true });
        return end('error');
      }

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
  async function recordPartial(partial: PartialMessage, batch: ToolCallBatch): Promise<void> {
    const content = partial.blocks();
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

/** Text and completed tool calls streamed so far, in block order. */
class PartialMessage {
  private readonly byIndex = new Map<number, AssistantBlock>();
  private readonly ids = new Set<string>();

  text(index: number, text: string): void {
    const block = this.byIndex.get(index);
    if (block?.type === 'text') block.text += text;
    else this.byIndex.set(index, { type: 'text', text });
  }

  block(index: number, block: AssistantBlock): void {
    this.byIndex.set(index, block);
  }

  toolUse(index: number, use: CompletedToolUse): void {
    this.ids.add(use.id);
    this.byIndex.set(index === Number.MAX_SAFE_INTEGER ? 1e9 + this.ids.size : index, {
      type: 'tool_use',
      id: use.id,
      name: use.name,
      input: use.inputError ? {} : use.input,
    });
  }

  hasToolUse(id: string): boolean {
    return this.ids.has(id);
  }

  blocks(): AssistantBlock[] {
    return [...this.byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
  }
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'APIUserAbortError');
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
