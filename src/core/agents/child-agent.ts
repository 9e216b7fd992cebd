// Runs one child agent to its end: the same loop and provider as the parent, its own conversation,
// system prompt and tools, its calls through the parent's permission chain at the child's mode.
// Its events go to the parent's stream wrapped as agent_event; its row goes to the task card.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addUsage, emptyUsage, type Usage } from '../conversation.js';
import type { AgentEvent, AgentRef } from '../events.js';
import { createAgent } from '../loop.js';
import { claudeAgentType } from '../compat/claude-names.js';
import { estimateCost } from '../providers/models.js';
import type { AnyTool, ToolContext } from '../tools/tool.js';
import type { AgentDefinition } from './agent-definitions.js';
import type { ChildSetup } from './child-setup.js';
import { MAX_LISTED_CALLS, NO_PROGRESS_MS, type ChildCall, type TaskDetails } from './task-details.js';
import type { TaskEnvelope, TaskStatus } from './task-envelope.js';
import type { PermissionMode } from '../permissions/approval.js';

/**
 * How long the row's lastProgressAt may lag the child's last token or output: just under the time
 * after which the card says "no progress" (NO_PROGRESS_MS), so the card says it only of a child
 * really that silent. The row changes (tool starts and ends, tokens) go at once; progress alone
 * changes nothing on screen before then, so sending it more often (it was every 8 frames) made a
 * store commit per child several times a second that drew nothing new (bench/subagents.tsx).
 */
export const PROGRESS_LAG_MS = NO_PROGRESS_MS - 1000;

export interface ChildRun {
  definition: AgentDefinition;
  prompt: string;
  description: string;
  depth: number;
  model: string;
  mode: PermissionMode | undefined;
  tools: AnyTool[];
  maxTurns: number;
  notices: string[];
}

/** What a child's run hands back: its envelope, and its calls as its card lists them. */
export interface ChildOutcome {
  envelope: TaskEnvelope;
  calls: ChildCall[];
}

export async function runChild(setup: ChildSetup, run: ChildRun, ctx: ToolContext): Promise<ChildOutcome> {
  const ref: AgentRef = { id: ctx.toolCallId, name: run.definition.name, depth: run.depth, model: run.model };
  const dir = path.join(ctx.session.sessionDir, 'agents');
  const { provider } = setup.answering();
  const permissions = setup.permissions && run.mode ? setup.permissions.forChild(run.mode) : undefined;
  const agentType = claudeAgentType(run.definition.name);
  // Every hook the child fires carries its agent_id and agent_type, as Claude Code's do inside a subagent.
  const hooks = setup.hooks?.forAgent({ agentId: ctx.toolCallId, agentType, ...(permissions ? { permissionMode: () => permissions.mode } : {}) });
  const child = createAgent({
    provider,
    model: run.model,
    workspaceRoot: setup.workspaceRoot,
    tools: run.tools,
    maxTokens: setup.maxTokens,
    maxIterations: run.maxTurns,
    systemPrompt: childSystemPrompt(run.definition.prompt, setup, run.tools),
    ...(permissions ? { permissions } : {}),
    ...(hooks ? { hooks, subagent: { agentId: ctx.toolCallId, agentType, transcript: (m) => writeTranscript(dir, ctx.toolCallId, m) } } : {}),
    // Its calls go into the session's ledger inside its task call, each undoable alone.
    ...(setup.ledger ? { parentLedger: { ledger: setup.ledger, call: ctx.toolCallId } } : {}),
    ...(setup.sandbox ? { sandbox: setup.sandbox } : {}),
    ...(setup.bashTimeoutMs !== undefined ? { bashTimeoutMs: setup.bashTimeoutMs } : {}),
    ...(setup.thinkingBudget ? { thinkingBudget: setup.thinkingBudget } : {}),
    ...(setup.contextWindow ? { contextWindow: setup.contextWindow } : {}),
    secretEnvNames: setup.secretEnvNames ?? [],
    secretValues: setup.secretValues ?? [],
    // A password prompt of its commands reaches the person as the parent's do (answered through the parent).
    ...(setup.secrets ? { askSecrets: true, secretRequests: setup.secrets } : {}),
    // Its bash logs go beside the parent's, in the session's folder.
    sessionDir: path.join(dir, ctx.toolCallId),
    paneSize: ctx.paneSize(),
  });
  const row: TaskDetails = {
    kind: 'task',
    agent: run.definition.name,
    description: run.description,
    depth: run.depth,
    status: 'running',
    startedAt: Date.now(),
    lastProgressAt: Date.now(),
    toolCalls: 0,
    usage: emptyUsage(),
    cost: 0,
  };
  const toolCounts: Record<string, number> = {};
  const filesChanged = new Set<string>();
  const running = new Map<string, { tool: string; arg: string }>();
  const calls = new Map<string, ChildCall>();
  const listed = () => [...calls.values()].slice(-MAX_LISTED_CALLS);
  let usage: Usage = emptyUsage();
  let nestedUsage: Usage = emptyUsage();
  let nestedCost = 0;
  let ended: AgentEvent & { type: 'turn_end' } = { type: 'turn_end', reason: 'aborted' };
  let error: string | undefined;
  const lagMs = setup.progressLagMs ?? PROGRESS_LAG_MS;
  // The lastProgressAt the card has, and the timer that sends a newer one before that is lagMs old.
  let sentProgressAt = row.lastProgressAt!;
  let progressTimer: NodeJS.Timeout | null = null;
  const send = () => {
    if (progressTimer) clearTimeout(progressTimer);
    progressTimer = null;
    sentProgressAt = row.lastProgressAt!;
    const current = [...running.values()].at(-1);
    ctx.reportOutput({ ...row, ...(current ? { current } : {}), calls: listed(), usage: addUsage(usage, nestedUsage), cost: costOf(run.model, usage, nestedCost) });
  };
  /** Progress alone: sent only when the card's time would otherwise grow lagMs old. */
  const progressed = () => {
    if (progressTimer) return;
    const due = sentProgressAt + lagMs - Date.now();
    if (due <= 0) send();
    else progressTimer = setTimeout(send, due);
  };
  send();
  try {
    for await (const event of child.run(run.prompt, { signal: ctx.signal })) {
      ctx.publishAgentEvent?.({ type: 'agent_event', agent: ref, event });
      row.lastProgressAt = Date.now();
      switch (event.type) {
        case 'tool_call':
          running.set(event.id, { tool: event.name, arg: keyArgument(event.input) });
          calls.set(event.id, { tool: event.name, arg: keyArgument(event.input), status: 'running' });
          row.toolCalls++;
          toolCounts[event.name] = (toolCounts[event.name] ?? 0) + 1;
          send();
          break;
        case 'tool_result': {
          running.delete(event.id);
          const call = calls.get(event.id);
          if (call) call.status = event.isError ? 'error' : 'done';
          const d = event.details;
          if (!event.isError && (d?.kind === 'edit' || d?.kind === 'write')) filesChanged.add(d.path);
          if (d?.kind === 'task' && d.envelope) {
            nestedUsage = addUsage(nestedUsage, d.envelope.usage);
            nestedCost += d.envelope.cost ?? 0;
            for (const f of d.envelope.filesChanged) filesChanged.add(f);
          }
          send();
          break;
        }
        case 'usage':
          usage = event.turn;
          send();
          break;
        case 'error':
          error = event.message;
          break;
        case 'turn_end':
          ended = event;
          break;
        default:
          progressed();
      }
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    ended = { type: 'turn_end', reason: 'error' };
  } finally {
    if (progressTimer) clearTimeout(progressTimer);
  }
  for (const call of calls.values()) if (call.status === 'running') call.status = 'cancelled';
  const total = addUsage(usage, nestedUsage);
  const transcriptPath = await writeTranscript(dir, ctx.toolCallId, child.messages);
  const envelope: TaskEnvelope = {
    status: statusOf(ended.reason, ctx.signal.aborted),
    agent: run.definition.name,
    answer: lastAnswer(child.messages),
    toolCounts,
    filesChanged: [...filesChanged],
    usage: total,
    cost: costOf(run.model, usage, nestedCost),
    ...(transcriptPath ? { transcriptPath } : {}),
    ...(error ? { error } : {}),
    ...(run.notices.length ? { notices: run.notices } : {}),
  };
  return { envelope, calls: listed() };
}

function statusOf(reason: string, aborted: boolean): TaskStatus {
  if (aborted || reason === 'aborted') return 'interrupted';
  if (reason === 'max_iterations') return 'turn_limit';
  if (reason === 'error') return 'failed';
  return 'completed';
}

function costOf(model: string, own: Usage, nested: number): number | null {
  const mine = estimateCost(model, own);
  return mine === null ? null : mine + nested;
}

/** The text of the child's last answer (what it said after its last tool call). */
function lastAnswer(messages: readonly { role: string; content: unknown }[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    const text = (m.content as { type: string; text?: string }[]).filter((b) => b.type === 'text').map((b) => b.text ?? '').join('');
    if (text.trim()) return text;
  }
  return '';
}

/** The argument a row shows beside the tool's name: its path, command, pattern or description. */
export function keyArgument(input: unknown): string {
  const f = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const value = [f.path, f.command, f.pattern, f.description, f.url, f.query].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const line = value?.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

/** The definition's body, then the environment, then the project memory, as the parent's prompt has them. */
function childSystemPrompt(body: string, setup: ChildSetup, tools: readonly AnyTool[]): string {
  const env = [
    `Workspace root: ${setup.workspaceRoot}`,
    `Platform: ${os.platform()} ${os.release()} (${os.arch()}); shell: bash`,
    `Today's date: ${new Date().toISOString().slice(0, 10)}`,
    'Paths are relative to the workspace root; tools refuse paths outside it.',
    `Tools available: ${tools.map((t) => t.name).join(', ') || '(none)'}.`,
    'Your final message is your answer to the agent that started you: it reads nothing else you wrote.',
  ].join('\n');
  return [body.trim(), env, setup.memory?.trim()].filter(Boolean).join('\n\n');
}

async function writeTranscript(dir: string, id: string, messages: readonly unknown[]): Promise<string | undefined> {
  const file = path.join(dir, `${id}.jsonl`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(file, messages.map((m) => JSON.stringify(m)).join('\n') + '\n', { mode: 0o600 });
    return file;
  } catch {
    return undefined;
  }
}
