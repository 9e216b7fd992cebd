// A session for history-mode tests: prompts, answers and tool calls applied to a real store
// through the real event reducer; bash calls carry a real log file on disk.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentEvent } from '../../src/core/events.js';
import type { ToolDetails } from '../../src/core/tools/details.js';
import { applyEvents } from '../../src/store/apply-events.js';
import type { AppStore } from '../../src/store/app-store.js';

export type BashDetails = Extract<ToolDetails, { kind: 'bash' }>;

const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-history-'));

/** Bash details whose snapshot holds only the last `kept` lines while the log holds all of them. */
export function bashDetails(command: string, lines: string[], opts: { kept?: number; running?: boolean } = {}): BashDetails {
  const logPath = path.join(dir, `log-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(logPath, lines.map((l) => `${l}\r\n`).join(''));
  const kept = lines.slice(-(opts.kept ?? 50));
  return {
    kind: 'bash',
    command,
    snapshot: { cols: 80, rows: 12, lines: kept, totalLines: lines.length },
    running: opts.running ?? false,
    exitCode: opts.running ? null : 0,
    signal: null,
    timedOut: false,
    logPath,
    totalBytes: lines.join('\n').length,
  };
}

export function apply(store: AppStore, events: AgentEvent[], now = Date.now()): void {
  store.setState((s) => applyEvents(s, events, now));
}

export function bashCall(id: string, command: string, lines: string[], opts: { kept?: number } = {}): AgentEvent[] {
  return [
    { type: 'tool_call', id, name: 'bash', input: { command }, readOnly: false },
    { type: 'tool_status', id, status: 'running' },
    { type: 'tool_result', id, content: lines.join('\n'), isError: false, durationMs: 12, details: bashDetails(command, lines, opts) },
  ];
}

export function readCall(id: string, file: string, text: string): AgentEvent[] {
  const n = text.split('\n').length;
  return [
    { type: 'tool_call', id, name: 'read', input: { path: file }, readOnly: true },
    {
      type: 'tool_result',
      id,
      content: text,
      isError: false,
      durationMs: 3,
      details: { kind: 'read', path: file, startLine: 1, endLine: n, totalLines: n, more: false },
    },
  ];
}

export function turn(prompt: string, calls: AgentEvent[][], answer: string): AgentEvent[] {
  return [
    { type: 'turn_start', prompt },
    { type: 'request_start', iteration: 1 },
    ...calls.flat(),
    { type: 'request_start', iteration: 2 },
    { type: 'text_delta', text: answer },
    { type: 'turn_end', reason: 'end_turn' },
  ];
}
