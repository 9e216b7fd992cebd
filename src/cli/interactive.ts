// Interactive mode: the full-screen TUI on a terminal. Without a terminal on both ends (a pipe,
// a CI job) there is nobody to type, so it says what it would run on and how to use -p instead.
// The first frame is drawn from a cheap preview of the settings; the checked settings, the
// trust question, memory and custom commands load after it and reach the UI as StartupInfo.
import os from 'node:os';
import type { Agent } from '../core/agent.js';
import { displayPath } from '../core/config/paths.js';
import { recordTrust } from '../core/config/trust.js';
import type { MemoryLineTarget } from '../core/memory/memory-lines.js';
import type { MemoryFile } from '../core/memory/project-memory.js';
import type { NotifySettings, StartupInfo, TrustQuestion } from '../core/startup-info.js';
import { EXIT } from './args.js';
import { bannerLines, modelLine, noKeyNotice } from './banner.js';
import { checkedConfig, previewConfig, type InklingConfig, type RunRequest } from './config.js';
import { modelPicking, withDiscoveredModel } from './model-choice.js';
import type { Redact } from '../core/redact.js';
import { sessionPort } from './session-recording.js';
import type { SessionPort } from '../core/sessions/session-port.js';
import { packageVersion } from './version.js';

export async function startInteractive(request: RunRequest, makeScrub: (secrets: string[]) => Redact): Promise<number> {
  // A preset without a default model starts on the first one its server lists: the header names it.
  const preview = await withDiscoveredModel(await previewConfig(request));
  const scrub = makeScrub(preview.secrets);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stdout.write(scrub(`${bannerLines(preview, packageVersion()).join('\n')}\n`));
    process.stderr.write(
      'inkling: the interactive interface needs a terminal on stdin and stdout. ' +
        `To run one turn from a script, use: inkling -p "<prompt>"${preview.provider.kind === 'demo' ? ' --demo' : ''}\n`,
    );
    return EXIT.usage;
  }
  const { firstFrame, markDrawing } = firstFrameSignal();
  const startup = startAfterFirstFrame(request, preview, firstFrame, scrub);
  const { runTui } = await import('../app/run-tui.js');
  const options = {
    agent: markDrawing(startup.agent),
    modelLabel: scrub(modelLine(preview)),
    isDemo: preview.provider.kind === 'demo',
    workspaceRoot: preview.workspaceRoot,
    permissionMode: preview.settings.permissions.mode,
    bell: preview.settings.notifications.bell,
    notify: notifySettings(preview),
    // The trust prompt, the header's memory label, /memory, custom commands, notices, the theme.
    startup: startup.info,
    sessions: startup.sessions,
  };
  await runTui(options);
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
}

export interface Startup {
  agent: Promise<Agent>;
  sessions: SessionPort;
  info: StartupInfo;
}

export function startAfterFirstFrame(request: RunRequest, preview: InklingConfig, firstFrame: Promise<void>, scrub: Redact): Startup {
  // The server's list is kept from the preview's question, so this asks nothing again.
  const checked = firstFrame.then(() => checkedConfig(request)).then((config) => withDiscoveredModel(config));
  // What crashed runs left (scratch folders, half-written temp files) goes after the agent's idle warm-up (session.ts).
  let answer: (trust: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => (answer = resolve));
  const trust: Promise<TrustQuestion | null> = checked.then(
    async (config) => {
      const report = config.report!.trust;
      if (report.trusted) return null;
      // Claude Code's files count too: their hooks run code and their allow rules loosen.
      const [{ claudeWouldSet, skillsWouldAllow }, { sessionSkills }] = await Promise.all([import('./claude-trust.js'), import('./skills-session.js')]);
      const skills = skillsWouldAllow((await sessionSkills(config)).skills, config.workspaceRoot);
      const wouldSet = [...report.ignored, ...(await claudeWouldSet(config.workspaceRoot, process.env.HOME ?? os.homedir(), config.settings.compat.claude)), ...skills];
      if (wouldSet.length === 0) return null;
      let done = false;
      return {
        workspaceRoot: report.workspaceRoot,
        wouldSet,
        answer: (yes) => {
          if (done) return;
          done = true;
          answer(yes);
        },
      };
    },
    () => null,
  );
  // The agent starts on the settings the answer chooses.
  const decided: Promise<InklingConfig> = trust.then(async (question) => {
    const config = await checked;
    if (!question) return config;
    if (!(await answered)) return config;
    await recordTrust(config.report!.paths.trust, config.workspaceRoot);
    return withDiscoveredModel(await checkedConfig(request));
  });
  // What builds the agent and its sandbox loads once the frame is up (`decided` waits for it):
  // the module graph behind it (the shell, the sandbox probe, the MCP client) is not the first frame's.
  const session = () => import('./session.js');
  const sandboxing = () => import('./sandbox-session.js');
  const memory = decided.then(async (config) => (await session()).loadMemory(config));
  // A resumed session's transcript goes on screen before the agent is built (they share one thread).
  let shown: Promise<unknown> = Promise.resolve();
  const agent = decided.then(async (config) => {
    await shown;
    const { createProvider, createSessionAgent } = await session();
    const provider = await createProvider(config);
    return createSessionAgent(config, provider, await memory);
  });
  // What only the screen needs (notices, custom commands) waits for the agent's build, built or
  // failed: a prompt typed as the prompt shows goes out that much sooner, and they are ready long
  // before a person reads them or types a slash.
  const agentSettled = agent.catch(() => undefined);
  const notices = decided.then(
    async (config) => {
      await agentSettled;
      const [{ sandboxNotice, sessionSandbox }, { settingsNotices }] = await Promise.all([sandboxing(), import('./settings-notices.js')]);
      const unsandboxed = sandboxNotice(await sessionSandbox(config));
      const noKey = noKeyNotice(config);
      const setup = await (await import('./setup-notices.js')).setupNotices(config);
      return [...(noKey ? [noKey] : []), ...settingsNotices(config.report!, 'interactive'), ...(unsandboxed ? [unsandboxed] : []), ...setup].map(scrub);
    },
    () => [],
  );
  const customCommands = decided.then(async (config) => {
    await agentSettled;
    const [{ loadCustomCommands }, { BUILTIN_COMMAND_NAMES }] = await Promise.all([import('../core/commands/custom-commands.js'), import('../store/command-table.js')]);
    const { sessionSkills, skillCommands, withSkillCommands } = await import('./skills-session.js');
    const [files, skills] = await Promise.all([
      loadCustomCommands({ workspaceRoot: config.workspaceRoot, home: config.home, builtins: BUILTIN_COMMAND_NAMES, userHome: process.env.HOME ?? os.homedir(), readClaude: config.settings.compat.claude }),
      sessionSkills(config).then((found) => skillCommands(found.skills)),
    ]);
    return withSkillCommands(files, skills, BUILTIN_COMMAND_NAMES);
  });
  // The session is found and read from the preview (home, workspace and flags are known), while the settings are checked.
  const sessions = sessionPort(decided, agent, firstFrame.then(() => preview));
  shown = sessions.start;
  return {
    // A prompt typed while --continue is still reading the session waits for it.
    agent: agent.then((a) => sessions.ready.then(() => a)),
    sessions,
    info: {
      ...(preview.initialPrompt !== undefined ? { initialPrompt: preview.initialPrompt } : {}),
      theme: preview.settings.theme,
      bell: decided.then((config) => config.settings.notifications.bell, () => preview.settings.notifications.bell),
      notify: decided.then((config) => notifySettings(config), () => notifySettings(preview)),
      notices,
      trust,
      memory: memory.catch(() => []),
      memoryTargets: decided.then(async (config) => memoryTargets(config, await memory)).catch(() => []),
      async checkMemoryWrite(target) {
        if (target.scope === 'user') return null;
        const config = await decided;
        const { sessionPermissions } = await import('./permission-session.js');
        const verdict = await sessionPermissions(config, undefined).gate.check({ name: 'edit_file', input: { path: target.path }, readOnly: false });
        // Asking again would ask twice: choosing the file in the # prompt was the person's yes.
        return verdict.kind === 'deny' ? verdict.message : null;
      },
      async reloadMemory() {
        const config = await decided;
        const again = await (await session()).loadMemory(config);
        // The running session's next request carries them too.
        const built = await agent.catch(() => null);
        if (built) (await import('./memory-reload.js')).reloadAgentMemory(built, again);
        return { memory: again, targets: await memoryTargets(config, again) };
      },
      customCommands: customCommands.catch(() => ({ commands: [], notices: [] })),
      modelLabel: decided.then((config) => scrub(modelLine(config)), () => scrub(modelLine(preview))),
      mcp: agent.then(async (a) => (await import('./mcp-session.js')).mcpServersOf(a), () => null),
      setup: agent.then(async (a) => (await import('./setup-lists-session.js')).setupListsOf(a), () => null),
      sandbox: decided.then(async (config) => {
        const [{ sandboxLabel }, { sessionSandbox }] = await Promise.all([import('../core/shell/command-sandbox.js'), sandboxing()]);
        return sandboxLabel(await sessionSandbox(config));
      }),
      models: Promise.all([decided, agent]).then(([config, a]) => modelPicking(a, request, config, scrub), () => null),
      facts: decided.then(async (config) => {
        const [{ runFacts }, { sessionPaths }] = await Promise.all([import('./run-facts.js'), import('../core/sessions/session-paths.js')]);
        return {
          ...runFacts(config, scrub),
          sessionsDir: sessionPaths(config.home, config.workspaceRoot).dir,
          ...(config.thinkingBudget ? { thinkingBudget: config.thinkingBudget } : {}),
        };
      }),
    },
  };
}

function notifySettings(config: InklingConfig): NotifySettings {
  return { desktop: config.settings.notifications.desktop, afterMs: config.settings.notifications.afterMs };
}

/** Where a `#` line may go: the project's memory file (or a new AGENTS.md) and the person's own. */
async function memoryTargets(config: InklingConfig, loaded: readonly MemoryFile[]): Promise<MemoryLineTarget[]> {
  const { memoryLineTargets } = await import('../core/memory/memory-lines.js');
  return memoryLineTargets({ workspaceRoot: config.workspaceRoot, home: config.home, homeDisplay: displayPath(config.home, config.workspaceRoot), loaded });
}

/**
 * Resolves once the UI has drawn its first frame. runTui takes hold of the agent promise (its
 * first `then`) right before its synchronous first render, so one macrotask after that the
 * frame is on the screen and the settings check (zod), the SDK and the tools may load.
 */
function firstFrameSignal(): { firstFrame: Promise<void>; markDrawing: (agent: Promise<Agent>) => Promise<Agent> } {
  let drawn: () => void = () => {};
  const firstFrame = new Promise<void>((resolve) => (drawn = resolve));
  return {
    firstFrame,
    markDrawing(agent) {
      const then = agent.then.bind(agent);
      agent.then = ((...args: Parameters<typeof agent.then>) => {
        setImmediate(drawn);
        return then(...args);
      }) as typeof agent.then;
      return agent;
    },
  };
}
