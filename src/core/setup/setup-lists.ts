// What /skills, /hooks and /permissions list, answered through the door: each skill with its
// origin, file, size and whether the conversation holds it started; each hook with its event,
// matcher, file, last run (exit code, time, output) and whether the person turned it off for the
// session; each permission rule in force with its source (the CLI removes one from its file).
import type { Message } from '../conversation.js';
import type { Skill } from '../skills/discover-skills.js';
import { startedSkills } from '../skills/started-skills.js';
import type { CommandHook } from '../hooks/hook-settings.js';
import type { SessionHooks } from '../hooks/session-hooks.js';
import type { AgentDefinition, AgentOrigin } from '../agents/agent-definitions.js';

export interface SkillListing {
  name: string;
  origin: Skill['origin'];
  /** SKILL.md, named as the person reads paths (workspace-relative, ~/…). */
  location: string;
  bytes: number;
  /** Started in this conversation (by the skill tool or the person's /name) and not dropped since. */
  active: boolean;
  /** In the catalog the model sees (disable-model-invocation: false). */
  byModel: boolean;
  /** Runs as /name (user-invocable). */
  byPerson: boolean;
}

export interface HookRunListing {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** stderr then stdout, as the hook wrote them (cut by the runner at 64 KB each). */
  output: string;
  /** A refused updatedInput, when there was one. */
  refused?: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface HookListing {
  /** 1-based, in the order the files were read: what /hooks off <n> names. */
  number: number;
  event: CommandHook['event'];
  matcher?: string;
  command: string;
  source: string;
  origin: CommandHook['origin'];
  off: boolean;
  last?: HookRunListing;
}

export interface PermissionListing {
  /** 1-based, strictest kind first: what /permissions remove <n> names. */
  number: number;
  kind: 'deny' | 'ask' | 'allow';
  /** As written (a Claude Code rule as translated). */
  rule: string;
  /** Where it comes from: a settings file, a flag, your remembered choices, this session. */
  source: string;
}

/** The rules in force, and taking one away (from the file it came from, or for the session). */
export interface PermissionList {
  list(): PermissionListing[];
  /** Resolves to what to tell the person (removed from where, or why it cannot be). */
  remove(number: number): Promise<string>;
}

/** /agents: a child agent definition the task tool offers, and where it comes from. */
export interface AgentListing {
  name: string;
  description: string;
  origin: AgentOrigin;
  /** Its file, named as the person reads paths; absent for a built-in. */
  location?: string;
  /** The tools it is limited to (inkling's names); absent: every tool but task. */
  tools?: string[];
  model: string;
}

/** The door's part for these lists. */
export interface SetupLists {
  skills(): SkillListing[];
  agents(): AgentListing[];
  hooks(): HookListing[];
  /** Turns hook `number` off (or on again) for the session; false when there is no such hook. */
  setHookOff(number: number, off: boolean): boolean;
  permissions(): PermissionListing[];
  removePermission(number: number): Promise<string>;
}

export interface SetupListsOptions {
  skills: readonly Skill[];
  hooks?: SessionHooks;
  /** The conversation now (which skills it holds started). */
  messages: () => readonly Message[];
  /** Dropped results' ids, for a started skill the person dropped with `d`. */
  dropped?: (id: string) => boolean;
  displayPath: (file: string) => string;
  /** /permissions; without one the list is empty. */
  permissions?: PermissionList;
  /** /agents: the definitions the task tool offers; without them the list is empty. */
  agents?: readonly AgentDefinition[];
}

export function createSetupLists(opts: SetupListsOptions): SetupLists {
  const hookAt = (number: number) => opts.hooks?.all[number - 1];
  return {
    agents: () =>
      (opts.agents ?? []).map((a) => ({
        name: a.name,
        description: a.description,
        origin: a.origin,
        ...(a.file ? { location: opts.displayPath(a.file) } : {}),
        ...(a.tools ? { tools: a.tools } : {}),
        model: a.model,
      })),
    skills() {
      const active = startedSkills(opts.messages(), opts.dropped ?? (() => false));
      return opts.skills.map((s) => ({
        name: s.name,
        origin: s.origin,
        location: opts.displayPath(s.file),
        bytes: s.bytes,
        active: active.has(s.name),
        byModel: !s.disableModelInvocation,
        byPerson: s.userInvocable,
      }));
    },
    hooks() {
      const hooks = opts.hooks;
      if (!hooks) return [];
      return hooks.all.map((hook, i) => {
        const run = hooks.lastRun(hook);
        return {
          number: i + 1,
          event: hook.event,
          ...(hook.matcher ? { matcher: hook.matcher } : {}),
          command: hook.command,
          source: opts.displayPath(hook.source),
          origin: hook.origin,
          off: hooks.isOff(hook),
          ...(run
            ? {
                last: {
                  exitCode: run.exitCode,
                  timedOut: run.timedOut,
                  durationMs: run.durationMs,
                  output: [run.stderr.trim(), run.stdout.trim()].filter(Boolean).join('\n'),
                  ...(run.refused ? { refused: run.refused } : {}),
                  at: run.at.getTime(),
                },
              }
            : {}),
        };
      });
    },
    permissions: () => opts.permissions?.list() ?? [],
    removePermission: (number) => opts.permissions?.remove(number) ?? Promise.resolve('no permission rules in this session'),
    setHookOff(number, off) {
      const hook = hookAt(number);
      if (!hook || !opts.hooks) return false;
      opts.hooks.setOff(hook, off);
      return true;
    },
  };
}
