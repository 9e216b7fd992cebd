// The agent: the object the UI, headless mode and tests drive (agent.ts), built around its turns
// (turn-run.ts: prompt → request → tool calls → repeat). Everything it does is published as AgentEvents.
import { setMaxListeners } from 'node:events';
import type { Agent, AgentConfig, ModelSwitching, SystemPromptReload } from './agent.js';
import { addUsage, emptyUsage, type ImageBlock } from './conversation.js';
import { EventQueue } from './event-queue.js';
import { childRequestUsage } from './agents/child-usage.js';
import { SecretRequests } from './secret-requests.js';
import type { AgentEvent } from './events.js';
import { DEFAULT_STREAM_RETRY } from './response-stream.js';
import { createRedactor } from './redact.js';
import { defaultSystemPrompt } from './system-prompt.js';
import { ToolRegistry } from './tool-registry.js';
import { firstCallWarmups } from './first-call-warmup.js';
import { compactConversation, type CompactionRun } from './context/compact-conversation.js';
import { dropImagesPass } from './context/drop-images.js';
import { ConversationContext } from './context/conversation-context.js';
import { contextWindow } from './providers/models.js';
import { fitImages, imageLimits } from './images/downscale.js';
import type { ToolInputChannel } from './tools/tool.js';
import { inputSenders, toolContext } from './tools/tool-context.js';
import { newSessionState } from './session-state.js';
import { TurnMarks } from './turn-marks.js';
import { TurnHooks } from './hooks/turn-hooks.js';
import { endSession } from './session-end.js';
import { conversationRewinds } from './conversation-rewind.js';
import { runPersonCommand } from './person-shell.js';
import type { RestoredSession } from './sessions/session-restore.js';
import { runTurn, type AgentTurnState, type CompactOutcome, type TurnRunParts } from './turn-run.js';

export const DEFAULT_MAX_ITERATIONS = 50;
const DEFAULT_PANE = { cols: 120, rows: 30 };

export function createAgent(config: AgentConfig): Agent & ModelSwitching & SystemPromptReload {
  const registry = new ToolRegistry(config.tools);
  const inputs = new Map<string, ToolInputChannel>();
  const secrets = config.secretRequests ?? new SecretRequests();
  const recorder = config.recorder;
  const session = newSessionState(config, recorder?.logsDir);
  const jobs = session.jobs;
  const state: AgentTurnState = {
    messages: [],
    sessionUsage: emptyUsage(),
    answering: { provider: config.provider, model: config.model, maxTokens: config.maxTokens, thinkingBudget: config.thinkingBudget },
  };
  let paneSize = config.paneSize ?? DEFAULT_PANE;
  let running = false;
  const turns = new TurnMarks();
  const turnHooks = new TurnHooks(config.hooks, config.subagent);
  const redact = createRedactor(config.secretValues ?? []);
  // Bash logs on disk are redacted as they are written, like everything the model sees.
  session.redact = redact;
  // The idle warm-up waits while a turn runs; a call streaming in starts its own loads.
  const warmups = firstCallWarmups({ provider: () => state.answering.provider, permissions: config.permissions, tools: config.tools, ledger: config.ledger });
  // Every event, in a turn or not, goes to the session recorder and onEvent before consumers see it.
  const publish = (emit: (e: AgentEvent) => void) => {
    const send = (e: AgentEvent) => {
      // Children's requests count in the session's usage (the status line, /cost); the turn's stays the parent's own.
      const child = childRequestUsage(e);
      if (child) state.sessionUsage = addUsage(state.sessionUsage, child);
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
      return state.messages;
    },
    set messages(m) {
      state.messages = m;
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
      return state.answering.model;
    },
    get provider() {
      return state.answering.provider;
    },
    useModel({ model, provider, thinking }) {
      state.answering = { ...state.answering, provider: provider ?? state.answering.provider, model, ...thinking };
    },
    get messages() {
      return state.messages;
    },
    get usage() {
      return state.sessionUsage;
    },
    run(prompt, opts = {}) {
      return exclusive(opts.signal, (signal, emit) => runTurn(turnParts, prompt, signal, emit, opts.images ?? []));
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
      const ev = context.setEdit(registry.definitions(), state.messages, id, edit);
      if (ev) publish(() => undefined)(ev);
      return ev;
    },
    toolCallCost(id) {
      return context.toolCallCost(state.messages, id);
    },
    contextBreakdown() {
      return context.breakdown(registry.definitions(), state.messages);
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
      state.messages = [];
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
      turnHooks.resumed();
      adopt(restored);
      // The earlier run's jobs join the list (as ended), under the ids the view then shows.
      restored.jobs = jobs.adopt(restored.jobs);
      config.plan?.restore(restored.plan);
      state.sessionUsage = restored.usage;
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
    dispose: (reason = 'other') => endSession({ jobs, turnHooks, ledger: config.ledger, recorder, sessionDir: session.sessionDir, reason }),
  };

  /** The conversation, its turns and its context edits as a session's records rebuild them. */
  function adopt(restored: Pick<RestoredSession, 'messages' | 'prompts' | 'contextEdits'>): void {
    state.messages = restored.messages.slice();
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
  async function compact(run: Pick<CompactionRun, 'reason' | 'instructions' | 'signal' | 'emit'> & { imagesFirst?: boolean }): Promise<CompactOutcome> {
    await turnHooks.beforeCompact(run.reason, run.instructions, run.signal, run.emit);
    const pass = run.imagesFirst ? dropImagesPass({ messages: state.messages, context, tools: registry.definitions(), emit: run.emit }) : null;
    if (pass) state.messages = pass.messages;
    if (pass && !context.wouldOverflow(pass.tokensAfter)) return 'compacted';
    const outcome = await compactConversation({
      ...run,
      messages: state.messages,
      context,
      tools: registry.definitions(),
      provider: state.answering.provider,
      model: state.answering.model,
      maxTokens: config.maxTokens,
      plan: config.plan?.summaryNote(),
    });
    if (outcome.kind === 'compacted') {
      turnHooks.sessionAgain('compact');
      state.messages = outcome.messages;
      state.sessionUsage = addUsage(state.sessionUsage, outcome.usage);
    }
    return outcome.kind;
  }

  const systemPrompt = config.systemPrompt ?? defaultSystemPrompt({ workspaceRoot: config.workspaceRoot, toolNames: registry.names() });
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const streamRetry = { ...DEFAULT_STREAM_RETRY, ...config.streamRetry };
  const context = new ConversationContext({ system: systemPrompt, memory: config.contextParts ?? [], model: () => state.answering.model, window: () => config.contextWindow ?? contextWindow(state.answering.model) });
  const autoCompact = config.autoCompact ?? true;
  const toolParts = { workspaceRoot: config.workspaceRoot, session, redact, inputs, paneSize: () => paneSize, ...(config.askSecrets ? { secrets } : {}) };
  const fitToModel = (images: ImageBlock[]) => fitImages(images, imageLimits(state.answering.model, config.imageMaxLongEdge));

  // What `!command`s printed since the last prompt: it goes with the next one.
  const shellNotes: string[] = [];
  const turnParts: TurnRunParts = { state, config, registry, redact, toolParts, warmups, streamRetry, fitToModel, turnHooks, turns, shellNotes, context, jobs, recorder, maxIterations, autoCompact, compact };

  return agent;
}
