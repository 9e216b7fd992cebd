// Child agents against the real SDK: one fake Anthropic server whose requests are routed by the
// child's prompt (children ask in no fixed order), a parent agent with the task tool, real file
// tools and bash on a real temp workspace (a git repository with a ledger when asked).
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { makeTempWorkspace } from '../../helpers/tool-context.js';
import { AgentSlots } from '../../../src/core/agents/agent-slots.js';
import { BUILT_IN_AGENTS, type AgentDefinition } from '../../../src/core/agents/agent-definitions.js';
import type { ChildSetup } from '../../../src/core/agents/child-setup.js';
import { createTaskTool } from '../../../src/core/agents/task-tool.js';
import type { ChangeLedger } from '../../../src/core/checkpoints/change-ledger.js';
import type { ConversationRecorder } from '../../../src/core/sessions/recorder.js';
import type { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { createAgent } from '../../../src/core/loop.js';
import { SecretRequests } from '../../../src/core/secret-requests.js';
import type { PermissionMode } from '../../../src/core/permissions/approval.js';
import { PermissionGate } from '../../../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { startFakeAnthropic, type FakeAnthropic, type FakeResponse, type RecordedRequest } from '../../helpers/fake-anthropic.js';

type Body = { system?: unknown; messages: { role: string; content: string | { type: string; text?: string }[] }[]; tools?: { name: string }[] };

export const bodyOf = (r: RecordedRequest) => r.body as Body;

/** The text of a request's first user message: a child's prompt, the parent's prompt. */
export function firstPrompt(r: RecordedRequest): string {
  const c = bodyOf(r).messages[0]?.content;
  return typeof c === 'string' ? c : (c ?? []).map((b) => b.text ?? '').join('');
}

export interface ChildServer {
  server: FakeAnthropic;
  /** Responses for the child whose prompt contains the key, in order. */
  routes: Map<string, FakeResponse[]>;
  /** The requests of the child whose prompt contains the key. */
  requestsOf(key: string): RecordedRequest[];
}

export type Workspace = Awaited<ReturnType<typeof makeTempWorkspace>>;

/** One server for the test file and a fresh temp workspace for each test (`ws`); routes and requests are cleared before each test. */
export function childServerAndWorkspace(): ChildServer & { ws: Workspace } {
  const t = childServer() as ChildServer & { reset(): void; ws: Workspace };
  beforeEach(async () => {
    t.reset();
    t.ws = await makeTempWorkspace();
  });
  afterEach(async () => t.ws.cleanup());
  return t;
}

/** One server for the test file; routes are cleared by reset(). */
export function childServer(): ChildServer & { reset(): void } {
  const t = { routes: new Map<string, FakeResponse[]>() } as ChildServer & { reset(): void };
  beforeAll(async () => {
    t.server = await startFakeAnthropic({
      route: (req) => {
        const prompt = firstPrompt(req);
        for (const [key, queue] of t.routes) if (prompt.includes(key)) return queue.shift();
        return undefined;
      },
    });
  });
  afterAll(async () => t.server.close());
  t.requestsOf = (key) => t.server.requests.filter((r) => firstPrompt(r).includes(key));
  t.reset = () => {
    t.routes.clear();
    t.server.requests.length = 0;
  };
  return t;
}

export interface ParentOptions {
  root: string;
  mode?: PermissionMode;
  canAsk?: boolean;
  ledger?: ChangeLedger;
  definitions?: AgentDefinition[];
  maxConcurrent?: number;
  maxDepth?: number;
  recorder?: ConversationRecorder;
  hooks?: SessionHooks;
  /** The parent's model (default claude-test, which has no price). */
  model?: string;
  /** A person answers commands' password prompts (the TUI): parent and children share the questions. */
  askSecrets?: boolean;
  /** ChildSetup.progressLagMs. */
  progressLagMs?: number;
}

export function parentAgent(server: FakeAnthropic, opts: ParentOptions) {
  const model = opts.model ?? 'claude-test';
  const secrets = opts.askSecrets ? new SecretRequests() : undefined;
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: server.url, model, retryBaseDelayMs: 5 });
  const gate = new PermissionGate({ mode: opts.mode ?? 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: opts.root, home: os.homedir(), canAsk: opts.canAsk ?? true });
  const tools = [...fileTools(), bashTool];
  const setup: ChildSetup = {
    workspaceRoot: opts.root,
    answering: () => ({ provider, model }),
    providerName: 'anthropic',
    tools: () => tools,
    definitions: opts.definitions ?? BUILT_IN_AGENTS,
    slots: new AgentSlots(opts.maxConcurrent ?? 8),
    maxDepth: opts.maxDepth ?? 2,
    maxTokens: 1000,
    permissions: gate,
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
    ...(opts.ledger ? { ledger: opts.ledger } : {}),
    ...(secrets ? { secrets } : {}),
    ...(opts.progressLagMs !== undefined ? { progressLagMs: opts.progressLagMs } : {}),
  };
  const agent = createAgent({
    provider,
    model,
    workspaceRoot: opts.root,
    tools: [...tools, createTaskTool(setup)],
    maxTokens: 1000,
    permissions: gate,
    sessionDir: path.join(opts.root, '..', 'session'),
    paneSize: { cols: 80, rows: 24 },
    ...(secrets ? { askSecrets: true, secretRequests: secrets } : {}),
    ...(opts.ledger ? { ledger: opts.ledger } : {}),
    ...(opts.recorder ? { recorder: opts.recorder } : {}),
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
  });
  return { agent, gate, setup };
}
