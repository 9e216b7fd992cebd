// An agent that records into a temp INKLING_HOME, for the session tests.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentConfig } from '../../../src/core/agent.js';
import { createAgent } from '../../../src/core/loop.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { createRedactor } from '../../../src/core/redact.js';
import type { PermissionMode } from '../../../src/core/permissions/approval.js';
import { PermissionGate } from '../../../src/core/permissions/gate.js';
import { testProvider, type Responder } from '../../helpers/test-provider.js';

export const echo: Tool<{ text: string }> = {
  name: 'echo',
  description: 'echoes',
  readOnly: true,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  async execute(input) {
    return { content: `echo: ${input.text}`, isError: false, details: { kind: 'mcp', server: 'echo', tool: 'echo', summaries: [input.text] } };
  },
};

export function tempHome(): { home: string; workspace: string } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'inkling-sessions-home-'));
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'inkling-sessions-ws-'));
  return { home, workspace };
}

export function recordingAgent(responders: Responder[], opts: { home: string; workspace: string; secrets?: string[]; id?: string; tools?: Tool<never>[]; mode?: PermissionMode; agent?: Partial<AgentConfig> }) {
  const provider = testProvider(responders);
  const gate = opts.mode
    ? new PermissionGate({ mode: opts.mode, rules: { allow: [], ask: [], deny: [] }, workspaceRoot: opts.workspace, home: opts.home, canAsk: false })
    : undefined;
  const paths = sessionPaths(opts.home, opts.workspace);
  const recorder = new SessionRecorder({
    paths,
    workspaceRoot: opts.workspace,
    describe: () => ({ model: 'test-model', provider: 'test', ...(gate ? { mode: gate.mode } : {}) }),
    inklingVersion: '0.0.0-test',
    redact: createRedactor(opts.secrets ?? []),
    ...(opts.id ? { id: opts.id } : {}),
  });
  const agent = createAgent({
    provider,
    model: 'test-model',
    workspaceRoot: opts.workspace,
    maxTokens: 1000,
    tools: (opts.tools as Tool<never>[] | undefined) ?? [echo as unknown as Tool<never>],
    streamRetry: { baseDelayMs: 1 },
    recorder,
    ...(gate ? { permissions: gate } : {}),
    secretValues: opts.secrets ?? [],
    ...opts.agent,
  });
  return { agent, provider, recorder, paths };
}
