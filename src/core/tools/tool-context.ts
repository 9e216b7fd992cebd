// The ToolContext one call gets: its id and signal, the session's state, live output to the UI
// (redacted), a keystroke channel registered by call id, the pane size and, when a person can
// answer, the secret bridge.
import type { AgentEvent } from '../events.js';
import { redactDeep, type Redact } from '../redact.js';
import type { SecretRequests } from '../secret-requests.js';
import type { SessionState, ToolContext, ToolInputChannel } from './tool.js';

export interface ToolContextParts {
  workspaceRoot: string;
  session: SessionState;
  redact: Redact;
  /** Running tools that take keystrokes, by call id (the agent's writeToTool reads it). */
  inputs: Map<string, ToolInputChannel>;
  paneSize(): { cols: number; rows: number };
  /** Absent when nobody can answer a password prompt (-p). */
  secrets?: SecretRequests;
}

export function toolContext(parts: ToolContextParts, toolCallId: string, signal: AbortSignal, emit: (e: AgentEvent) => void): ToolContext {
  const { inputs, secrets } = parts;
  return {
    workspaceRoot: parts.workspaceRoot,
    signal,
    toolCallId,
    session: parts.session,
    reportOutput: (details) => emit({ type: 'tool_output', id: toolCallId, details: redactDeep(details, parts.redact) }),
    attachInput: (channel) => {
      inputs.set(toolCallId, channel);
      return () => {
        if (inputs.get(toolCallId) === channel) inputs.delete(toolCallId);
      };
    },
    paneSize: parts.paneSize,
    ...(secrets ? { askSecret: (request, asked) => secrets.ask(toolCallId, request, asked, emit) } : {}),
    publishAgentEvent: emit,
    publishEvent: emit,
  };
}

/** The agent's writeToTool and resizeTool over the channels running tools registered: false when call `id` takes none. */
export function inputSenders(inputs: ReadonlyMap<string, ToolInputChannel>) {
  return {
    writeToTool(id: string, data: string): boolean {
      const channel = inputs.get(id);
      channel?.write(data);
      return channel !== undefined;
    },
    resizeTool(id: string, cols: number, rows: number): boolean {
      const channel = inputs.get(id);
      channel?.resize(cols, rows);
      return channel !== undefined;
    },
  };
}
