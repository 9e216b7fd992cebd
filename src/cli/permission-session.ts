// The session's permission gate from the resolved settings: the mode, the rules of every layer and
// of --allowed-tools / --disallowed-tools (each labelled with where it came from), the protected
// paths, and the sandbox's word on each command. -p gets a gate that never asks.
import os from 'node:os';
import { sandboxDecision, type CommandSandbox } from '../core/shell/command-sandbox.js';
import { parseRules, PermissionGate } from '../core/permissions/gate.js';
import { rememberedChoicesFile } from '../core/permissions/remembered-choices.js';
import type { PermissionRule } from '../core/permissions/rules.js';
import type { InklingConfig } from './config.js';
import { claudePermissionRules } from './claude-permissions.js';

export function sessionPermissions(config: InklingConfig, sandbox: CommandSandbox | undefined): { gate: PermissionGate; problems: string[] } {
  const { permissions } = config.settings;
  const problems: string[] = [];
  const list = (key: 'allow' | 'ask' | 'deny'): PermissionRule[] =>
    permissions[key].flatMap((text, i) => {
      const source = config.report?.sources.get(`permissions.${key}[${i}]`)?.label ?? 'settings';
      const parsed = parseRules([text], source);
      problems.push(...parsed.problems.map((p) => `permissions.${key}: ${p} (the rule is ignored)`));
      return parsed.rules;
    });
  const claude = claudePermissionRules(config.workspaceRoot, config.report?.trust.trusted ?? false, config.settings.compat.claude);
  problems.push(...claude.problems);
  const gate = new PermissionGate({
    mode: permissions.mode,
    rules: { allow: [...list('allow'), ...claude.allow], ask: [...list('ask'), ...claude.ask], deny: [...list('deny'), ...claude.deny] },
    protectedPaths: permissions.protectedPaths,
    workspaceRoot: config.workspaceRoot,
    home: os.homedir(),
    canAsk: config.mode === 'interactive',
    rememberedFile: rememberedChoicesFile(config.home, config.workspaceRoot),
    sandbox: (input) => sandboxDecision((input ?? {}) as { sandbox?: boolean; reason?: string }, sandbox),
  });
  return { gate, problems };
}
