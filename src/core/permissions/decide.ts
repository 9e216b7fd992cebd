// The permission chain: one verdict per tool call — allow, deny or ask — from the hard denials,
// deny rules, protected paths, ask rules, allow rules and remembered choices, and the mode. The
// strictest answer wins: deny over ask over allow. Pure: no I/O, no waiting.
import type { PermissionMode, RememberOffer } from './approval.js';
import type { BashParser } from './bash-parser.js';
import { analyzeCommand, type SimpleCommand } from './command-analysis.js';
import { catastrophicReason, programOf, unwrap } from './catastrophic.js';
import { folderGlob, matchesGlob, PROTECTED_PATHS, workspacePath } from './paths.js';
import { EDIT_TOOLS, READ_TOOLS, ruleCoversTool, type PermissionRule } from './rules.js';
import { isReadOnlyCommand, isReadOnlySimpleCommand } from '../shell/read-only.js';
import { isWorkspaceFileCommand, outputFiles, type EditScope } from './command-edits.js';
import { decideWebFetch } from './web-domain.js';

/** What the sandbox says about one bash call (core/shell's sandboxDecision). */
export type SandboxDecision = { sandboxed: true } | { sandboxed: false; why: 'off' | 'unavailable' | 'requested'; reason?: string };

export interface PermissionPolicy {
  mode: PermissionMode;
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
  /** Choices remembered this session ("yes, and don't ask again"). */
  session: readonly PermissionRule[];
  /** Globs on top of PROTECTED_PATHS (permissions.protectedPaths). */
  protectedPaths: readonly string[];
  workspaceRoot: string;
  home: string;
  sandbox?: (input: unknown) => SandboxDecision;
  /** Whether a workspace-relative path stays inside once symlinks are followed (the gate looks; absent: by the text). */
  realInside?: (rel: string) => boolean;
}

export interface CallFacts {
  name: string;
  input: unknown;
  /** The tool's own claim (readOnly, MCP readOnlyHint); undefined for an unknown tool. */
  readOnly: boolean | undefined;
}

export type Verdict =
  | { kind: 'allow'; why: string }
  | { kind: 'deny'; why: string; message: string; hard?: true }
  | {
      kind: 'ask';
      why: string;
      remember?: RememberOffer;
      /** What -p answers instead of asking. */
      headless: string;
      /** For commands: what the parser found. */
      findings?: string[];
      sandboxReason?: string;
    };

export const PLAN_MODE_MESSAGE =
  'Refused: inkling is in plan mode, where only read-only tools and commands run. Do not change anything yet: ' +
  'finish reading what you need, then call exit_plan_mode with your plan for the person to approve (without that tool, present it in your answer).';

const EDITS = new Set<string>(EDIT_TOOLS);
const READS = new Set<string>(READ_TOOLS);

export function decide(parser: BashParser, policy: PermissionPolicy, call: CallFacts): Verdict {
  if (call.readOnly === undefined) return { kind: 'allow', why: 'unknown tool (the scheduler reports it)' };
  const name = call.name.toLowerCase();
  const input = (call.input ?? {}) as Record<string, unknown>;
  if (name === 'bash' && typeof input.command === 'string') return decideCommand(parser, policy, input.command, call.input);
  if (EDITS.has(name) && typeof input.path === 'string') return decideEdit(policy, name, input.path);
  if (READS.has(name)) return decideRead(policy, name, typeof input.path === 'string' ? input.path : '.');
  if (name === 'web_fetch') return decideWebFetch(policy, input);
  // Starting a child agent changes nothing by itself: each of the child's calls is checked (core/agents).
  if (name === 'task') return decideOther(policy, name, true);
  return decideOther(policy, name, call.readOnly);
}

function denyByRule(rule: PermissionRule): Verdict {
  return { kind: 'deny', why: `deny rule ${rule.text}`, message: `Refused by the permission rule "${rule.text}" (from ${rule.source}). Do not try to get around it; ask the person if it is needed.` };
}

function decideEdit(policy: PermissionPolicy, tool: string, input: string): Verdict {
  const where = workspacePath(policy.workspaceRoot, input);
  // The file tools refuse paths outside the workspace themselves (through symlinks too).
  if (!where.inside) return { kind: 'allow', why: 'outside the workspace: the tool refuses it' };
  const { rel } = where;
  const matches = (rules: readonly PermissionRule[]) => rules.find((r) => fileRuleMatches(r, tool, rel));
  const denied = matches(policy.deny);
  if (denied) return denyByRule(denied);
  if (policy.mode === 'plan') return { kind: 'deny', why: 'plan mode', message: PLAN_MODE_MESSAGE };
  const explicit = matches(policy.allow);
  if (isProtected(policy, rel)) {
    if (explicit) return { kind: 'allow', why: `protected, but allowed by ${explicit.text}` };
    return {
      kind: 'ask',
      why: `${rel} is a protected path`,
      headless: `${tool} ${rel} needs approval: it is a protected path, written by -p only with --allowed-tools 'edit(${rel})'.`,
    };
  }
  const remember: RememberOffer = { label: folderGlob(rel) === rel ? `edits of ${rel}` : `edits in ${dirOf(rel)}/`, rule: `edit(${folderGlob(rel)})` };
  const asked = matches(policy.ask);
  if (asked) return { kind: 'ask', why: `ask rule ${asked.text}`, headless: `${tool} ${rel} needs approval (the rule "${asked.text}" asks), and -p cannot ask.` };
  const allowed = explicit ?? matches(policy.session);
  if (allowed) return { kind: 'allow', why: `allowed by ${allowed.text}` };
  if (policy.mode === 'yolo' || policy.mode === 'accept-edits' || policy.mode === 'auto') return { kind: 'allow', why: `${policy.mode} mode` };
  return {
    kind: 'ask',
    why: 'edits ask in default mode',
    remember,
    headless: `${tool} ${rel} needs approval: rerun with --permission-mode accept-edits, --allowed-tools '${remember.rule}' or --yolo.`,
  };
}

function dirOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i === -1 ? '.' : rel.slice(0, i);
}

function decideRead(policy: PermissionPolicy, tool: string, input: string): Verdict {
  const where = workspacePath(policy.workspaceRoot, input);
  if (!where.inside) return { kind: 'allow', why: 'outside the workspace: the tool refuses it' };
  const denied = policy.deny.find((r) => fileRuleMatches(r, tool, where.rel));
  if (denied) return denyByRule(denied);
  const asked = policy.ask.find((r) => fileRuleMatches(r, tool, where.rel));
  if (asked) return { kind: 'ask', why: `ask rule ${asked.text}`, headless: `${tool} ${where.rel} needs approval (the rule "${asked.text}" asks), and -p cannot ask.` };
  return { kind: 'allow', why: 'read-only' };
}

function decideOther(policy: PermissionPolicy, tool: string, readOnly: boolean): Verdict {
  const matches = (rules: readonly PermissionRule[]) => rules.find((r) => ruleCoversTool(r, tool) && r.specifier.kind === 'any');
  const denied = matches(policy.deny);
  if (denied) return denyByRule(denied);
  const asked = matches(policy.ask);
  if (asked) return { kind: 'ask', why: `ask rule ${asked.text}`, headless: `${tool} needs approval (the rule "${asked.text}" asks), and -p cannot ask.` };
  if (readOnly) return { kind: 'allow', why: 'read-only' };
  if (policy.mode === 'plan') return { kind: 'deny', why: 'plan mode', message: PLAN_MODE_MESSAGE };
  const allowed = matches(policy.allow) ?? matches(policy.session);
  if (allowed) return { kind: 'allow', why: `allowed by ${allowed.text}` };
  if (policy.mode === 'yolo') return { kind: 'allow', why: 'yolo mode' };
  // Ending a job this session started changes nothing it did not start (the table holds only this process's jobs).
  if (tool === 'job_kill' && EDITS_RUN.has(policy.mode)) return { kind: 'allow', why: `${policy.mode} mode: a job this session started` };
  return {
    kind: 'ask',
    why: `${tool} may change things`,
    remember: { label: `${tool}`, rule: tool },
    headless: `${tool} needs approval: rerun with --allowed-tools '${tool}' or --yolo.`,
  };
}

function fileRuleMatches(rule: PermissionRule, tool: string, rel: string): boolean {
  if (!ruleCoversTool(rule, tool)) return false;
  return rule.specifier.kind === 'any' || (rule.specifier.kind === 'path' && matchesGlob(rule.specifier.glob, rel));
}

function editScope(policy: PermissionPolicy): EditScope {
  return { workspaceRoot: policy.workspaceRoot, isProtected: (rel) => isProtected(policy, rel), ...(policy.realInside ? { realInside: policy.realInside } : {}) };
}

function isProtected(policy: PermissionPolicy, rel: string): boolean {
  return [...PROTECTED_PATHS, ...policy.protectedPaths].some((g) => matchesGlob(g, rel));
}

/**
 * A command part matches a bash rule on its parsed words. Allow and ask rules match strictly (the
 * words as bash passes them, no assignments in front); deny rules also see through wrappers
 * (sudo, env, timeout) and a path before the program (/bin/rm).
 */
export function commandRuleMatches(rule: PermissionRule, part: SimpleCommand, lenient: boolean): boolean {
  if (!ruleCoversTool(rule, 'bash')) return false;
  const spec = rule.specifier;
  if (spec.kind === 'any') return true;
  if (spec.kind !== 'command') return false;
  if (!lenient && part.assignments.length > 0) return false;
  const candidates = lenient ? [part.words, unwrap(part.words)] : [part.words];
  return candidates.some((words) => {
    if (words.length < spec.words.length || (!spec.prefix && words.length !== spec.words.length)) return false;
    return spec.words.every((expected, i) => {
      const w = words[i]!;
      if (w.glob || w.value === null) return false;
      if (i === 0 && lenient) return w.value === expected || programOf([w]) === expected;
      return w.value === expected;
    }) && (spec.prefix || words.every((w) => w.value !== null && !w.glob));
  });
}

type PartState = 'allowed' | 'read-only' | 'workspace-file' | 'needs' | 'asked';

/** Modes where edits inside the workspace run unasked (auto is accept-edits plus sandboxed commands). */
const EDITS_RUN = new Set<PermissionMode>(['accept-edits', 'auto']);

function decideCommand(parser: BashParser, policy: PermissionPolicy, command: string, input: unknown): Verdict {
  const hard = catastrophicReason(parser, command, { workspaceRoot: policy.workspaceRoot, home: policy.home });
  if (hard) {
    return {
      kind: 'deny',
      hard: true,
      why: hard,
      message: `Refused: this command is never run, in any mode: ${hard}. Do not try another way to do the same; if it is really needed, tell the person to run it themselves.`,
    };
  }
  const a = analyzeCommand(parser, command);
  const parts = a.commands.filter((c) => c.words.length > 0 || c.assignments.length > 0);
  for (const part of parts) {
    const denied = policy.deny.find((r) => commandRuleMatches(r, part, true));
    if (denied) return denyByRule(denied);
  }
  const readOnly = isReadOnlyCommand(command);
  if (policy.mode === 'plan') {
    return readOnly ? { kind: 'allow', why: 'read-only command' } : { kind: 'deny', why: 'plan mode', message: PLAN_MODE_MESSAGE };
  }
  const states = parts.map((part): { part: SimpleCommand; state: PartState; rule?: PermissionRule } => {
    const asked = policy.ask.find((r) => commandRuleMatches(r, part, false));
    if (asked) return { part, state: 'asked', rule: asked };
    const allowed = policy.allow.find((r) => commandRuleMatches(r, part, false)) ?? policy.session.find((r) => commandRuleMatches(r, part, false));
    if (allowed) return { part, state: 'allowed', rule: allowed };
    if (isReadOnlySimpleCommand(part)) return { part, state: 'read-only' };
    return { part, state: isWorkspaceFileCommand(editScope(policy), part) ? 'workspace-file' : 'needs' };
  });
  const writes = outputFiles(editScope(policy), a.redirects);
  const findings = describeFindings(states.filter((s) => s.state !== 'read-only').map((s) => s.part), writes.map((w) => w.shown), a.unsure, a.substitution, a.background);
  const asked = states.find((s) => s.state === 'asked');
  if (asked) {
    return { kind: 'ask', why: `ask rule ${asked.rule!.text}`, findings, headless: `This command needs approval (the rule "${asked.rule!.text}" asks), and -p cannot ask.` };
  }
  const protectedWrite = writes.find((w) => w.protected);
  if (protectedWrite) {
    return { kind: 'ask', why: `writes to the protected path ${protectedWrite.shown}`, findings, headless: `This command writes to the protected path ${protectedWrite.shown}, and -p cannot ask: rerun with --yolo only if that is intended.` };
  }
  if (policy.mode === 'yolo') return { kind: 'allow', why: 'yolo mode' };
  const sandbox = policy.sandbox?.(input) ?? { sandboxed: false, why: 'off' as const };
  if (!sandbox.sandboxed && sandbox.why === 'requested' && !readOnly) {
    return {
      kind: 'ask',
      why: 'asks to run outside the sandbox',
      findings,
      ...(sandbox.reason ? { sandboxReason: sandbox.reason } : {}),
      headless: `This command asks to run outside the sandbox, and -p cannot ask: rerun with --yolo, or let it run sandboxed.`,
    };
  }
  const editsRun = EDITS_RUN.has(policy.mode);
  // mkdir/touch/mv/cp of workspace files are edits: they run where edits run, and ask elsewhere.
  const needs = states.filter((s) => s.state === 'needs' || (s.state === 'workspace-file' && !editsRun));
  const editWrites = writes.filter((w) => !w.editable || !(editsRun || editRuleCovers(policy, w.rel)));
  const unsure = a.unsure.length > 0 || (parts.length === 0 && !readOnly);
  if (needs.length === 0 && editWrites.length === 0 && !unsure) {
    return { kind: 'allow', why: readOnly ? 'read-only command' : 'every part is allowed' };
  }
  if (policy.mode === 'auto' && sandbox.sandboxed) return { kind: 'allow', why: 'sandboxed, auto mode' };
  const remember = needs.length > 0 && !unsure && editWrites.length === 0 ? prefixOffer(needs.map((s) => s.part)) : undefined;
  // The mildest mode that would run it: accept-edits for workspace file commands, auto for sandboxed ones.
  const onlyFiles = !unsure && editWrites.length === 0 && needs.every((s) => s.state === 'workspace-file');
  const mode = onlyFiles ? '--permission-mode accept-edits' : sandbox.sandboxed ? '--permission-mode auto (sandboxed commands run)' : undefined;
  const ways = [remember ? `--allowed-tools '${remember.rule}'` : undefined, mode, '--yolo'];
  return {
    kind: 'ask',
    why: unsure ? `not fully understood: ${a.unsure[0] ?? 'no command found'}` : 'commands ask unless proven read-only or allowed',
    findings,
    ...(remember ? { remember } : {}),
    headless: `This command needs approval: rerun with ${orList(ways.filter((w): w is string => w !== undefined))}.`,
  };
}

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function editRuleCovers(policy: PermissionPolicy, rel: string | undefined): boolean {
  if (rel === undefined) return false;
  return [...policy.allow, ...policy.session].some((r) => fileRuleMatches(r, 'write_file', rel));
}

/** Programs whose second word is a subcommand (git commit, npm test); a third after these (npm run build). */
const SUBCOMMANDS = new Set(['git', 'npm', 'pnpm', 'yarn', 'bun', 'npx', 'cargo', 'go', 'docker', 'podman', 'kubectl', 'make', 'pip', 'pip3', 'uv', 'poetry', 'deno', 'dotnet', 'gh', 'terraform', 'brew', 'apt', 'apt-get', 'systemctl', 'mvn', 'gradle', 'bundle', 'rake', 'mix', 'composer']);
const RUNNERS = new Set(['run', 'exec', 'compose', 'run-script', 'x']);
const SUBCOMMAND_WORD = /^[A-Za-z][A-Za-z0-9:_-]*$/;

/** "commands starting with `git commit`" → bash(git commit:*), when every part that asks starts the same. */
function prefixOffer(parts: SimpleCommand[]): RememberOffer | undefined {
  const prefixes = new Set<string>();
  for (const part of parts) {
    if (part.assignments.length > 0) return undefined;
    const [first, second, third] = part.words.map((w) => (w.value === null || w.glob ? null : w.value));
    if (!first) return undefined;
    const words = [first];
    const program = first.split('/').at(-1)!;
    if (SUBCOMMANDS.has(program) && second && SUBCOMMAND_WORD.test(second)) {
      words.push(second);
      if (RUNNERS.has(second) && third && SUBCOMMAND_WORD.test(third)) words.push(third);
    }
    prefixes.add(words.join(' '));
  }
  if (prefixes.size !== 1) return undefined;
  const [prefix] = [...prefixes];
  return { label: `commands starting with \`${prefix}\``, rule: `bash(${prefix}:*)` };
}

const FILE_PROGRAMS = new Set(['rm', 'rmdir', 'cp', 'mv', 'mkdir', 'touch', 'chmod', 'chown', 'chgrp', 'ln', 'tee', 'truncate', 'shred', 'install']);

/** What the prompt says the parser found: "rm of 3 paths", "writes to out.txt". */
function describeFindings(parts: SimpleCommand[], writes: string[], unsure: string[], substitution: boolean, background: boolean): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const words = unwrap(part.words);
    const program = programOf(words) ?? words[0]?.text ?? part.assignments[0] ?? '?';
    const operands = words.slice(1).filter((w) => !(w.value ?? '').startsWith('-')).length;
    const noun = FILE_PROGRAMS.has(program) ? 'path' : 'argument';
    out.push(part.words.length === 0 ? `sets ${part.assignments.join(' ')}` : operands > 0 ? `${program} of ${operands} ${noun}${operands === 1 ? '' : 's'}` : program);
  }
  for (const w of writes) out.push(`writes to ${w}`);
  if (substitution) out.push('runs commands inside $(…)');
  if (background) out.push('leaves something running in the background');
  for (const u of new Set(unsure)) out.push(`not fully understood: ${u}`);
  // The same finding from several parts is said once, with how many times (80 lines of `touch x`).
  const counts = new Map<string, number>();
  for (const f of out) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([f, n]) => (n > 1 ? `${f} (${n} times)` : f));
}
