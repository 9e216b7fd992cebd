// One line: model (or "demo model"), workspace, permission mode.
import React from 'react';
import { Text } from 'ink';
import os from 'node:os';
import { fitLine, paint } from '../src/tui/text-layout.js';

export interface HeaderProps {
  modelLabel: string;
  isDemo: boolean;
  workspaceRoot: string;
  permissionMode?: string;
  width: number;
}

export function headerLine(p: HeaderProps): string {
  const home = os.homedir();
  const ws = p.workspaceRoot.startsWith(home) ? `~${p.workspaceRoot.slice(home.length)}` : p.workspaceRoot;
  const model = p.isDemo ? paint.warn('demo model') : paint.accent(p.modelLabel);
  const mode = p.permissionMode ? paint.dim(` · ${p.permissionMode}`) : '';
  return fitLine(`${paint.bold(' inkling')} ${paint.dim('·')} ${model} ${paint.dim('·')} ${ws}${mode}`, p.width);
}

export function Header(props: HeaderProps) {
  return <Text wrap="truncate-end">{headerLine(props)}</Text>;
}
