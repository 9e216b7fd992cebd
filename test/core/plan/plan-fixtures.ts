// The plan tests' agent: the real loop and SDK against the fake Anthropic server, the plan keeper
// with update_plan and exit_plan_mode, the file tools on a real temp workspace, a permission gate,
// and (when asked) a session recorder under a temp INKLING_HOME.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { createAgent } from '../../../src/core/loop.js';
import type { AgentEvent } from '../../../src/core/events.js';
import type { PermissionMode } from '../../../src/core/permissions/approval.js';
import { PermissionGate } from '../../../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { PlanKeeper } from '../../../src/core/plan/plan-keeper.js';
import { createUpdatePlanTool } from '../../../src/core/plan/update-plan-tool.js';
import { createExitPlanModeTool } from '../../../src/core/plan/exit-plan-mode-tool.js';
import type { PlanStep } from '../../../src/core/plan/plan-types.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { createRedactor } from '../../../src/core/redact.js';
import type { AnyTool } from '../../../src/core/tools/tool.js';
import type { FakeAnthropic, RecordedRequest } from '../../helpers/fake-anthropic.js';

export interface PlanAgentOptions {
  root: string;
  mode?: PermissionMode;
  /** False: -p (exit_plan_mode ends the turn with the plan). */
  canAsk?: boolean;
  /** Record the session under this INKLING_HOME; `id` continues one. */
  home?: string;
  id?: string;
}

export function planAgent(server: FakeAnthropic, opts: PlanAgentOptions) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: server.url, model: 'claude-test', retryBaseDelayMs: 5 });
  const gate = new PermissionGate({ mode: opts.mode ?? 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: opts.root, home: os.homedir(), canAsk: opts.canAsk ?? true });
  const keeper = new PlanKeeper({ canAsk: opts.canAsk ?? true });
  const recorder = opts.home
    ? new SessionRecorder({
        paths: sessionPaths(opts.home, opts.root),
        workspaceRoot: opts.root,
        describe: () => ({ model: 'claude-test', provider: 'anthropic', mode: gate.mode }),
        inklingVersion: '0.0.0-test',
        redact: createRedactor([]),
        ...(opts.id ? { id: opts.id } : {}),
      })
    : undefined;
  const agent = createAgent({
    provider,
    model: 'claude-test',
    workspaceRoot: opts.root,
    tools: [...fileTools(), createUpdatePlanTool(keeper) as AnyTool, createExitPlanModeTool(keeper.reviews, gate) as AnyTool],
    maxTokens: 1000,
    permissions: gate,
    plan: keeper,
    sessionDir: path.join(opts.root, '..', 'session'),
    ...(recorder ? { recorder } : {}),
  });
  return { agent, gate, keeper, recorder };
}

export const tempHome = () => mkdtempSync(path.join(os.tmpdir(), 'inkling-plan-home-'));

/** An update_plan call as the model sends it. */
export const planCall = (id: string, plan: PlanStep[], explanation?: string) => ({ name: 'update_plan', id, input: { plan, ...(explanation ? { explanation } : {}) } });

export const steps = (...statuses: PlanStep['status'][]): PlanStep[] => statuses.map((status, i) => ({ step: `step ${i + 1}`, status }));

type Block = { type: string; text?: string; tool_use_id?: string; content?: string; is_error?: boolean };
type Body = { system?: unknown; messages: { role: string; content: string | Block[] }[]; tools?: { name: string }[] };
export const bodyOf = (r: RecordedRequest) => r.body as Body;

/** The blocks of request `r`'s last message. */
export function lastBlocks(r: RecordedRequest): Block[] {
  const c = bodyOf(r).messages.at(-1)!.content;
  return typeof c === 'string' ? [{ type: 'text', text: c }] : c;
}

export async function drain(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of run) out.push(e);
  return out;
}

export const planEvents = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'plan_update' }> => e.type === 'plan_update');
