// Builds what both modes run on from a resolved config: the provider and the agent. Heavy modules
// (the SDK, the loop, the tools) are imported here, lazily, so --help and config errors stay fast.
import os from 'node:os';
import path from 'node:path';
import type { Agent, ModelSwitching } from '../core/agent.js';
import { displayPath } from '../core/config/paths.js';
import type { MemoryFile } from '../core/memory/project-memory.js';
import type { ChangeLedger } from '../core/checkpoints/change-ledger.js';
import type { Provider } from '../core/providers/provider.js';
import type { AnyTool } from '../core/tools/tool.js';
import type { SessionHooks } from '../core/hooks/session-hooks.js';
import type { CommandSandbox } from '../core/shell/command-sandbox.js';
import type { Skill } from '../core/skills/discover-skills.js';
import type { SetupLists } from '../core/setup/setup-lists.js';
import { keepSetupLists } from './setup-lists-session.js';
import { keepMemoryReload } from './memory-reload.js';
import { applySkillRules, sessionSkills, skillDisplayPath } from './skills-session.js';
import type { ChildSetup } from '../core/agents/child-setup.js';
import { UsageError } from './args.js';
import { SECRET_ENV_NAMES } from './config.js';
import type { InklingConfig, ProviderChoice } from './config.js';
import { HEADLESS_MCP_START_MS, launchMcpServers, withMcp } from './mcp-session.js';
import { authHint } from './provider-config.js';
import { sessionSandbox } from './sandbox-session.js';
import { registeredTools } from './tools.js';
import { createRecorder } from './session-recording.js';

/** The header's provider: the preset's name, or what stands in for a model. */
function providerName(config: InklingConfig): string {
  const choice = config.provider;
  return choice.kind === 'openai' ? choice.preset : choice.kind;
}

export async function createProvider(config: InklingConfig): Promise<Provider> {
  const choice = config.provider;
  switch (choice.kind) {
    case 'demo': {
      const { createDemoProvider } = await import('../core/providers/demo-script.js');
      return createDemoProvider({ paced: config.mode === 'interactive' });
    }
    case 'script': {
      const { createScriptedProvider, loadScript } = await import('../core/providers/scripted.js');
      // A script that cannot be used is a configuration mistake, reported like a bad flag.
      const responses = await loadScript(choice.path).catch((err: Error) => {
        throw new UsageError(err.message);
      });
      return createScriptedProvider(responses);
    }
    case 'anthropic': {
      const { createAnthropicProvider } = await import('../core/providers/anthropic.js');
      return createAnthropicProvider({
        apiKey: choice.apiKey,
        model: config.model,
        ...(choice.baseURL ? { baseURL: choice.baseURL } : {}),
        ...(config.idleTimeoutMs ? { idleTimeoutMs: config.idleTimeoutMs } : {}),
        // -p must end within about a minute on API errors; the TUI can keep retrying visibly.
        ...(config.mode === 'print' ? { retryBudgetMs: HEADLESS_RETRY_BUDGET_MS } : {}),
        promptCaching: promptCachingFor(config.settings.promptCaching, choice.baseURL),
        ...(webSearchFor(config.settings.web.search, choice.baseURL) ? { webSearch: await webSearchOptions(config) } : {}),
      });
    }
    case 'openai':
      return createOpenAICompatible(choice, config);
  }
}

async function createOpenAICompatible(choice: Extract<ProviderChoice, { kind: 'openai' }>, config: InklingConfig): Promise<Provider> {
  const [{ createOpenAIProvider }, { PRESETS }] = await Promise.all([import('../core/providers/openai.js'), import('../core/providers/presets.js')]);
  const preset = PRESETS[choice.preset];
  if (preset.api !== 'openai') throw new Error(`${choice.preset} is not an OpenAI-compatible preset`);
  return createOpenAIProvider({
    baseURL: choice.baseURL,
    ...(choice.apiKey ? { apiKey: choice.apiKey } : {}),
    model: config.model,
    title: preset.title,
    quirks: preset.quirks,
    authHint: authHint(choice),
    ...(config.idleTimeoutMs ? { idleTimeoutMs: config.idleTimeoutMs } : {}),
    ...(config.mode === 'print' ? { retryBudgetMs: HEADLESS_RETRY_BUDGET_MS } : {}),
  });
}

/**
 * auto: caching on Anthropic's own API only; a compatible endpoint gets requests exactly as built
 * unless the setting (or INKLING_PROMPT_CACHING=1) says it supports cache_control.
 */
export function promptCachingFor(setting: 'auto' | boolean, baseURL: string | undefined): boolean {
  if (setting !== 'auto') return setting;
  if (!baseURL) return true;
  try {
    return new URL(baseURL).hostname === 'api.anthropic.com';
  } catch {
    return false;
  }
}

/** auto: Anthropic's server-side web search where the requests go to Anthropic's own API (a compatible endpoint may not run it). */
export function webSearchFor(setting: 'auto' | 'off', baseURL: string | undefined): boolean {
  return setting === 'auto' && promptCachingFor('auto', baseURL);
}

/** The search's declaration: the domains web_fetch deny rules name are blocked for it too. */
async function webSearchOptions(config: InklingConfig): Promise<{ blockedDomains?: string[] }> {
  const [{ parseRules }, { blockedSearchDomains }] = await Promise.all([import('../core/permissions/gate.js'), import('../core/web/search-blocks.js')]);
  const blocked = blockedSearchDomains(parseRules(config.settings.permissions.deny, 'settings').rules);
  return blocked.length > 0 ? { blockedDomains: blocked } : {};
}

/** Retries in -p stop once they would start later than this after the first attempt. */
export const HEADLESS_RETRY_BUDGET_MS = 40_000;

/** AGENTS.md / CLAUDE.md and the person's own file; loaded with the agent, after the first frame. */
export async function loadMemory(config: InklingConfig): Promise<MemoryFile[]> {
  const { loadProjectMemory } = await import('../core/memory/project-memory.js');
  return loadProjectMemory({
    workspaceRoot: config.workspaceRoot,
    home: config.home,
    homeDisplay: displayPath(config.home, config.workspaceRoot),
    userHome: process.env.HOME ?? os.homedir(),
    readClaude: config.settings.compat.claude,
  });
}

/** `wrapTool`: a front end's change to a built-in tool (ACP reads files through the editor's buffers). */
export async function createSessionAgent(
  config: InklingConfig,
  provider: Provider,
  memory?: readonly MemoryFile[],
  opts: { wrapTool?: (tool: AnyTool) => AnyTool } = {},
): Promise<Agent & ModelSwitching> {
  // web_fetch asks the gate (made below) which hosts a rule names: those may be local addresses.
  let namesHost: (host: string) => boolean = () => false;
  const [{ createAgent }, builtIn, { composeSystemPrompt, defaultSystemPrompt }, { memorySection }, files, sandbox] = await Promise.all([
    import('../core/loop.js'),
    registeredTools({ hostNamedByRule: (host) => namesHost(host) }),
    import('../core/system-prompt.js'),
    import('../core/memory/project-memory.js'),
    memory ?? loadMemory(config),
    sessionSandbox(config),
  ]);
  const tools = opts.wrapTool ? builtIn.map(opts.wrapTool) : builtIn;
  let answering: { model: string; provider: Provider; permissionMode?: string } = { model: config.model, provider };
  const recorder = await createRecorder(config, () => ({
    model: answering.model,
    provider: providerName(config),
    ...(answering.permissionMode ? { mode: answering.permissionMode } : {}),
  }));
  const ledger = await createLedger(config, recorder.id, () => recorder.logsDir);
  const skills = await sessionSkillParts(config);
  if (skills.tool) tools.push(skills.tool);
  const memoryOf = (memoryFiles: readonly MemoryFile[]) => [memorySection(memoryFiles), skills.catalog].filter(Boolean).join('\n\n') || undefined;
  const memoryText = memoryOf(files);
  // One folder for the session's files, kept with the session: bash logs and MCP servers' stderr.
  const mcp = launchMcpServers(config, recorder.logsDir);
  const { gate } = (await import('./permission-session.js')).sessionPermissions(config, sandbox);
  namesHost = (host) => gate.namesHost(host);
  const hooks = await sessionHooks(config, recorder, { mode: () => gate.mode, model: () => answering.model }, sandbox);
  const childTools = [...tools];
  // Shared by the parent and its children: a child's command's password prompt is answered through the parent.
  const secretRequests = config.mode !== 'print' ? new (await import('../core/secret-requests.js')).SecretRequests() : undefined;
  tools.push(
    await sessionTaskTool(config, {
      workspaceRoot: config.workspaceRoot,
      answering: () => ({ provider: answering.provider, model: answering.model }),
      providerName: providerName(config),
      tools: () => [...childTools, ...(mcp ? mcp.tools() : [])],
      maxTokens: config.maxTokens,
      permissions: gate,
      ...(ledger ? { ledger } : {}),
      ...(secretRequests ? { secrets: secretRequests } : {}),
      ...(hooks ? { hooks } : {}),
      ...(sandbox ? { sandbox } : {}),
      bashTimeoutMs: config.settings.bashTimeoutMs,
      ...(config.thinkingBudget ? { thinkingBudget: config.thinkingBudget } : {}),
      ...(config.settings.contextWindow ? { contextWindow: config.settings.contextWindow } : {}),
      secretEnvNames: SECRET_ENV_NAMES,
      secretValues: secretValues(config),
      ...(memoryText ? { memory: memoryText } : {}),
    }),
  );
  // The plan tools are the parent's alone (added after the children's list was taken).
  const plan = (await import('./plan-session.js')).sessionPlan(config, gate);
  tools.push(...plan.tools);
  const base = config.systemPrompt.replace ?? defaultSystemPrompt({ workspaceRoot: config.workspaceRoot, toolNames: tools.map((t) => t.name) });
  const systemFor = (memory: string | undefined) => composeSystemPrompt({ base, memory, append: config.systemPrompt.append });
  const systemPrompt = systemFor(memoryText);
  const agent = createAgent({
    plan: plan.keeper,
    permissions: gate,
    ...(hooks ? { hooks } : {}),
    ...(ledger ? { ledger } : {}),
    recorder,
    provider,
    model: config.model,
    workspaceRoot: config.workspaceRoot,
    tools,
    sandbox,
    bashTimeoutMs: config.settings.bashTimeoutMs,
    maxJobs: config.settings.jobs.max,
    jobFirstLinesMs: config.settings.jobs.firstLinesMs,
    // -p has nobody to ask: the helper refuses at once and the command fails rather than waits.
    askSecrets: config.mode !== 'print',
    ...(secretRequests ? { secretRequests } : {}),
    ...(config.settings.bash.sudoAskpass ? { sudoAskpass: true } : {}),
    ...(mcp ? { extraTools: mcp.tools } : {}),
    systemPrompt,
    maxTokens: config.maxTokens,
    maxIterations: config.maxIterations,
    secretEnvNames: SECRET_ENV_NAMES,
    secretValues: secretValues(config),
    ...(config.thinkingBudget ? { thinkingBudget: config.thinkingBudget } : {}),
    ...(config.settings.contextWindow ? { contextWindow: config.settings.contextWindow } : {}),
    autoCompact: config.settings.autoCompact,
    ...(config.settings.images.maxLongEdge ? { imageMaxLongEdge: config.settings.images.maxLongEdge } : {}),
    contextParts: contextParts(files),
    // -p keeps its promise of an exit within about a minute when a cut response is retried too.
    ...(config.mode === 'print' ? { streamRetry: { budgetMs: HEADLESS_RETRY_BUDGET_MS } } : {}),
  });
  answering = agent;
  if (config.mode === 'interactive') sweepAfterWarmUp(agent);
  await applySkillRules(gate, skills.found, config.report?.trust.trusted ?? false, { messages: () => agent.messages, dropped: (id) => agent.toolCallCost(id)?.edit === 'drop' });
  const lists = (await import('../core/setup/setup-lists.js')).createSetupLists({
    skills: skills.found,
    ...(hooks ? { hooks } : {}),
    messages: () => agent.messages,
    dropped: (id) => agent.toolCallCost(id)?.edit === 'drop',
    displayPath: (file) => skillDisplayPath(file, config.workspaceRoot),
    permissions: (await import('./permission-list.js')).permissionList(gate, config.report?.files ?? [], (file) => skillDisplayPath(file, config.workspaceRoot)),
    agents: (await (await import('./agents-session.js')).sessionAgents(config)).definitions,
  });
  // /init and `#` lines read the memory files again (children keep what they started with).
  const reload = (again: readonly MemoryFile[]) => agent.setSystemPrompt(systemFor(memoryOf(again)), contextParts(again));
  if (!mcp) return kept(agent, lists, reload);
  // -p has one turn: its servers get to be ready first (the TUI's arrive while the person types).
  if (config.mode === 'print') await (await mcp.loaded.catch(() => null))?.settled(HEADLESS_MCP_START_MS);
  return kept(withMcp(agent, mcp, { failuresShown: config.mode === 'interactive' }), lists, reload);
}

/**
 * The TUI's sweep of what crashed runs left (core/cleanup/sweep.ts) comes once, after the agent's
 * idle warm-up, which waits while a turn runs: a prompt typed at once never pays for it (a shared
 * /tmp of ~30,000 entries is ~40 ms of CPU). -p sweeps at its own start (headless.ts).
 */
function sweepAfterWarmUp(agent: Agent): void {
  const warmUp = agent.warmUp.bind(agent);
  let swept: Promise<void> | undefined;
  agent.warmUp = () => warmUp().then(() => (swept ??= import('../core/cleanup/sweep.js').then((m) => m.sweepLeftovers()).then(() => undefined, () => undefined)));
}

const contextParts = (files: readonly MemoryFile[]) => files.map((f) => ({ label: f.displayPath, text: f.text }));

/** The agent, with its /skills and /hooks lists and its memory reload kept beside it for the door. */
function kept<A extends Agent>(agent: A, lists: SetupLists, reload: (files: readonly MemoryFile[]) => void): A {
  keepSetupLists(agent, lists);
  keepMemoryReload(agent, reload);
  return agent;
}

function secretValues(config: InklingConfig): string[] {
  return [...SECRET_ENV_NAMES.map((name) => process.env[name]).filter((v): v is string => !!v), ...config.secrets];
}

/** The task tool: child agents on the session's provider, tools and permission chain, with the definitions found. */
async function sessionTaskTool(config: InklingConfig, shared: Omit<ChildSetup, 'definitions' | 'slots' | 'maxDepth'>): Promise<AnyTool> {
  const [{ sessionAgents }, { createTaskTool }, { AgentSlots }] = await Promise.all([
    import('./agents-session.js'),
    import('../core/agents/task-tool.js'),
    import('../core/agents/agent-slots.js'),
  ]);
  const { definitions } = await sessionAgents(config);
  return createTaskTool({ ...shared, definitions, slots: new AgentSlots(config.settings.agents.maxConcurrent), maxDepth: config.settings.agents.maxDepth }) as AnyTool;
}

/**
 * The change ledger for the session (undo, rewind). The demo never writes files, so it records
 * nothing rather than snapshotting whatever folder someone tries it in.
 */
async function createLedger(config: InklingConfig, sessionId: string, logDir: () => string): Promise<ChangeLedger | undefined> {
  if (config.provider.kind === 'demo') return undefined;
  const [{ ChangeLedger }, { createRedactor }] = await Promise.all([import('../core/checkpoints/change-ledger.js'), import('../core/redact.js')]);
  const secrets = [...SECRET_ENV_NAMES.map((name) => process.env[name]), ...config.secrets];
  // ledger.log (why the watcher stopped, which snapshots overran) goes beside the bash logs.
  // The recorder's id is a session begun now (one resumed arrives later, through switchSession): its
  // first prompt has no notes to read, and its request need not wait for the ledger to open.
  return new ChangeLedger({ workspaceRoot: config.workspaceRoot, home: config.home, sessionId, newSession: true, redact: createRedactor(secrets), logDir });
}

/** The skill catalog for the system prompt and the skill tool; both absent when no skill is there. */
async function sessionSkillParts(config: InklingConfig): Promise<{ found: readonly Skill[]; catalog?: string; tool?: AnyTool }> {
  const [{ skillCatalog, catalogBudget }, { createSkillTool }, { contextWindow }] = await Promise.all([
    import('../core/skills/skill-catalog.js'),
    import('../core/tools/skill.js'),
    import('../core/providers/models.js'),
  ]);
  const { skills } = await sessionSkills(config);
  const catalog = skillCatalog(skills, catalogBudget(config.settings.contextWindow ?? contextWindow(config.model) ?? undefined), (f) => skillDisplayPath(f, config.workspaceRoot));
  const tool = createSkillTool(skills);
  return { found: skills, ...(catalog ? { catalog } : {}), ...(tool ? { tool } : {}) };
}

/**
 * The session's hooks, none when no file has any. A workspace's hooks (trusted, or they would not
 * be here) run in the session's sandbox when commands do, and never see the provider's key.
 */
async function sessionHooks(
  config: InklingConfig,
  recorder: { id: string; logsDir: string },
  now: { mode: () => string; model: () => string },
  sandbox: CommandSandbox | undefined,
): Promise<SessionHooks | undefined> {
  const { hooks } = await (await import('./hooks-session.js')).sessionHookFiles(config);
  if (hooks.length === 0) return undefined;
  const [{ SessionHooks }, { sandboxWrapper }] = await Promise.all([import('../core/hooks/session-hooks.js'), import('../core/shell/command-sandbox.js')]);
  const probe = sandbox?.mode === 'workspace' && sandbox.probe.ok ? sandbox.probe : undefined;
  const wrapper = probe ? () => sandboxWrapper({ ...sandbox!, probe }, { workspace: config.workspaceRoot, sessionDir: recorder.logsDir, logDir: path.join(recorder.logsDir, 'hooks') }) : undefined;
  return new SessionHooks({
    hooks,
    workspaceRoot: config.workspaceRoot,
    // Read at each run: /clear and /resume move the recorder to another session.
    get sessionId() {
      return recorder.id;
    },
    get transcriptPath() {
      return `${recorder.logsDir}.jsonl`;
    },
    permissionMode: now.mode,
    model: now.model,
    workspace: { ...(wrapper ? { wrapper } : {}), unsetEnv: SECRET_ENV_NAMES },
  });
}
