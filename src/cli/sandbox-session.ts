// The session's sandbox from the settings and the start-up probe (run once, after the first
// frame in the TUI): what the bash tool runs under, and the line to say when it cannot start.
import type { CommandSandbox } from '../core/shell/command-sandbox.js';
import { describeProbeFailure, probeSandboxCached } from '../core/shell/sandbox-probe.js';
import type { InklingConfig } from './config.js';

export async function sessionSandbox(config: Pick<InklingConfig, 'settings' | 'yolo'>, env: NodeJS.ProcessEnv = process.env): Promise<CommandSandbox> {
  const { mode, network } = config.settings.sandbox;
  const probe = mode === 'off' ? ({ ok: false, reason: 'sandbox.mode is "off"', fix: 'set sandbox.mode to "workspace"' } as const) : await probeSandboxCached(env);
  // The permission chain decides `sandbox: false` calls (asks in default, accept-edits and auto, runs
  // in yolo, refuses in plan); the tool runs what it let through.
  return { mode, network, probe, allowUnsandboxed: true };
}

/** The line to show once when the sandbox was wanted but cannot start; null otherwise. */
export function sandboxNotice(sandbox: CommandSandbox): string | null {
  if (sandbox.mode === 'off' || sandbox.probe.ok) return null;
  return describeProbeFailure(sandbox.probe);
}
