// The `hooks` block of a settings file in Claude Code's format, checked field by field:
//   { "PreToolUse": [ { "matcher": "Bash|Edit", "hooks": [ { "type": "command", "command": "...", "timeout": 30 } ] } ] }
// A malformed block is reported with its file and reason, never silently ignored.
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Stop',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export interface CommandHook {
  event: HookEvent;
  /** Absent or "" or "*": every call. */
  matcher?: string;
  command: string;
  /** Seconds, as Claude Code writes it. */
  timeoutSec?: number;
  /** The file it came from, for /hooks and notices. */
  source: string;
  /** The person's own files run unsandboxed; a workspace's only when trusted. */
  origin: 'user' | 'workspace';
}

export function readHooksBlock(block: unknown, source: string, origin: CommandHook['origin']): { hooks: CommandHook[]; problems: string[] } {
  const hooks: CommandHook[] = [];
  const problems: string[] = [];
  const problem = (where: string, why: string) => problems.push(`${source}: hooks${where}: ${why}`);
  if (block === undefined) return { hooks, problems };
  if (!isObject(block)) {
    problem('', 'must be an object of events, like { "PreToolUse": [...] }');
    return { hooks, problems };
  }
  for (const [event, groups] of Object.entries(block)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      problem(`.${event}`, `not an event inkling runs (${HOOK_EVENTS.join(', ')})`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problem(`.${event}`, 'must be a list of { "matcher", "hooks" }');
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const at = `.${event}[${g}]`;
      if (!isObject(group) || !Array.isArray(group.hooks)) return problem(at, 'must be { "matcher": "...", "hooks": [ { "type": "command", "command": "..." } ] }');
      if (group.matcher !== undefined && typeof group.matcher !== 'string') return problem(`${at}.matcher`, 'must be a string');
      const matcher = group.matcher as string | undefined;
      if (matcher && !validMatcher(matcher)) return problem(`${at}.matcher`, `"${matcher}" is not a valid regular expression`);
      group.hooks.forEach((h: unknown, i) => {
        const hat = `${at}.hooks[${i}]`;
        if (!isObject(h)) return problem(hat, 'must be { "type": "command", "command": "..." }');
        if (h.type !== 'command') return problem(`${hat}.type`, `"${String(h.type)}" is not run by inkling (only "command" hooks)`);
        if (typeof h.command !== 'string' || h.command.trim() === '') return problem(`${hat}.command`, 'must be a non-empty string');
        if (h.timeout !== undefined && (typeof h.timeout !== 'number' || !(h.timeout > 0))) return problem(`${hat}.timeout`, 'must be a number of seconds above 0');
        hooks.push({
          event: event as HookEvent,
          ...(matcher !== undefined ? { matcher } : {}),
          command: h.command,
          ...(typeof h.timeout === 'number' ? { timeoutSec: h.timeout } : {}),
          source,
          origin,
        });
      });
    });
  }
  return { hooks, problems };
}

/**
 * Claude Code's matcher: empty or "*" matches everything; letters, digits, _ and | or , only is a
 * list of exact names; anything else is an unanchored regular expression.
 */
export function matcherMatches(matcher: string | undefined, name: string): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (/^[\w|, ]+$/.test(matcher)) return matcher.split(/[|,]/).map((s) => s.trim()).includes(name);
  try {
    return new RegExp(matcher).test(name);
  } catch {
    return false;
  }
}

function validMatcher(matcher: string): boolean {
  try {
    new RegExp(matcher);
    return true;
  } catch {
    return false;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
