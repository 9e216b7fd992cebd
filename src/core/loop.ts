// The agent loop: prompt → stream (response-stream.ts) → run tool calls → send results → repeat
// until a response calls no tools. Everything it does is published as AgentEvents.
import { setMaxListeners } from 'node:events';
import type { Agent, AgentConfig, ModelSwitching, SystemPromptReload } from './agent.js';
import { addUsage, emptyUsage, toolUses, type AssistantBlock, type ImageBlock, type Message, type UserBlock } from './conversation.js';
import { EventQueue } from './event-queue.js';
import { childRequestUsage } from './agents/child-usage.js';
import { SecretRequests } from './secret-requests.js';
import type { AgentEvent, TurnEndReason } from './events.js';
import { repairHistory } from './history-repair.js';
import { DEFAULT_STREAM_RETRY, streamResponse } from './response-stream.js';
import { ToolCallBatch } from './scheduler.js';
import { recordWith } from './checkpoints/call-recording.js';
import { createRedactor, redactDeep } from './redact.js';
import { defaultSystemPrompt } from './system-prompt.js';
import { ToolRegistry } from './tool-registry.js';
import { firstCallWarmups } from './first-call-warmup.js';
import { compactConversation, type CompactionRun } from './context/compact-conversation.js';
import { AUTO_COMPACT_SHARE, keptFrom } from './context/compaction.js';
import { dropImagesPass } from './context/drop-images.js';
import { ConversationContext } from './context/conversation-context.js';
import { contextWindow } from './providers/models.js';
import { fitImages, imageLimits } from './images/downscale.js';
import { imageMeta } from './images/image-blocks.js';
import type { ToolInputChannel } from './tools/tool.js';
import { inputSenders, toolContext } from './tools/tool-context.js';
import { newSessionState } from './session-state.js';
import { TurnMarks } from './turn-marks.js';
import { toolCallHooks } from './hooks/tool-call-hooks.js';
import { stopHooksContinue, TurnHooks, type StopState } from './hooks/turn-hooks.js';
import { endSession } from './session-end.js';
import { withStoredRead } from './sessions/stored-fields.js';
import { conversationRewinds } from './conversation-rewind.js';
import { runPersonCommand } from './person-shell.js';
import type { RestoredSession } from './sessions/session-restore.js';

export const DEFAULT_MAX_ITERATIONS = 50;
const DEFAULT_PANE = { cols: 120, rows: 30 };

export function createAgent(config: AgentConfig): Agent & ModelSwitching & SystemPromptReload {
  const registry = new ToolRegistry(config.tools);
  const inputs = new Map<string, ToolInputChannel>();
  const secrets = config.secretRequests ?? new SecretRequests();
  const recorder = config.recorder;
  const session = newSessionState(config, recorder?.logsDir);
  const jobs = session.jobs;
  let messages: Message[] = [];
  let sessionUsage = emptyUsage();
  let paneSize = config.paneSize ?? DEFAULT_PANE;
  let running = false;
  const turns = new TurnMarks();
  const turnHooks = new TurnHooks(config.hooks, config.subagent);
  const redact = createRedactor(config.secretValues ?? []);
  // Bash logs on disk are redacted as they are written, like everything the model sees.
  session.redact = redact;
  let answering: { provider: AgentConfig['provider']; model: string; maxTokens: number; thinkingBudget?: number | undefined } = { provider: config.provider, model: config.model, maxTokens: config.maxTokens, thinkingBudget: config.thinkingBudget };
  // The idle warm-up waits while a turn runs; a call streaming in starts its own loads.
  const warmups = firstCallWarmups({ permissions: config.permissions, tools: config.tools, ledger: config.ledger });
  // Every event, in a turn or not, goes to the session recorder and onEvent before consumers see it.
  const publish = (emit: (e: AgentEvent) => void) => {
    const send = (e: AgentEvent) => {
      // Children's requests count in the session's usage (the status line, /cost); the turn's stays the parent's own.
      const child = childRequestUsage(e);
      if (child) sessionUsage = addUsage(sessionUsage, child);
      const unrecorded = recorder?.event(e);
      config.onEvent?.(e);
      emit(e);
      if (unrecorded) emit({ type: 'notice', message: unrecorded });
      turnHooks.noticeWaiting(e);
      // The plan follows the agent's events (reset on a new prompt, the stall marker): its change comes right after.
      const planned = config.plan?.observe(e);
      if (planned) send(planned);
    };
    return send;
  };

  const rewinds = conversationRewinds({
    get running() {
      return running;
    },
    get messages() {
      return messages;
    },
    set messages(m) {
      messages = m;
    },
    turns,
    recorder,
    adopt,
    movedSession: () => {
      if (recorder) session.sessionDir = recorder.logsDir;
    },
  });

  const agent: Agent & ModelSwitching & SystemPromptReload = {
    get model() {
      return answering.model;
    },
    get provider() {
      return answering.provider;
    },
    useModel({ model, provider, thinking }) {
      answering = { ...answering, provider: provider ?? answering.provider, model, ...thinking };
    },
    get messages() {
      return messages;
    },
    get usage() {
      return sessionUsage;
    },
    run(prompt, opts = {}) {
      return exclusive(opts.signal, (signal, emit) => runTurn(prompt, signal, emit, opts.images ?? []));
    },
    runShell(command, opts = {}) {
      return exclusive(opts.signal, (signal, emit) => runPersonCommand(command, shellNotes, { registry, redact, workspaceRoot: config.workspaceRoot, signal, emit, makeContext: (id) => toolContext(toolParts, id, signal, emit), ledger: config.ledger, permissions: config.permissions }));
    },
    compact(instructions, opts = {}) {
      return exclusive(opts.signal, async (signal, emit) => {
        const outcome = await compact({ reason: 'manual', ...(instructions ? { instructions } : {}), signal, emit });
        if (outcome === 'nothing') emit({ type: 'notice', message: 'Nothing to compact yet: the conversation is no longer than the turns compaction keeps.' });
      });
    },
    setContextEdit(id, edit) {
      const ev = context.setEdit(registry.definitions(), messages, id, edit);
      if (ev) publish(() => undefined)(ev);
      return ev;
    },
    toolCallCost(id) {
      return context.toolCallCost(messages, id);
    },
    contextBreakdown() {
      return context.breakdown(registry.definitions(), messages);
    },
    get contextWindow() {
      return context.window();
    },
    ...inputSenders(inputs),
    setPaneSize(cols, rows) {
      paneSize = { cols, rows };
    },
    setSystemPrompt: (system, memory) => context.setSystem(system, memory),
    jobs,
    plan: config.plan,
    clear() {
      void jobs.killAll('/clear');
      config.plan?.clear();
      turnHooks.cleared();
      messages = [];
      turns.clear();
      context.edits.clear();
      const next = recorder?.startNew();
      if (recorder) session.sessionDir = recorder.logsDir;
      config.ledger?.switchSession(next).catch(() => undefined);
    },
    get sessionId() {
      return recorder?.id;
    },
    resume(restored) {
      if (running) throw new Error('a turn is running');
      adopt(restored);
      // The earlier run's jobs join the list (as ended), under the ids the view then shows.
      restored.jobs = jobs.adopt(restored.jobs);
      config.plan?.restore(restored.plan);
      sessionUsage = restored.usage;
      if (recorder) {
        recorder.continueSession(restored.id, restored.logs);
        session.sessionDir = recorder.logsDir;
      }
      config.ledger?.switchSession(restored.id).catch(() => undefined);
    },
    get ledger() {
      return config.ledger;
    },
    warmUp: () => warmups.warmUp(),
    answerSecret: (id, answer) => secrets.answer(id, answer),
    respondToApproval(id, decision) {
      return config.permissions?.respond(id, decision) ?? false;
    },
    get permissionMode() {
      return config.permissions?.mode;
    },
    setPermissionMode(mode) {
      if (!config.permissions || config.permissions.mode === mode) return;
      config.permissions.mode = mode;
      // Told to the recorder and onEvent (a resumed session knows its mode); the caller knows already.
      publish(() => undefined)({ type: 'permission_mode', mode });
    },
    ...rewinds,
    dispose: () => endSession({ jobs, turnHooks, ledger: config.ledger, recorder, sessionDir: session.sessionDir }),
  };

  /** The conversation, its turns and its context edits as a session's records rebuild them. */
  function adopt(restored: Pick<RestoredSession, 'messages' | 'prompts' | 'contextEdits'>): void {
    messages = restored.messages.slice();
    turnHooks.sessionAgain('resume');
    turns.clear();
    for (const p of restored.prompts) turns.add(p.content, p.prompt);
    context.edits.clear();
    for (const [id, edit] of restored.contextEdits) context.edits.set(id, edit);
  }

  /**
   * Runs `work` (a turn, a compaction) as the one thing running, its events as an async iterable;
   * the caller's signal or a consumer that stops listening ends it.
   */
  function exclusive(outer: AbortSignal | undefined, work: (signal: AbortSignal, emit: (e: AgentEvent) => void) => Promise<void>): AsyncIterable<AgentEvent> {
    if (running) throw new Error('a turn is already running');
    running = true;
    warmups.turnStarted();
    const queue = new EventQueue<AgentEvent>();
    const controller = new AbortController();
    // Every running tool listens for the interrupt; many may run in one turn.
    setMaxListeners(0, controller.signal);
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    const done = work(controller.signal, publish((e) => queue.push(e))).finally(() => {
      outer?.removeEventListener('abort', onOuterAbort);
      running = false;
      warmups.turnEnded();
      queue.close();
    });
    void done;
    return {
      [Symbol.asyncIterator]() {
        return {
          next: () => queue.next(),
          // A consumer that stops listening ends the turn.
          return: async () => {
            controller.abort();
            await done;
            return { value: undefined, done: true };
          },
        };
      },
    };
  }

  /** Compacts the conversation in place; what happened, for the caller to act on. */
  /** `imagesFirst`: drop unpinned images, and summarise only if the context would still overflow. */
  async function compact(run: Pick<CompactionRun, 'reason' | 'instructions' | 'signal' | 'emit'> & { imagesFirst?: boolean }): Promise<'compacted' | 'nothing' | 'aborted' | 'failed'> {
    await turnHooks.beforeCompact(run.reason, run.instructions, run.signal, run.emit);
    const pass = run.imagesFirst ? dropImagesPass({ messages, context, tools: registry.definitions(), emit: run.emit }) : null;
    if (pass) messages = pass.messages;
    if (pass && !context.wouldOverflow(pass.tokensAfter)) return 'compacted';
    const outcome = await compactConversation({
      ...run,
      messages,
      context,
      tools: registry.definitions(),
      provider: answering.provider,
      model: answering.model,
      maxTokens: config.maxTokens,
      plan: config.plan?.summaryNote(),
    });
    if (outcome.kind === 'compacted') {
      turnHooks.sessionAgain('compact');
      messages = outcome.messages;
      sessionUsage = addUsage(sessionUsage, outcome.usage);
    }
    return outcome.kind;
  }

  const systemPrompt = config.systemPrompt ?? defaultSystemPrompt({ workspaceRoot: config.workspaceRoot, toolNames: registry.names() });
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const streamRetry = { ...DEFAULT_STREAM_RETRY, ...config.streamRetry };
  const context = new ConversationContext({ system: systemPrompt, memory: config.contextParts ?? [], model: () => answering.model, window: () => config.contextWindow ?? contextWindow(answering.model) });
  const autoCompact = config.autoCompact ?? true;
  const toolParts = { workspaceRoot: config.workspaceRoot, session, redact, inputs, paneSize: () => paneSize, ...(config.askSecrets ? { secrets } : {}) };
  const fitToModel = (images: ImageBlock[]) => fitImages(images, imageLimits(answering.model, config.imageMaxLongEdge));

  // What `!command`s printed since the last prompt: it goes with the next one.
  const shellNotes: string[] = [];
  async function runTurn(prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void, images: ImageBlock[]): Promise<void> {
    let turnUsage = emptyUsage();
    let compactionFutile = false;
    let tooLongRetried = false;
    const stop: StopState = { active: false };
    const end = (reason: TurnEndReason) => emit({ type: 'turn_end', reason });
    emit({ type: 'turn_start', prompt, ...(images.length ? { images: images.map(imageMeta) } : {}) });
    const hooked = await turnHooks.beforePrompt(prompt, signal, emit);
    if (hooked === null) return end('end_turn');
    const fitted = await fitToModel(images);
    for (const message of fitted.notes) emit({ type: 'notice', message });
    // The ledger marks the prompt and hands over what the model must hear first (an undo since).
    const notes = config.ledger ? await config.ledger.beginTurn(prompt, turns.next, emit) : [];
    const content: UserBlock[] = [...[...notes, ...shellNotes.splice(0), ...(config.plan?.notes(config.permissions?.mode) ?? [])].map((text) => ({ type: 'text' as const, text })), { type: 'text', text: prompt }, ...hooked, ...fitted.images];
    turns.add(content, prompt);
    const unrecorded = recorder?.prompt(prompt, content);
    if (unrecorded) emit({ type: 'notice', message: unrecorded });
    messages = repairHistory([...messages, { role: 'user', content }]);

    for (let iteration = 1; iteration <= maxIterations; iteration++) {
      if (signal.aborted) return end('aborted');
      messages = jobs.withEndNotes(repairHistory(messages));
      if (config.extraTools) registry.setExtra(config.extraTools());
      // (Only when there is something before the kept turns to summarise.)
      if (autoCompact && !compactionFutile && context.wouldOverflow(context.tokens(registry.definitions(), messages)) && keptFrom(messages) > 0) {
        const before = context.tokens(registry.definitions(), messages);
        emit({ type: 'notice', message: `The context is past ${Math.round(AUTO_COMPACT_SHARE * 100)} % of the window: compacting the conversation first.` });
        const compacted = await compact({ reason: 'auto', signal, emit, imagesFirst: true });
        if (compacted === 'aborted' || signal.aborted) return end('aborted');
        if (compacted === 'failed') return end('error');
        // A summary that barely helps (the kept turns are the bulk) is not tried again this turn.
        if (compacted === 'nothing' || context.tokens(registry.definitions(), messages) > before * 0.9) compactionFutile = true;
      }
      const tools = registry.definitions();
      const sent = withStoredRead(context.sent(messages));
      emit({ type: 'request_start', iteration });
      const outcome = await streamResponse({
        provider: answering.provider,
        request: {
          model: answering.model,
          system: context.system,
          messages: sent,
          tools,
          maxTokens: answering.maxTokens,
          ...(answering.thinkingBudget ? { thinkingBudget: answering.thinkingBudget } : {}),
        },
        signal,
        iteration,
        emit,
        onToolStart: warmups.callStarting,
        newBatch: (attemptSignal) =>
          new ToolCallBatch({
            registry,
            emit,
            signal: attemptSignal,
            makeContext: (id) => toolContext(toolParts, id, attemptSignal, emit),
            redact,
            recordChanges: recordWith(config.ledger, emit, config.parentLedger),
            fitImages: fitToModel,
            workspaceRoot: config.workspaceRoot,
            ...(config.permissions ? { permissions: config.permissions } : {}),
            ...(config.hooks ? { hooks: toolCallHooks(config.hooks, registry, (e) => emit(redactDeep(e, redact))) } : {}),
          }),
        retry: streamRetry,
      });
      const batch = outcome.batch;
      if (outcome.kind === 'failed' && outcome.partial.length === 0 && context.sight.refusedImages(answering.model, outcome.cause, sent)) {
        emit({ type: 'notice', message: `${answering.model} cannot see images: asking again with a line naming each image instead.` });
        continue;
      }
      if (outcome.kind === 'failed' && outcome.cause === 'context_too_long' && outcome.partial.length === 0 && autoCompact && !tooLongRetried) {
        // The window is smaller than the catalog thought (or the estimate was short): compact once, ask again.
        tooLongRetried = true;
        emit({ type: 'notice', message: "The request was too long for the model's context window: compacting the conversation, then asking again." });
        const compacted = keptFrom(messages) > 0 ? await compact({ reason: 'auto', signal, emit }) : 'nothing';
        if (compacted === 'aborted' || signal.aborted) return end('aborted');
        if (compacted === 'compacted') continue;
      }
      if (outcome.kind !== 'complete') {
        await recordPartial(outcome.partial, batch);
        if (outcome.kind === 'aborted' || signal.aborted) return end('aborted');
        emit({ type: 'error', message: outcome.hint ? `${outcome.message}\n(${outcome.hint})` : outcome.message, retryable: outcome.retryable });
        return end('error');
      }
      const final = outcome;
      context.observe(tools, sent, final.usage);

      messages.push(final.message);
      emit({ type: 'message_end', message: final.message, stopReason: final.stopReason });
      turnUsage = addUsage(turnUsage, final.usage);
      sessionUsage = addUsage(sessionUsage, final.usage);
      emit({ type: 'usage', usage: final.usage, turn: turnUsage, session: sessionUsage });

      const uses = toolUses(final.message);
      if (uses.length > 0) {
        const results = await batch.results();
        messages.push({ role: 'user', content: results });
        for (const pinned of context.pin(registry.definitions(), messages, registry.resultsToPin(uses, results))) emit(pinned);
        if (signal.aborted || batch.stoppedByPerson) return end('aborted');
        if (final.stopReason === 'max_tokens') return end('max_tokens');
        if (batch.endsTurn) return end('end_turn');
        continue;
      }
      if (signal.aborted) return end('aborted');
      if (final.stopReason === 'max_tokens') return end('max_tokens');
      if (final.stopReason === 'pause_turn') continue; // the API wants the same conversation sent again
      if (await stopHooksContinue(config.hooks, stop, messages, signal, emit, config.subagent)) continue;
      return end('end_turn');
    }
    emit({ type: 'notice', message: `Stopped after ${maxIterations} model requests in one turn (the iteration cap). Send a message to continue.` });
    end('max_iterations');
  }

  /** After an interrupt or error mid-stream, keep what was said and give every started call a result. */
  async function recordPartial(content: AssistantBlock[], batch: ToolCallBatch): Promise<void> {
    if (content.length === 0) return;
    recorder?.partial(content);
    messages.push({ role: 'assistant', content });
    if (content.some((b) => b.type === 'tool_use')) {
      messages.push({ role: 'user', content: await batch.results() });
    }
  }

  return agent;
}
