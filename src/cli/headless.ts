// `inkling -p "<prompt>"`: one turn to completion, the answer on stdout, problems on stderr, and
// an exit code that says how the turn ended. Reads stdin only for `-p -` (or -p with no prompt).
import os, { constants } from 'node:os';
import { textOf, emptyUsage, addUsage } from '../core/conversation.js';
import type { TaskEnvelope } from '../core/agents/task-envelope.js';
import type { Usage } from '../core/conversation.js';
import type { AgentEvent, TurnEndReason } from '../core/events.js';
import { hurryRunningCommands, waitForRunningCommands } from '../core/shell/running-commands.js';
import { jsonLine, toSafeText } from '../core/text/safe-text.js';
import { EXIT, STDIN_PROMPT } from './args.js';
import { readStdinPrompt } from './stdin-prompt.js';
import { estimateCost } from '../core/providers/models.js';
import type { InklingConfig } from './config.js';
import type { Redact } from '../core/redact.js';
import { sandboxNotice, sessionSandbox } from './sandbox-session.js';
import { createProvider, createSessionAgent } from './session.js';
import { lookUpChosen, resumeInto } from './session-recording.js';
import { settingsNotices } from './settings-notices.js';
import { createAgentDoor } from '../core/door/agent-door.js';
import type { JobInfo } from '../core/jobs/job-types.js';
import { oneLine } from '../core/jobs/job-table.js';
import { promptImages, withoutImageBytes } from './prompt-images.js';
import type { PlanStep } from '../core/plan/plan-types.js';

export interface HeadlessOutput {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** The `--output-format json` object. Later work may add fields, never remove them. */
export interface HeadlessResult {
  /** Text of the last model response. */
  result: string;
  /** How the turn ended. */
  stop_reason: TurnEndReason;
  usage: Usage;
  duration_ms: number;
  /** Model responses in the turn. */
  turns: number;
  is_error: boolean;
  /** Error messages, when the turn failed. */
  errors: string[];
  /** The session the turn was recorded in: `inkling --resume <id>` goes on with it; null when none was. */
  session_id: string | null;
  /** The turn's cost at list prices (cache reads and writes included); null when the price is unknown. */
  cost_usd: number | null;
  /** The same as `turns`. */
  num_turns: number;
  /** Background jobs still running when the turn ended (-p waits for none and kills them at exit); absent when none were. */
  jobs_killed?: Array<{ id: number; command: string; pid: number; log: string }>;
  /** The envelope of each child agent the turn's task calls ran (status, answer, counts, usage, cost), in call order; absent when none ran. */
  agents?: TaskEnvelope[];
  /**
   * The plan at the end of the turn (update_plan's `steps`, with its `explanation`), and `proposed`: the plan
   * exit_plan_mode put forward in plan mode, which ended the turn (it is `result` too); absent when there is neither.
   */
  plan?: { steps: PlanStep[]; explanation?: string; proposed?: string };
}

const EXIT_FOR: Record<TurnEndReason, number> = {
  end_turn: EXIT.ok,
  error: EXIT.error,
  max_iterations: EXIT.maxIterations,
  max_tokens: EXIT.maxTokens,
  aborted: EXIT.aborted,
};

const HANDLED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How long an interrupted -p waits for its commands' process trees to be gone. */
const INTERRUPT_WAIT_MS = 2000;

/** Runs the turn and returns the process exit code. */
export async function runHeadless(config: InklingConfig, scrub: Redact, out: HeadlessOutput = process): Promise<number> {
  const started = performance.now();
  // What crashed runs left (scratch folders, half-written temp files); finished before -p exits.
  const swept = import('../core/cleanup/sweep.js').then((m) => m.sweepLeftovers(), () => undefined);
  // To a terminal, the answer and every message are made safe (a model or a server could send
  // control sequences); to a pipe or a file they go as they are, since that is data.
  const print = (stream: NodeJS.WritableStream, text: string) => {
    const clean = scrub(text);
    stream.write((stream as { isTTY?: boolean }).isTTY ? toSafeText(clean) : clean);
  };
  if (config.report) for (const line of settingsNotices(config.report, 'print')) print(out.stderr, `inkling: ${line}\n`);
  const given = config.prompt === STDIN_PROMPT ? await readStdinPrompt(out.stdin ?? process.stdin) : config.prompt;
  const prompt = await expandPrompt(given ?? '', config, (line) => print(out.stderr, `inkling: ${line}\n`));
  const attached = await promptImages(prompt, config.imageFiles ?? [], config.workspaceRoot);
  if ('error' in attached) {
    print(out.stderr, `inkling: ${attached.error}\n`);
    return EXIT.usage;
  }
  const provider = await createProvider(config);
  const agent = await createSessionAgent(config, provider);
  for (const line of await (await import('./setup-notices.js')).setupNotices(config)) print(out.stderr, `inkling: ${line}\n`);
  const unsandboxed = sandboxNotice(await sessionSandbox(config));
  if (unsandboxed) print(out.stderr, `inkling: ${unsandboxed}\n`);
  const chosen = await lookUpChosen(config);
  if (chosen && !chosen.ok) {
    print(out.stderr, `inkling: ${chosen.reason}\n`);
    await agent.dispose().catch(() => undefined);
    return EXIT.usage;
  }
  if (chosen) {
    const opened = await resumeInto(agent, chosen.session.file);
    for (const line of opened.notices) print(out.stderr, `inkling: ${line}\n`);
  }
  if (config.outputFormat === 'stream-json') {
    print(out.stdout, `${JSON.stringify({ type: 'session_start', session_id: agent.sessionId, model: config.model })}\n`);
  }

  // A first Ctrl+C (or SIGTERM/SIGHUP) ends the turn cleanly, so running commands are killed
  // with their whole process tree instead of being orphaned, and -p waits (bounded) for that; a
  // second signal skips the grace period but still kills and cleans up; a third stops at once.
  // -p goes through the same door as the TUI: one submit, its events until the run ends.
  const door = createAgentDoor(agent);
  let exitForSignal: number = EXIT.aborted;
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = 128 + (constants.signals[signal] ?? 2);
    signals++;
    if (signals >= 3) process.exit(code);
    if (signals === 2) return hurryRunningCommands();
    exitForSignal = code;
    door.send({ type: 'interrupt' });
  };
  for (const signal of HANDLED_SIGNALS) process.on(signal, onSignal);

  let result = '';
  let turns = 0;
  let usage = emptyUsage();
  let reason: TurnEndReason | undefined;
  const errors: string[] = [];
  const notices: string[] = [];
  let killedJobs: JobInfo[] = [];
  const children: TaskEnvelope[] = [];
  let proposed: string | undefined;
  try {
    await new Promise<void>((resolve) => {
      door.subscribe((event) => {
        if (event.type === 'run_end') return resolve();
        if (event.type === 'ready' || event.type === 'startup' || event.type === 'mcp' || event.type === 'job_output') return;
        if (event.type === 'job_start' || event.type === 'job_end') {
          if (config.outputFormat === 'stream-json') print(out.stdout, `${jsonLine(event)}\n`);
          return;
        }
        if (config.outputFormat === 'stream-json') print(out.stdout, `${jsonLine(withoutImageBytes(event))}\n`);
        // Someone waiting on a plain -p should see why nothing happens yet.
        else if (event.type === 'retry') print(out.stderr, `inkling: ${describeRetry(event)}\n`);
        // A notice (an SDK's deprecation warning, the iteration cap) is said once, as it comes.
        else if (event.type === 'notice') print(out.stderr, `inkling: ${event.message}\n`);
        track(event);
      });
      door.send({ type: 'submit', prompt, ...(attached.images.length > 0 ? { images: attached.images } : {}) });
    });
  } catch (err) {
    // The loop reports failures as events; a throw here is a bug, but still a clean exit.
    errors.push(err instanceof Error ? err.message : String(err));
    reason = 'error';
  } finally {
    // -p waits for no background job: those still running end now, with everything they started.
    killedJobs = await agent.jobs.killAll('exit').catch(() => []);
    // The turn ends as soon as it is interrupted; the commands' kill may still be under way.
    await waitForRunningCommands(INTERRUPT_WAIT_MS);
    await agent.dispose().catch(() => undefined);
    await swept;
    for (const signal of HANDLED_SIGNALS) process.off(signal, onSignal);
  }
  if (!reason) {
    errors.push('the turn ended without saying how');
    reason = 'error';
  }

  if (config.outputFormat === 'json') {
    const summary: HeadlessResult = {
      result,
      stop_reason: reason,
      // Children's tokens and cost count with the parent's.
      usage: children.reduce((sum, c) => addUsage(sum, c.usage), usage),
      duration_ms: Math.round(performance.now() - started),
      turns,
      is_error: reason !== 'end_turn',
      errors,
      session_id: agent.sessionId ?? null,
      cost_usd: withChildren(estimateCost(agent.model, usage), children),
      num_turns: turns,
      ...(killedJobs.length > 0 ? { jobs_killed: killedJobs.map((j) => ({ id: j.id, command: j.command, pid: j.pid, log: j.logPath })) } : {}),
      ...(children.length > 0 ? { agents: children } : {}),
      ...planField(agent.plan?.current, proposed),
    };
    print(out.stdout, `${jsonLine(summary)}\n`);
  } else if (config.outputFormat === 'text' && result !== '') {
    print(out.stdout, result.endsWith('\n') ? result : `${result}\n`);
  }
  for (const job of killedJobs) print(out.stderr, `inkling: background job ${job.id} (${oneLine(job.command)}) was still running at exit: killed it and everything it started; its log: ${job.logPath}\n`);
  const problem = describeEnd(reason, errors, notices, config);
  if (problem) print(out.stderr, `inkling: ${problem}\n`);
  return reason === 'aborted' ? exitForSignal : EXIT_FOR[reason];

  function track(event: AgentEvent): void {
    switch (event.type) {
      case 'message_end':
        turns++;
        result = textOf(event.message);
        break;
      case 'usage':
        usage = event.turn;
        break;
      case 'tool_result':
        if (event.details?.kind === 'task' && event.details.envelope) children.push(event.details.envelope);
        // exit_plan_mode in -p: the plan is the run's result, and the turn ends with it.
        if (event.details?.kind === 'plan_review' && event.details.headless) result = proposed = event.details.plan;
        break;
      case 'error':
        errors.push(event.message);
        break;
      case 'notice':
        notices.push(event.message);
        break;
      case 'turn_end':
        reason = event.reason;
        break;
    }
  }
}

/** json's `plan`: the list in force and the plan exit_plan_mode proposed, when there is either. */
function planField(current: { steps: PlanStep[]; explanation?: string } | undefined, proposed: string | undefined): Pick<HeadlessResult, 'plan'> {
  const steps = current?.steps ?? [];
  if (steps.length === 0 && proposed === undefined) return {};
  return { plan: { steps, ...(current?.explanation ? { explanation: current.explanation } : {}), ...(proposed !== undefined ? { proposed } : {}) } };
}

/** The parent's cost and its children's; unknown when any part is. */
function withChildren(own: number | null, children: readonly TaskEnvelope[]): number | null {
  if (own === null || children.some((c) => c.cost === null)) return null;
  return children.reduce((sum, c) => sum + (c.cost ?? 0), own);
}

/** `-p "/review src"` runs the custom command /review, as typing it in the TUI would. */
async function expandPrompt(prompt: string, config: InklingConfig, notice: (line: string) => void): Promise<string> {
  if (!prompt.trimStart().startsWith('/')) return prompt;
  const [{ expandCustomCommand, loadCustomCommands, matchCustomCommand }, { BUILTIN_COMMAND_NAMES }] = await Promise.all([
    import('../core/commands/custom-commands.js'),
    import('../store/command-table.js'),
  ]);
  const set = await loadCustomCommands({ workspaceRoot: config.workspaceRoot, home: config.home, builtins: BUILTIN_COMMAND_NAMES, userHome: process.env.HOME ?? os.homedir(), readClaude: config.settings.compat.claude });
  const match = matchCustomCommand(set, prompt);
  if (!match) return prompt;
  for (const line of set.notices) notice(line);
  return expandCustomCommand(match.command, match.args);
}

function describeEnd(reason: TurnEndReason, errors: string[], notices: string[], config: InklingConfig): string | undefined {
  switch (reason) {
    case 'end_turn':
      return undefined;
    case 'error':
      // An authentication error's "check ANTHROPIC_API_KEY" comes with the error itself (its hint).
      return errors.length > 0 ? errors.join('\n') : 'the turn failed';
    case 'max_iterations':
      // The loop's notice about the cap was printed when it came (stream-json has it on stdout).
      if (notices.length > 0 && config.outputFormat !== 'stream-json') return undefined;
      return notices.at(-1) ?? `stopped after ${config.maxIterations} model requests (--max-iterations); the answer may be incomplete`;
    case 'max_tokens':
      return `the response was cut off at the ${config.maxTokens}-token limit (--max-tokens); the answer may be incomplete`;
    case 'aborted':
      return 'interrupted';
  }
}

function describeRetry(event: Extract<AgentEvent, { type: 'retry' }>): string {
  const seconds = (event.delayMs / 1000).toFixed(event.delayMs < 10_000 ? 1 : 0);
  const status = event.status && !event.reason.includes(String(event.status)) ? `${event.status} ` : '';
  const discarded = event.discardPartial ? '; the partial answer is discarded' : '';
  return `retrying in ${seconds} s (${status}${event.reason}${discarded}), attempt ${event.attempt}`;
}
