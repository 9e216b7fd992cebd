// The bash tool: one command in a real pseudo-terminal. The model gets the rendered text and the
// exit status; the UI gets live coloured snapshots and can type into the command.
import fs from 'node:fs';
import path from 'node:path';
import { sandboxDecision, sandboxWrapper, type SandboxDecision } from '../shell/command-sandbox.js';
import type { AskpassLease } from '../shell/askpass-bridge.js';
import { noteCommandStarted, warmUpCommands } from '../shell/command-warmup.js';
import { commandEnv } from '../shell/env.js';
import { ENV_SEARCH_MAX_DIRS } from '../shell/env-files.js';
import type { PtyCommandResult } from '../shell/pty-command.js';
import { isReadOnlyCommand } from '../shell/read-only.js';
import { sandboxHint } from '../shell/sandbox-hints.js';
import { supervisorPath } from '../shell/supervisor.js';
import { TimeoutHold } from '../shell/timeout-hold.js';
import { MAX_RESULT_CHARS } from '../truncate.js';
import { askpassFor } from './bash-askpass.js';
import { runCommandOrJob } from '../jobs/bash-job.js';
import { jobResult } from '../jobs/job-result.js';
import type { TerminalSnapshot } from '../shell/terminal-snapshot.js';
import type { ToolDetails } from './details.js';
import type { Tool, ToolContext, ToolResult } from './tool.js';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;

/**
 * Linux limits one argument of a new program to 128 KiB (MAX_ARG_STRLEN) and the command is one;
 * past it exec fails with "Argument list too long", which does not tell the model what to do.
 */
export const MAX_COMMAND_BYTES = 128 * 1024 - 1024;

export interface BashInput {
  command: string;
  timeout_ms?: number;
  description?: string;
  /** false: run outside the sandbox (asks the person first); `reason` says why. */
  sandbox?: boolean;
  reason?: string;
  /** Run as a background job: the call returns at once with the job's id (see core/jobs). */
  background?: boolean;
  /** At the timeout the command becomes a background job instead of being killed. */
  background_on_timeout?: boolean;
}

/**
 * Tool call ids come from the model's stream: keep the file name to safe characters, and never
 * reuse a file (a scripted or compatible endpoint may repeat ids), or one log would hold two commands.
 */
function logPathFor(ctx: ToolContext): string {
  const name = ctx.toolCallId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'call';
  const dir = path.join(ctx.session.sessionDir, 'bash');
  let candidate = path.join(dir, `${name}.log`);
  for (let n = 2; fs.existsSync(candidate); n++) candidate = path.join(dir, `${name}-${n}.log`);
  return candidate;
}

function statusLine(r: PtyCommandResult, timeoutMs: number): string {
  if (r.timedOut && r.waitingForInput) {
    return (
      `Command timed out after ${timeoutMs} ms while waiting for input: it was reading from the terminal and nobody ` +
      'typed. It and every process it started were killed. Output so far is above. Give the input another way ' +
      '(a pipe or here-string) or use a flag that skips the prompt.'
    );
  }
  if (r.timedOut) return `Command timed out after ${timeoutMs} ms; it and every process it started were killed. Output so far is above.`;
  if (r.aborted) return 'Command interrupted by the user; it and every process it started were killed. Output so far is above.';
  if (r.signal) return `Terminated by signal ${r.signal}`;
  return `Exit code: ${r.exitCode ?? 'unknown'}`;
}

/**
 * Characters the output may take so that the whole result, status lines included, stays within
 * the shared truncation's limit: that step would otherwise cut the middle again and drop the
 * truncation note with the real line count and the log path. The status lines may name the log.
 */
function outputBudget(logPath: string): number {
  return MAX_RESULT_CHARS - 400 - 2 * logPath.length;
}

function formatResult(r: PtyCommandResult, timeoutMs: number, where: string, hint: string | null): string {
  const parts = [r.text === '' ? '(no output)' : r.text, '', statusLine(r, timeoutMs) + where];
  if (hint) parts.push(hint);
  if (r.logCapped) parts.push(`The log ${r.logPath} was capped; later output was not saved.`);
  if (r.logError) parts.push(`The full output could not be saved: ${r.logError}`);
  return parts.join('\n');
}

/** Outside the sandbox without the supervisor binary, the result says what that leaves open. */
export const UNCONTAINED_NOTE =
  'Containment: the process supervisor is not built here, so processes were found by walking /proc; a background ' +
  'process that started its own session with a cleared environment may still be running.';

/** The workspace is too large to search whole for `.env*` files: the result says the masking has a gap. */
export const ENV_SEARCH_NOTE =
  `The workspace has more than ${ENV_SEARCH_MAX_DIRS} folders: .env files past them were not looked for and are not masked.`;

/**
 * What the shell runs under: bubblewrap (its PID namespace holds the whole tree), else the native
 * supervisor (a child subreaper), else nothing (the /proc walk of process-tree.ts alone).
 */
async function commandWrapper(
  decision: SandboxDecision,
  ctx: ToolContext,
  logPath: string,
  askpassFolder: string | null,
): Promise<{ file: string; args: string[]; envSearchComplete?: boolean } | undefined> {
  const sandbox = ctx.session.sandbox;
  if (!decision.sandboxed || !sandbox?.probe.ok) {
    const supervisor = supervisorPath();
    return supervisor ? { file: supervisor, args: [] } : undefined;
  }
  return sandboxWrapper({ ...sandbox, probe: sandbox.probe }, {
    workspace: ctx.workspaceRoot,
    sessionDir: ctx.session.sessionDir,
    logDir: path.dirname(logPath),
    ...(askpassFolder ? { binds: [askpassFolder] } : {}),
  });
}

/**
 * The tool's description, true to this machine: in the sandbox its PID namespace holds every process;
 * outside it the supervisor does when it was built, else only the /proc walk (which a daemon with its
 * own session and a cleared environment escapes), and the description then says so.
 */
export function bashDescription(supervisorBuilt: boolean): string {
  const outside = supervisorBuilt
    ? 'outside it a supervisor process does'
    : 'outside it they are found by walking /proc, which a daemon in its own session with a cleared environment can escape';
  return (
    'Runs a bash command (bash -c, no login shell) in a pseudo-terminal in the workspace root. Returns what a ' +
    'terminal would show (stdout and stderr merged, escape codes removed, progress bars in their final state), then ' +
    '"Exit code: N"; a non-zero exit is an error. Output longer than about ' +
    `${MAX_RESULT_CHARS} characters is cut to its head and tail, stating the total line count and the path of a ` +
    'log file with the full output (read parts of it with sed -n, grep or tail; read_file cannot open it). ' +
    'Each call is a fresh shell: cd and variables do not carry over. Non-interactive: nobody may be there to ' +
    'answer, so avoid prompts and editors (use flags such as -y, --yes, --no-edit, git commit -m). Pagers are ' +
    'off (PAGER=cat, GIT_PAGER=cat) and git never opens an editor (GIT_EDITOR=true). Passwords that ssh, git over HTTPS ' +
    '(and sudo -A) ask for go to the person through SSH_ASKPASS/GIT_ASKPASS, never to you (the time the person takes does not count against ' +
    'timeout_ms); with nobody to ask they fail at once. A command still ' +
    `waiting for input ends at the timeout: timeout_ms defaults to the person's setting (${DEFAULT_TIMEOUT_MS}, 2 minutes, unless changed), at most ` +
    `${MAX_TIMEOUT_MS} (10 minutes). On timeout or interrupt the command and every process it started are ` +
    'killed, with the output so far; processes left running in the background when the command ends are killed ' +
    `too, so nothing (a server, a watcher) outlives its call: in the sandbox its PID namespace holds them all, ${outside}. ` +
    (supervisorBuilt ? 'A status line ending in "(supervised)" means the command ran outside the sandbox, held by the supervisor. ' : '') +
    'A status line ending in "(sandboxed)" means the command ' +
    'ran in a sandbox: only the workspace and /tmp are writable, the rest of the machine is read-only, there is no ' +
    'network, other processes are invisible, .env files read as empty and .git/hooks, .git/config and .inkling/ are ' +
    '(like the home folder\'s hidden files when the workspace holds it) read-only. When the sandbox blocks something the task really needs, rerun with sandbox: false and a reason.'
  );
}

export const bashTool: Tool<BashInput> = {
  name: 'bash',
  /** Says which containment holds background processes: the supervisor only when it was built. */
  get description() {
    return bashDescription(supervisorPath() !== null);
  },
  readOnly: false,
  isReadOnlyCall: (input) => typeof input.command === 'string' && isReadOnlyCommand(input.command),
  inputSchema: {
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The command to run with bash -c.' },
      timeout_ms: {
        type: 'integer',
        description: `Milliseconds before the command is killed (default: the person's setting, ${DEFAULT_TIMEOUT_MS} unless changed; at most ${MAX_TIMEOUT_MS}).`,
        minimum: 1,
        maximum: MAX_TIMEOUT_MS,
      },
      description: { type: 'string', description: 'A few words saying what the command does, shown to the person.' },
      sandbox: {
        type: 'boolean',
        description:
          'Only when the sandbox blocked something the command needs (a write outside the workspace, the network): ' +
          'false runs it outside the sandbox, after the person agrees. Give the reason.',
      },
      reason: { type: 'string', description: 'With sandbox: false, why the command must run outside the sandbox.' },
      background: {
        type: 'boolean',
        description:
          'true: run it as a background job (a dev server, a watcher, a long test run): the call returns at once with the job id, ' +
          'its first lines and its log; read its output with job_output, type into it with job_input, stop it with job_kill. ' +
          'Jobs have no timeout; they are killed when the session ends.',
      },
      background_on_timeout: {
        type: 'boolean',
        description: 'true: at timeout_ms the command becomes a background job instead of being killed.',
      },
    },
    required: ['command'],
    additionalProperties: false,
  },

  /** node-pty (its native addon) and the emulator: ~0.1 s of loading the first command would wait for. */
  warmUp: (reason) => warmUpCommands(reason),

  async execute(input: BashInput, ctx: ToolContext): Promise<ToolResult> {
    if (typeof input.command !== 'string' || input.command.trim() === '') {
      return { content: 'The command is empty: give bash something to run.', isError: true };
    }
    const commandBytes = Buffer.byteLength(input.command, 'utf8');
    if (commandBytes > MAX_COMMAND_BYTES) {
      return {
        content:
          `The command is ${commandBytes} bytes; bash -c takes at most ${MAX_COMMAND_BYTES}. Write a long script or ` +
          'data to a file first (write_file) and run or read that file in a short command.',
        isError: true,
      };
    }
    // The call's timeout_ms wins; else the person's bashTimeoutMs; both at most MAX_TIMEOUT_MS.
    const requested = typeof input.timeout_ms === 'number' && Number.isFinite(input.timeout_ms) ? input.timeout_ms : (ctx.session.bashTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    const timeoutMs = Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.floor(requested)));
    if (ctx.signal.aborted) return { content: 'Command not run: the turn was interrupted.', isError: true };
    if (input.background === true || input.background_on_timeout === true) {
      const refused = !ctx.session.jobs ? 'Background jobs are not available in this session.' : input.background === true ? ctx.session.jobs.full() : null;
      if (refused) return { content: `Command not run: ${refused}`, isError: true };
    }
    const decision = sandboxDecision(input, ctx.session.sandbox);
    if (decision.sandboxed === false && decision.why === 'requested' && !ctx.session.sandbox?.allowUnsandboxed) {
      return {
        content:
          'Command not run: running outside the sandbox needs the person\'s consent, and this session cannot ask for it ' +
          '(only --yolo allows it). Run it in the sandbox, or tell the person what to run themselves.',
        isError: true,
      };
    }
    const logPath = logPathFor(ctx);
    const size = ctx.paneSize();
    const dimension = (n: number, fallback: number) => (Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback);
    const cols = dimension(size.cols, 80);
    const rows = dimension(size.rows, 24);
    const base = { kind: 'bash' as const, command: input.command, logPath, sandboxed: decision.sandboxed };
    let result: PtyCommandResult;
    let wrapper: Awaited<ReturnType<typeof commandWrapper>>;
    let askpass: AskpassLease | undefined;
    const timeoutHold = new TimeoutHold();
    try {
      askpass = await askpassFor(ctx, input.command, decision.sandboxed, timeoutHold);
      wrapper = await commandWrapper(decision, ctx, logPath, askpass.folder);
      noteCommandStarted();
      // Loaded on the first command: node-pty and the emulator cost ~0.1 s a run that never uses bash.
      const { runPtyCommand } = await import('../shell/pty-command.js');
      const options = {
        ...(wrapper ? { wrapper } : {}),
        ...(ctx.session.redact ? { redact: ctx.session.redact } : {}),
        command: input.command,
        cwd: ctx.workspaceRoot,
        env: commandEnv(process.env, ctx.session.secretEnvNames, askpass.env),
        cols,
        rows,
        timeoutMs,
        timeoutHold,
        logPath,
        resultChars: outputBudget(logPath),
      };
      const report = (snapshot: TerminalSnapshot, totalBytes: number) =>
        ctx.reportOutput({ ...base, snapshot, running: true, exitCode: null, signal: null, timedOut: false, totalBytes });
      const jobs = ctx.session.jobs;
      if (!jobs) {
        result = await runPtyCommand({ ...options, signal: ctx.signal, attachInput: (channel) => ctx.attachInput(channel), onSnapshot: report });
      } else {
        const lease = askpass;
        askpass = undefined; // a job keeps its askpass lease until it ends
        const outcome = await runCommandOrJob({
          jobs,
          callId: ctx.toolCallId,
          command: input.command,
          logPath,
          sandboxed: decision.sandboxed,
          signal: ctx.signal,
          background: input.background === true,
          backgroundOnTimeout: input.background_on_timeout === true,
          reportCall: report,
          attachInput: (channel) => ctx.attachInput(channel),
          start: (hooks) => {
            const run = runPtyCommand({ ...options, ...hooks });
            void run.finally(() => lease.release()).catch(() => undefined);
            return run;
          },
        });
        if (outcome.kind === 'job') return jobResult(outcome, jobs, base);
        result = outcome.result;
      }
    } catch (err) {
      return { content: `Could not start bash: ${(err as Error).message}`, isError: true };
    } finally {
      askpass?.release();
    }
    const details: ToolDetails = {
      ...base,
      snapshot: result.snapshot,
      running: false,
      exitCode: result.exitCode,
      signal: result.signal,
      timedOut: result.timedOut,
      totalBytes: result.totalBytes,
    };
    const failed = result.timedOut || result.aborted || result.signal !== null || result.exitCode !== 0;
    const hint =
      decision.sandboxed ? sandboxHint(result.text, { workspace: ctx.workspaceRoot, network: ctx.session.sandbox?.network ?? false }) : null;
    // The status line names the containment in force: the sandbox, else the supervisor; without
    // either, the note below says background processes may outlive the call.
    const where = decision.sandboxed ? (ctx.session.sandbox?.network ? ' (sandboxed, network on)' : ' (sandboxed)') : supervisorPath() ? ' (supervised)' : '';
    const notes = [hint, decision.sandboxed || supervisorPath() ? null : UNCONTAINED_NOTE, wrapper?.envSearchComplete === false ? ENV_SEARCH_NOTE : null];
    const note = notes.filter((n) => n !== null).join('\n') || null;
    return { content: formatResult(result, timeoutMs, where, note), isError: failed, details };
  },
};
