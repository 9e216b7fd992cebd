// One line: model (or "demo model"), workspace, permission mode. At narrow widths the endpoint
// goes first, then the model is shortened; the workspace is the last to give way.
import React, { memo } from 'react';
import os from 'node:os';
import { toSafeText } from '../src/core/text/safe-text.js';
import type { MemoryFile } from '../src/core/memory/project-memory.js';
import { Box } from 'ink';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { fitLine, paint, stringWidth } from './text-layout.js';

export interface HeaderProps {
  modelLabel: string;
  isDemo: boolean;
  workspaceRoot: string;
  permissionMode?: string;
  /** The memory files in the prompt ("AGENTS.md"), once loaded. */
  memory?: string;
  /** "sandboxed" or why not, once the start-up probe answered. */
  sandbox?: string;
  /** "MCP 3 (1 failed)" once MCP servers are configured. */
  mcp?: string;
  width: number;
}

/** "AGENTS.md", "CLAUDE.md + ~/.inkling/AGENTS.md": the memory files in the system prompt. */
export function memoryLabel(files: readonly Pick<MemoryFile, 'scope' | 'displayPath' | 'inPrompt'>[]): string | undefined {
  const shown = [...files.filter((f) => f.scope === 'project'), ...files.filter((f) => f.scope === 'user')].filter((f) => f.inPrompt);
  return shown.length === 0 ? undefined : shown.map((f) => f.displayPath).join(' + ');
}

/** The model and, when the label names one, the endpoint or script it runs on. */
function splitModelLabel(label: string): { model: string; where: string } {
  const at = /^(.+?) (at|from) (\S.*)$/.exec(label);
  return at ? { model: at[1]!, where: ` ${at[2]} ${at[3]}` } : { model: label, where: '' };
}

/** Keeps the end of `text` (for a path, the folder names that say where we are). */
function cutLeft(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  const chars = [...text];
  let out = '';
  for (let i = chars.length - 1; i >= 0 && stringWidth(chars[i] + out) <= width - 1; i--) out = chars[i] + out;
  return `…${out}`;
}

function cutRight(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  const chars = [...text];
  let out = '';
  for (const c of chars) {
    if (stringWidth(out + c) > width - 1) break;
    out += c;
  }
  return `${out}…`;
}

const MIN_MODEL = 12;
const MIN_WORKSPACE = 8;

export function headerLine(p: HeaderProps): string {
  const home = os.homedir();
  // The workspace's path and the model's name come from outside (a directory, settings, env).
  const root = toSafeText(p.workspaceRoot);
  let ws: string = root.startsWith(home) ? `~${root.slice(home.length)}` : root;
  const { model: name, where } = p.isDemo ? { model: 'demo model', where: '' } : splitModelLabel(toSafeText(p.modelLabel));
  let mode: string = toSafeText(p.permissionMode ?? '');
  // Where commands run, after what may run without asking: "not sandboxed (off)" shortens to "unsandboxed".
  let sandbox = p.sandbox ? toSafeText(p.sandbox) : '';
  let model = name + where;
  const title = ' inkling · ';
  const sep = ' · ';
  const memoryLabelText = p.memory ? toSafeText(p.memory) : '';
  let memory = memoryLabelText ? `${sep}${memoryLabelText}` : '';
  let mcp = p.mcp ?? '';
  const used = () =>
    stringWidth(title) + stringWidth(model) + stringWidth(sep) + stringWidth(ws) + (mode ? stringWidth(sep + mode) : 0) + (sandbox ? stringWidth(sep + sandbox) : 0) + stringWidth(memory) + (mcp ? stringWidth(sep + mcp) : 0);
  // In order: drop the endpoint; the memory label keeps its first file, then goes; the sandbox
  // label shortens to one word; shorten the model, keep only the mode's first word, shorten the
  // workspace from the left, then the model to its last few characters.
  if (used() > p.width) model = name;
  // "MCP 3 (1 failed)" keeps a problem as "MCP 3!" before the memory label gives way.
  if (used() > p.width && mcp.includes(' (')) mcp = /failed|reconnecting/.test(mcp) ? `${mcp.split(' (')[0]}!` : mcp.split(' (')[0]!;
  if (used() > p.width && memoryLabelText.includes(' + ')) memory = `${sep}${memoryLabelText.split(' + ')[0]}`;
  if (used() > p.width) memory = '';
  if (used() > p.width && sandbox) sandbox = sandbox.startsWith('not ') ? 'unsandboxed' : 'sandboxed';
  if (used() > p.width) model = cutRight(name, Math.max(MIN_MODEL, stringWidth(name) - (used() - p.width)));
  if (used() > p.width) mode = mode.split(' ')[0]!;
  if (used() > p.width) ws = cutLeft(ws, Math.max(MIN_WORKSPACE, stringWidth(ws) - (used() - p.width)));
  if (used() > p.width) model = cutRight(name, Math.max(4, stringWidth(model) - (used() - p.width)));
  const shown = p.isDemo ? paint.warn(model) : paint.accent(model);
  const modeText = mode ? paint.dim(`${sep}${mode}`) : '';
  const sandboxText = sandbox ? paint.dim(sep) + (sandbox.startsWith('not ') || sandbox === 'unsandboxed' ? paint.warn(sandbox) : paint.dim(sandbox)) : '';
  const memoryText = memory ? paint.dim(sep) + paint.accent(memory.slice(sep.length)) : '';
  const mcpText = mcp ? paint.dim(sep) + (/failed|reconnecting|!$/.test(mcp) ? paint.warn(mcp) : paint.dim(mcp)) : '';
  return fitLine(`${paint.bold(' inkling')} ${paint.dim('·')} ${shown} ${paint.dim('·')} ${ws}${modeText}${sandboxText}${mcpText}${memoryText}`, p.width);
}

// Renders when what it shows changes, never with the screen or a spinner.
export const Header = memo(function Header(props: HeaderProps) {
  const memory = useApp((s) => memoryLabel(s.workspace.memory));
  const sandbox = useApp((s) => s.workspace.sandbox);
  const mcp = useApp((s) => s.mcp?.summary);
  // The checked settings may name another model or endpoint than the first frame's preview.
  const modelLabel = useApp((s) => s.workspace.modelLabel) ?? props.modelLabel;
  // Shift+Tab changes the mode: the store's word beats the one the app started with.
  const mode = useApp((s) => s.permission.mode);
  const permissionMode = mode ?? props.permissionMode;
  // Never shrunk: in a terminal too small for everything, Yoga would otherwise draw the row below over it
  // (the transcript's and status line's placeholders do not shrink either: Lines.tsx).
  return (
    <Box flexShrink={0}>
      <Lines lines={[headerLine({ ...props, modelLabel, ...(permissionMode ? { permissionMode } : {}), ...(memory ? { memory } : {}), ...(sandbox ? { sandbox } : {}), ...(mcp ? { mcp } : {}) })]} />
    </Box>
  );
});
