// The task tool: the model hands a task to a child agent (Claude Code's Agent/Task tool). The call
// itself never asks; the child's calls go through the permission chain. A child in plan mode
// (explore) makes its call read-only, so several run at once; a child that may write is a barrier,
// and the ledger's snapshots around its call hold exactly its changes.
import { PARENT_ONLY_TOOLS } from '../plan/plan-types.js';
import { modelInfo, MODEL_CATALOG } from '../providers/models.js';
import type { PermissionMode } from '../permissions/approval.js';
import type { AnyTool, Tool, ToolContext, ToolResult } from '../tools/tool.js';
import { DEFAULT_MAX_TURNS, type AgentDefinition } from './agent-definitions.js';
import { runChild } from './child-agent.js';
import type { ChildSetup } from './child-setup.js';
import { envelopeText } from './task-envelope.js';
import { emptyUsage } from '../conversation.js';

export interface TaskInput {
  description: string;
  prompt: string;
  agent?: string;
  model?: string;
}

export const TASK_TOOL = 'task';

/** Strictest first: a child's mode is the stricter of its definition's and the parent's. */
const STRICTNESS: readonly PermissionMode[] = ['plan', 'default', 'accept-edits', 'auto', 'yolo'];

export function stricterMode(a: PermissionMode, b: PermissionMode): PermissionMode {
  return STRICTNESS.indexOf(a) <= STRICTNESS.indexOf(b) ? a : b;
}

/** Claude Code's model aliases, to the catalog's current Anthropic model of that family. */
const ALIASES: Record<string, RegExp> = { sonnet: /sonnet/, opus: /opus/, haiku: /haiku/ };

/** The task tool of an agent at `depth` (0: the parent): its calls start children at depth + 1. */
export function createTaskTool(setup: ChildSetup, depth = 0): Tool<TaskInput> {
  const byName = (name: string | undefined) => setup.definitions.find((d) => d.name.toLowerCase() === (name ?? 'general').toLowerCase());
  const modeOf = (def: AgentDefinition): PermissionMode | undefined => {
    const parent = setup.permissions?.mode;
    if (!parent) return def.permissionMode;
    return def.permissionMode ? stricterMode(def.permissionMode, parent) : parent;
  };
  return {
    name: TASK_TOOL,
    get description() {
      return [
        'Hands a task to a child agent with its own conversation and tools; its final answer comes back as the result.',
        'Give a short description (3-5 words) and a complete prompt: the child sees nothing of this conversation.',
        'Several calls in one response to read-only agents (explore) run at the same time; agents that may write run one after another.',
        'Agents:',
        ...setup.definitions.map((d) => `- ${d.name}: ${d.description}`),
      ].join('\n');
    },
    // Never asked: the child's own calls are checked one by one.
    readOnly: false,
    isReadOnlyCall: (input) => {
      const def = byName(input.agent);
      return def !== undefined && modeOf(def) === 'plan';
    },
    inputSchema: {
      type: 'object',
      properties: {
        description: { type: 'string', description: 'A short (3-5 word) description of the task' },
        prompt: { type: 'string', description: 'The task for the agent, complete: it sees nothing else' },
        agent: { type: 'string', description: `Which agent (default general): ${setup.definitions.map((d) => d.name).join(', ')}` },
        model: { type: 'string', description: "Optional: a model for this agent instead of its definition's (sonnet, opus, haiku or a model id)" },
      },
      required: ['description', 'prompt'],
      additionalProperties: false,
    },
    async execute(input, ctx): Promise<ToolResult> {
      const def = byName(input.agent);
      if (!def) return { content: `Unknown agent "${input.agent}". Agents: ${setup.definitions.map((d) => d.name).join(', ')}.`, isError: true };
      if (depth + 1 > setup.maxDepth) {
        return { content: `An agent at depth ${depth} cannot start agents: agents may nest ${setup.maxDepth} deep at most (setting agents.maxDepth). Do the task yourself.`, isError: true };
      }
      const notices: string[] = [];
      const model = resolveModel(input.model ?? def.model, setup, notices);
      const row = { kind: 'task' as const, agent: def.name, description: input.description, depth: depth + 1, toolCalls: 0, usage: emptyUsage(), cost: 0 };
      if (setup.slots.full(depth + 1)) ctx.reportOutput({ ...row, status: 'waiting' });
      const release = await setup.slots.acquire(depth + 1, ctx.signal);
      if (!release) return interrupted(def.name);
      try {
        const { envelope, calls } = await runChild(
          setup,
          { definition: def, prompt: input.prompt, description: input.description, depth: depth + 1, model, mode: modeOf(def), tools: childTools(setup, def, depth + 1), maxTurns: def.maxTurns ?? DEFAULT_MAX_TURNS, notices },
          ctx,
        );
        return {
          content: envelopeText(envelope),
          isError: envelope.status === 'failed' || envelope.status === 'interrupted',
          details: { ...row, status: envelope.status, toolCalls: Object.values(envelope.toolCounts).reduce((a, b) => a + b, 0), calls, usage: envelope.usage, cost: envelope.cost, envelope },
        };
      } finally {
        release();
      }
    },
  };
}

function interrupted(agent: string): ToolResult {
  return { content: `Agent ${agent} was interrupted before it started.`, isError: true };
}

/** The definition's tools (all but task when it lists none), less its disallowed ones; task only when listed. */
function childTools(setup: ChildSetup, def: AgentDefinition, depth: number): AnyTool[] {
  const all = setup.tools().filter((t) => t.name !== TASK_TOOL && !PARENT_ONLY_TOOLS.has(t.name));
  const allowed = def.tools ? all.filter((t) => def.tools!.includes(t.name)) : all;
  const tools = allowed.filter((t) => !def.disallowedTools?.includes(t.name));
  if (def.tools?.includes(TASK_TOOL) && !def.disallowedTools?.includes(TASK_TOOL)) tools.push(createTaskTool(setup, depth) as AnyTool);
  return tools;
}

/** inherit → the parent's model; sonnet/opus/haiku → the catalog's Anthropic model on Anthropic, else inherit with a notice. */
function resolveModel(wanted: string, setup: ChildSetup, notices: string[]): string {
  const parent = setup.answering().model;
  if (!wanted || wanted === 'inherit') return parent;
  const family = ALIASES[wanted.toLowerCase()];
  if (family) {
    if (setup.providerName === 'anthropic') return MODEL_CATALOG.find((m) => m.provider === 'anthropic' && m.offered !== false && family.test(m.id))?.id ?? parent;
    notices.push(`model "${wanted}" is Claude Code's name for an Anthropic model, which ${setup.providerName} does not serve: the agent used ${parent}`);
    return parent;
  }
  const known = modelInfo(wanted);
  if (known && known.provider !== setup.providerName && modelInfo(parent)?.provider === setup.providerName) {
    notices.push(`model "${wanted}" is not served by ${setup.providerName}: the agent used ${parent}`);
    return parent;
  }
  return wanted;
}
