// Starts the full-screen TUI for an agent and returns when the person leaves. The terminal is
// restored on every way out: normal exit, Ctrl+C twice, SIGTERM/SIGHUP/SIGINT, uncaught errors
// and render errors.
import type { Instance } from 'ink';
import { constants } from 'node:os';
import { appendFileSync, statSync } from 'node:fs';
import { hurryRunningCommands, waitForRunningCommands } from '../core/shell/running-commands.js';
import type { Agent } from '../core/agent.js';
import type { DoorEvent } from '../core/door/requests.js';
import { createAppStore, type AppStore } from '../store/app-store.js';
import { emptyWorkspaceInfo } from '../store/workspace-state.js';
import { modeCycle } from '../store/approval-state.js';
import type { PermissionMode } from '../core/permissions/approval.js';
import { createAgentDoor } from '../core/door/agent-door.js';
import { attachDoor } from '../store/agent-session.js';
import { startTicker } from '../store/ticker.js';
import { addNotice, redrawAll } from '../store/view-actions.js';
import type { NotifySettings, StartupInfo } from '../core/startup-info.js';
import { startDesktopNotifier } from './desktop-notify.js';
import { connectStartup, reloadProjectMemory, rememberMemoryLine } from './startup-wiring.js';
import { deferredAgent } from '../core/deferred-agent.js';
import type { SessionPort } from '../core/sessions/session-port.js';
import { DISABLE_MOUSE, ENABLE_MOUSE, enterFullScreen } from './alt-screen.js';
import { followApprovals, ownTitle, withTitle, workspaceTitle } from './terminal-title.js';
import { toSafeText } from '../core/text/safe-text.js';
import { exitSummary } from './exit-summary.js';
import { workspaceFileList } from './workspace-files.js';
import { filesChanged, followSlashCommands } from '../store/input-actions.js';
import { diffingStdout } from './frame-diff.js';
import { copyToClipboard } from './clipboard.js';
import { enterRawInput } from './raw-stdin.js';
import { startupMark, traceLoadedModules, traceLoadedSince } from './startup-marks.js';
import { whenIdle } from './idle-chores.js';
import type { TerminalClipboard } from './terminal-clipboard.js';

export interface RunTuiOptions {
  /** A promise lets the first frame draw while the agent (SDK, tools, pty) still loads. */
  agent: Agent | Promise<Agent>;
  modelLabel: string;
  isDemo: boolean;
  workspaceRoot: string;
  permissionMode?: PermissionMode;
  /** Ring the terminal bell once when an approval prompt opens (notifications.bell). */
  bell?: boolean;
  /** Desktop notifications while unfocused (notifications.desktop, afterMs), until the checked settings say. */
  notify?: NotifySettings;
  /** The sessions on disk: how the app starts (resumed, the picker), /resume, the exit hint. */
  sessions?: SessionPort;
  /** What the interactive start loads after the first frame (trust, memory, commands, theme). */
  startup?: StartupInfo;
}

function traceTo(file: string): (ev: DoorEvent) => void {
  // perf_hooks only when tracing: a moment later than the trace's first events is soon enough.
  void import('node:perf_hooks').then(({ monitorEventLoopDelay }) => {
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    setInterval(() => {
      appendFileSync(file, `${Date.now()} loop-delay max ${(lag.max / 1e6).toFixed(0)} ms p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms\n`);
      lag.reset();
    }, 1000).unref();
  });
  return (ev) => {
    const extra = ev.type === 'tool_output' && ev.details.kind === 'bash' ? ` ${ev.details.snapshot.lines.at(-1) ?? ''}` : '';
    appendFileSync(file, `${Date.now()} ${ev.type}${extra}\n`);
    if (ev.type === 'run_end') traceLoadedSince(file, `the ${ev.run}'s end`);
  };
}

/** Inside tmux without extended-keys, Shift+Enter reaches us as a plain Enter: say so once. */
async function warnIfTmuxHidesShiftEnter(notice: (text: string) => void): Promise<void> {
  if (!process.env.TMUX) return;
  // After the first frame: child_process is not the first frame's.
  const { execFile } = await import('node:child_process');
  execFile('tmux', ['show', '-gv', 'extended-keys'], { timeout: 2000 }, (err, out) => {
    if (err || String(out).trim() !== 'off') return;
    notice(
      'tmux extended-keys is off, so Shift+Enter arrives as Enter: use Ctrl+J or end the line with \\ for a new line ' +
        '(or add `set -g extended-keys on` to ~/.tmux.conf)',
    );
  });
}

/** Signals that end the TUI the normal way; their numbers come from the OS's own table. */
const SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
/** After the first frame, when the agent's first-call loads start (they wait for the agent too). */
const WARM_UP_DELAY_MS = 100;
/** How long an interrupted TUI waits for its commands' process trees to be gone. */
const INTERRUPT_WAIT_MS = 2000;

type UiModules = typeof import('./ui-modules.js');

/**
 * Whether this module runs from the CLI bundle (dist/bundle/<chunk>.js or cli.cjs), which holds
 * the UI as a chunk of its own: loading the UI from the package too would load a second React and
 * Ink, file by file, before the first frame.
 */
const IN_CLI_BUNDLE = /\/bundle\/[^/]+\.c?js$/.test(import.meta.url);

/**
 * The UI bundle made by bundle-ui.ts, when this module runs from its compiled file (not from the
 * CLI bundle, which holds the UI as a chunk of its own) and the bundle is not older than the
 * components.
 */
function bundledUi(): URL | null {
  if (!import.meta.url.endsWith('/src/app/run-tui.js')) return null;
  const bundle = new URL('../../bundle/ui.js', import.meta.url);
  const app = new URL('../../components/App.js', import.meta.url);
  try {
    return statSync(bundle).mtimeMs >= statSync(app).mtimeMs ? bundle : null;
  } catch {
    return null;
  }
}

/**
 * Loads React, Ink and the components: from the CLI bundle's chunk or the UI bundle when there is
 * one, else module by module with React's production build unless NODE_ENV says otherwise (the
 * development build costs about twice as much CPU per frame). NODE_ENV is put back afterwards so
 * commands the agent runs do not inherit it.
 */
async function loadUi(): Promise<UiModules> {
  if (IN_CLI_BUNDLE) {
    // The CommonJS bundle's yoga cannot await its wasm as its module loads (bundle-cli.ts): it is awaited here.
    const ui: UiModules & { layoutReady?: Promise<void> } = await import('./ui-modules.js');
    await ui.layoutReady;
    return ui;
  }
  const bundle = bundledUi();
  if (bundle) return (await import(bundle.href)) as UiModules;
  // Through a variable: the bundle's build replaces the expression process.env.NODE_ENV itself.
  const env = process.env;
  const unset = env.NODE_ENV === undefined;
  if (unset) env.NODE_ENV = 'production';
  try {
    return await import('./ui-modules.js');
  } finally {
    if (unset) delete env.NODE_ENV;
  }
}

/** One BEL each time a new call starts to wait for the person (notifications.bell): an approval or exit_plan_mode's card. */
function ringOnApproval(store: AppStore, out: { write(s: string): unknown }): () => void {
  let shown: string | undefined;
  return store.subscribe((s) => {
    const first = s.approvals.queue[0]?.id ?? s.planReview?.id;
    if (first === shown) return;
    shown = first;
    if (first !== undefined && s.permission.bell) out.write('\x07');
  });
}

export async function runTui(opts: RunTuiOptions): Promise<void> {
  const traceFile = process.env.INKLING_TRACE_EVENTS;
  const mark = (what: string) => startupMark(traceFile, what);
  mark('runTui');
  const { createElement, renderScreen, App, KeyOwner, screenLayout, startTheme } = await loadUi();
  mark('ui loaded');
  const agent = opts.agent instanceof Promise ? deferredAgent(opts.agent) : opts.agent;
  const stdout = process.stdout;
  let instance: Instance | null = null;
  // Everything the UI asks of the core goes through this one door; parts that start later
  // (the sessions, /model's list, the MCP servers, the trust question) answer when ready.
  const startup = opts.startup;
  const door = createAgentDoor(agent, {
    ...(opts.sessions ? { sessions: opts.sessions } : {}),
    ...(startup?.models ? { models: startup.models } : {}),
    ...(startup?.setup ? { setup: startup.setup } : {}),
    // `store` is made below; a line is only remembered once the person types one.
    ...(startup ? { mcp: startup.mcp, startup, rememberLine: (target, line) => rememberMemoryLine(store, startup, target, line), reloadMemory: () => reloadProjectMemory(store, startup) } : {}),
    modelName: () => opts.modelLabel,
    workspaceRoot: opts.workspaceRoot,
  });
  // INKLING_TRACE_EVENTS=<file>: start-up marks, then one line per core event with its arrival
  // time (benchmarks). Subscribed before the store, so it sees each event first.
  if (traceFile) door.subscribe(traceTo(traceFile));
  // Ink's stdout, so the copy sequence goes out between frames like everything else.
  const frames = diffingStdout(stdout);
  const inkStdout = frames.stdout;
  let screenActive = () => false;
  // Ctrl+V through the terminal's own protocol; made after the first frame (see below).
  let terminalClipboard: TerminalClipboard | null = null;
  const store = createAppStore({
    size: { cols: stdout.columns || 80, rows: stdout.rows || 24 },
    // The command files come after the agent's build: a `/word` sent before then waits for them.
    workspace: { ...emptyWorkspaceInfo(), commandsLoaded: !startup },
    permission: { mode: opts.permissionMode ?? null, cycle: opts.permissionMode ? modeCycle(opts.permissionMode) : [], bell: opts.bell ?? true },
  }, {
    layout: screenLayout,
    door,
    terminal: {
      exit: () => instance?.unmount(),
      copy: (text) => copyToClipboard(text, { write: (s) => inkStdout.write(s) }),
      // The clipboard program is loaded on the first Ctrl+V that needs it (it spawns the program).
      readClipboard: async () => {
        const local = async () => (await import('./clipboard-read.js')).readClipboard();
        return terminalClipboard ? terminalClipboard.read(local) : local();
      },
      redraw: () => frames.repaint(),
      // The editor and the suspension load on first use: child_process is not the first frame's.
      editText: async (text) => (await import('./terminal-handback.js')).editInEditor(hold, text),
      suspend: () => void import('./terminal-handback.js').then((m) => m.suspendToShell(hold)),
      setMouse: (on) => {
        if (screenActive()) stdout.write(on ? ENABLE_MOUSE : DISABLE_MOUSE);
      },
    },
  });
  const session = attachDoor(store);
  // `@` completion's file list: read after the first frame, re-read when completion asks (files
  // made since); an open menu follows a list that changed.
  const files = workspaceFileList(opts.workspaceRoot, { onChange: (list) => filesChanged(store, () => list) });
  followSlashCommands(store);
  const baseTitle = workspaceTitle(opts.workspaceRoot);
  const title = ownTitle(stdout, baseTitle);
  // The full-screen modes: left and entered again when another program has the terminal (Ctrl+G, Ctrl+Z).
  let fullScreen = enterFullScreen(stdout);
  const screen = withTitle({ leave: () => fullScreen.leave(), get active() { return fullScreen.active; } }, title);
  screenActive = () => screen.active;
  followApprovals(store, title, baseTitle);
  // Raw keys from here on (the key pipeline reads them); cooked again on every way out.
  let rawInput = enterRawInput(process.stdin);
  const leaveTerminal = () => {
    rawInput.leave();
    screen.leave();
  };
  const hold = {
    leave() {
      rawInput.leave();
      fullScreen.leave();
    },
    enter() {
      fullScreen = enterFullScreen(stdout);
      rawInput = enterRawInput(process.stdin);
      process.stdin.resume();
      if (store.getState().mouse) stdout.write(ENABLE_MOUSE);
      frames.repaint();
    },
  };
  ringOnApproval(store, stdout);
  // Desktop notifications while the terminal is not focused; the checked settings come as a startup part.
  let notifySettings: NotifySettings = opts.notify ?? { desktop: 'auto', afterMs: 10_000 };
  door.subscribe((ev) => {
    if (ev.type === 'startup' && ev.part.kind === 'notify') notifySettings = ev.part.settings;
  });
  const notifier = startDesktopNotifier({ store, out: stdout, settings: () => notifySettings, where: baseTitle });
  // The spinners turn in the frame writer; the store hears of the time once a second.
  const ticker = startTicker(store, { spin: frames.spin });
  // The palette is chosen before the first frame; `auto` asks the terminal right after it.
  const theme = startTheme({
    setting: opts.startup?.theme ?? 'dark',
    // Beside Ink, like the alternate screen and mouse modes: the frame guard drops OSC strings.
    out: stdout,
    onChange: () => redrawAll(store),
  });

  let summaryPrinted = false;
  const printSummary = () => {
    if (summaryPrinted) return;
    summaryPrinted = true;
    process.stdout.write(exitSummary(store.getState(), store.getState().workspace.modelLabel ?? opts.modelLabel, opts.sessions?.currentId()));
  };
  const cleanup: (() => void)[] = [];
  const on = (event: string, fn: (...a: unknown[]) => void) => {
    process.on(event, fn);
    cleanup.push(() => process.off(event, fn));
  };
  on('exit', () => leaveTerminal());
  // Disposed once, by whichever way out gets there first: the normal one below, or a signal's.
  let disposing: Promise<void> | undefined;
  let signalsSeen = 0;
  // SessionEnd's reason: the person left from the prompt, unless a signal ended us.
  const dispose = () => (disposing ??= agent.dispose(signalsSeen > 0 ? 'other' : 'prompt_input_exit').catch(() => {}));
  for (const name of SIGNALS) {
    const num = constants.signals[name];
    on(name, () => {
      // A second signal while the commands are being killed skips their grace period.
      if (++signalsSeen > 1) return hurryRunningCommands();
      // The exit status says which signal ended us; the CLI returns process.exitCode.
      process.exitCode = 128 + num;
      leaveTerminal();
      session.interrupt();
      // Unmounting ends waitUntilExit below: the normal way out (agent disposed, summary).
      instance?.unmount();
      // If that way out hangs, leave anyway: a signal must end the program (after the commands'
      // bounded wait below). The agent is still disposed first (SessionEnd hooks, the session
      // file closed), for no longer than SessionEnd's budget can be.
      setTimeout(() => void leaveAfterSignal(128 + num), INTERRUPT_WAIT_MS + 1000).unref();
    });
  }
  const leaveAfterSignal = async (code: number) => {
    const { sessionEndLimitMs } = await import('../core/hooks/session-end-budget.js');
    await Promise.race([dispose(), new Promise((r) => setTimeout(r, sessionEndLimitMs() + 1000).unref())]);
    printSummary();
    process.exit(code);
  };
  on('uncaughtException', (err) => {
    instance?.unmount();
    leaveTerminal();
    // An error's message can quote outside text (a file name, a server's answer).
    console.error(toSafeText(err instanceof Error ? (err.stack ?? err.message) : String(err)));
    process.exit(1);
  });

  instance = renderScreen(
    // Raw stdin is the key owner's (src/app/key-owner.tsx): no component listens to it.
    createElement(KeyOwner, {
      children: createElement(App, {
        store,
        header: {
          modelLabel: opts.modelLabel,
          isDemo: opts.isDemo,
          workspaceRoot: opts.workspaceRoot,
          permissionMode: opts.permissionMode,
        },
        keyEnv: { files: () => files.get(), now: Date.now, workspaceRoot: opts.workspaceRoot },
        // Focus reports first, then the clipboard's (OSC 5522), the background colour's answer after.
        terminalReplies: { take: (raw: string) => notifier.take(raw) || (terminalClipboard?.take(raw) ?? false) || theme.replies.take(raw) },
      }),
    }),
    // Only changed rows reach the terminal (see frame-diff.ts for why not incrementalRendering).
    frames,
  );
  mark('first frame rendered');
  traceLoadedModules(traceFile);
  traceLoadedSince(traceFile, 'the first frame');
  theme.afterFirstFrame();
  // Whether the terminal reads its clipboard for us (OSC 5522): asked now, answered whenever.
  if (stdout.isTTY) {
    void import('./terminal-clipboard.js').then(({ createTerminalClipboard }) => {
      terminalClipboard = createTerminalClipboard({ write: (s) => stdout.write(s), tmux: Boolean(process.env.TMUX) });
      terminalClipboard.ask();
    });
  }
  const started = startup ? connectStartup(store, startup) : null;
  // The file list for @ completion (a `@` typed before then reads it) and the tmux question, after
  // the first frame, in an idle moment (idle-chores.ts).
  setTimeout(() => {
    whenIdle(store, () => {
      void files.refresh();
      void warnIfTmuxHidesShiftEnter((text) => addNotice(store, text));
    });
  }, 200).unref();
  // What the first command would wait for (its check's grammar, node-pty, the emulator) loads
  // once the agent is built, while the person types; the agent holds it while a turn runs (from
  // Enter), so a person who types at once gets the turn first. A call that streams in before it
  // is done starts its own loads.
  const warmUp = setTimeout(() => {
    void agent.warmUp().then(() => {
      mark('first call warmed');
      traceLoadedSince(traceFile, 'the warm-up');
    });
  }, WARM_UP_DELAY_MS);
  warmUp.unref();

  try {
    await instance.waitUntilExit();
  } catch (err) {
    leaveTerminal();
    console.error(toSafeText(err instanceof Error ? (err.stack ?? err.message) : String(err)));
    process.exitCode = 1;
  }
  leaveTerminal();
  // Leaving before the first command's loads started: they are not needed any more.
  clearTimeout(warmUp);
  started?.leaving();
  session.interrupt();
  ticker.stop();
  await Promise.race([session.idle(), new Promise((r) => setTimeout(r, 1000).unref())]);
  // Background jobs end with the program (a job's tree is killed like an interrupted command's).
  await agent.jobs.killAll('exit').catch(() => []);
  // The turn settles as soon as it is interrupted; its commands' process trees may still be ending.
  await waitForRunningCommands(INTERRUPT_WAIT_MS);
  await dispose();
  // The signal handlers stay until here: a signal during the cleanup must not kill us half-way.
  for (const c of cleanup) c();
  printSummary();
}
