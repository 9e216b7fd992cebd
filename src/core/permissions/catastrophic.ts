// Commands no mode, rule or answer may run: wiping /, the home directory or the workspace, fork
// bombs, formatting or overwriting disks, recursive permission changes on /, and a download piped
// into a shell. Read from the parsed command, so text that merely mentions them (echo "rm -rf /",
// grep 'rm -rf /' notes.txt) is harmless.
import path from 'node:path';
import type { BashParser } from './bash-parser.js';
import { analyzeCommand, type CommandAnalysis, type ShellWord, type SimpleCommand } from './command-analysis.js';

/** Programs that run the rest of their words as a command. */
const WRAPPERS = new Set(['sudo', 'doas', 'nice', 'nohup', 'time', 'command', 'exec', 'builtin', 'stdbuf', 'ionice', 'chrt', 'timeout', 'xargs']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'mksh']);
const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c']);
const SYSTEM_DIRS = new Set(['/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/opt', '/proc', '/root', '/sbin', '/srv', '/sys', '/usr', '/var']);
/** Device files that are safe to write to. */
const HARMLESS_DEVICES = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|full|random|urandom|fd\/\d+|pts\/\d+)$/;

export interface CatastropheContext {
  workspaceRoot: string;
  home: string;
}

/** Why the command must never run, or undefined when it is not catastrophic. */
export function catastrophicReason(parser: BashParser, command: string, ctx: CatastropheContext, depth = 0): string | undefined {
  return checkAnalysis(parser, analyzeCommand(parser, command), ctx, depth);
}

function checkAnalysis(parser: BashParser, a: CommandAnalysis, ctx: CatastropheContext, depth: number): string | undefined {
  const changesDir = a.commands.some((c) => ['cd', 'pushd', 'popd'].includes(programOf(c.words) ?? ''));
  for (const fn of a.functions) {
    if (fn.forks && fn.body.some((c) => programOf(c.words) === fn.name)) return `a fork bomb (the function ${fn.name} starts copies of itself)`;
  }
  for (const r of a.redirects) {
    if (r.target && isOutput(r.op) && isDisk(r.target)) return `it overwrites the device ${shown(r.target)}`;
  }
  for (const stages of a.pipelines) {
    const download = stages.findIndex((c) => DOWNLOADERS.has(programOf(unwrap(c.words)) ?? ''));
    if (download !== -1 && stages.slice(download + 1).some((c) => runsStdinAsScript(unwrap(c.words)))) {
      return 'it pipes a download straight into a shell';
    }
  }
  for (const cmd of a.commands) {
    const words = unwrap(cmd.words);
    const why = checkCommand(parser, words, cmd, ctx, changesDir, depth);
    if (why) return why;
  }
  return undefined;
}

function checkCommand(parser: BashParser, words: ShellWord[], cmd: SimpleCommand, ctx: CatastropheContext, changesDir: boolean, depth: number): string | undefined {
  const program = programOf(words);
  if (!program) return undefined;
  const args = words.slice(1);
  const { flags, operands } = splitOptions(args);
  const recursive = flags.some((f) => f === '--recursive' || (/^-[^-]/.test(f) && /[rR]/.test(f)));
  if (program === 'rm' && recursive) {
    const hit = operands.find((w) => wipesSomethingVital(w, ctx, changesDir));
    if (hit) return `it deletes ${describeTarget(hit, ctx)} recursively`;
  }
  if ((program === 'chmod' || program === 'chown' || program === 'chgrp') && recursive) {
    // The first operand is the mode or owner.
    const hit = operands.slice(1).find((w) => isRootLike(w, ctx));
    if (hit) return `it changes ${program === 'chmod' ? 'the permissions' : 'the owner'} of ${describeTarget(hit, ctx)} recursively`;
  }
  if (program === 'find' && args.some((w) => w.value === '-delete')) {
    const hit = args.find((w) => isRootLike(w, ctx));
    if (hit) return `it deletes everything under ${describeTarget(hit, ctx)}`;
  }
  if (program.startsWith('mkfs') || program === 'mke2fs' || program === 'wipefs') return `${program} formats or wipes a disk`;
  if (program === 'dd') {
    const of = args.find((w) => (w.value ?? w.text).startsWith('of='));
    if (of) {
      const target = (of.value ?? of.text).slice(3);
      if (target.startsWith('/dev/') && !HARMLESS_DEVICES.test(target)) return `dd writes to the device ${target}`;
    }
  }
  if ((program === 'shred' || program === 'mkswap') && args.some((w) => isDisk(w))) return `${program} overwrites a disk`;
  // bash -c '…' and eval '…' run their text: check it as a command of its own.
  const script = scriptOf(program, args);
  if (script !== undefined && depth < 3) {
    const why = catastrophicReason(parser, script, ctx, depth + 1);
    if (why) return why;
  }
  if ((SHELLS.has(program) || program === 'eval' || program === 'source' || program === '.') && cmd.inner.some((c) => DOWNLOADERS.has(programOf(unwrap(c.words)) ?? ''))) {
    return 'it runs a download as a script';
  }
  return undefined;
}

/** The words after wrappers such as sudo, env VAR=1, nice -n 5, timeout 10. */
export function unwrap(words: ShellWord[]): ShellWord[] {
  let rest = words;
  for (let guard = 0; guard < 8 && rest.length > 0; guard++) {
    const program = programOf(rest);
    if (program === 'env') {
      let i = 1;
      while (i < rest.length && ((rest[i]!.value ?? '').startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!.value ?? rest[i]!.text))) i++;
      rest = rest.slice(i);
    } else if (program && WRAPPERS.has(program)) {
      let i = 1;
      // Options of the wrapper and, for timeout/nice, their value.
      while (i < rest.length && (rest[i]!.value ?? '').startsWith('-')) i++;
      if ((program === 'timeout' || program === 'chrt') && i < rest.length && /^[0-9.]+[smhd]?$/.test(rest[i]!.value ?? '')) i++;
      rest = rest.slice(i);
    } else break;
  }
  return rest;
}

/** The program's name (basename, so /bin/rm is rm), when it is a literal word. */
export function programOf(words: ShellWord[]): string | undefined {
  const first = words[0];
  if (!first || first.value === null) return undefined;
  return path.posix.basename(first.value);
}

function splitOptions(args: ShellWord[]): { flags: string[]; operands: ShellWord[] } {
  const flags: string[] = [];
  const operands: ShellWord[] = [];
  let optionsEnded = false;
  for (const w of args) {
    const v = w.value;
    if (!optionsEnded && v === '--') optionsEnded = true;
    else if (!optionsEnded && v !== null && v.startsWith('-') && v !== '-') flags.push(v);
    else operands.push(w);
  }
  return { flags, operands };
}

/** The word with quotes removed and trailing /, /. and /* dropped: "$HOME/" → $HOME, /* → "". */
function normalized(w: ShellWord): string {
  let t = w.value ?? w.text.replace(/["']/g, '');
  for (;;) {
    const next = t.replace(/\/\*$/, '').replace(/\/\.?$/, '').replace(/\/+$/, '');
    if (next === t) break;
    t = next;
  }
  return t;
}

const HOME_FORMS = new Set(['~', '$HOME', '${HOME}', '~root']);

function isRootLike(w: ShellWord, ctx: CatastropheContext): boolean {
  const t = normalized(w);
  if (t === '' && (w.value ?? w.text).startsWith('/')) return true; // / and /*
  if (HOME_FORMS.has(t)) return true;
  if (w.value !== null && w.value.startsWith('/')) {
    const abs = path.posix.normalize(w.value).replace(/\/\*?$/, '') || '/';
    if (abs === '/' || SYSTEM_DIRS.has(abs) || abs === path.resolve(ctx.home) || abs === path.resolve(ctx.workspaceRoot)) return true;
  }
  return false;
}

function wipesSomethingVital(w: ShellWord, ctx: CatastropheContext, changesDir: boolean): boolean {
  if (isRootLike(w, ctx)) return true;
  if (changesDir) return false;
  // Each command starts in the workspace root: . .. * ./* wipe the workspace (or its parent).
  const v = w.value ?? (w.glob ? w.text : null);
  return v !== null && ['.', './', '..', '../', '*', './*', '.*', '../*'].includes(v);
}

function describeTarget(w: ShellWord, ctx: CatastropheContext): string {
  const t = normalized(w);
  if (HOME_FORMS.has(t) || (w.value !== null && path.resolve(w.value) === path.resolve(ctx.home))) return 'your home directory';
  if (t === '' || w.value === '/' ) return 'the whole file system (/)';
  if (['.', './', '*', './*', '.*'].includes(w.value ?? w.text) || (w.value !== null && path.resolve(w.value) === path.resolve(ctx.workspaceRoot))) return 'the workspace';
  return shown(w);
}

function shown(w: ShellWord): string {
  return w.value ?? w.text;
}

function isOutput(op: string): boolean {
  return op.includes('>');
}

function isDisk(w: ShellWord): boolean {
  const v = w.value;
  return v !== null && v.startsWith('/dev/') && !HARMLESS_DEVICES.test(v);
}

/** A stage that runs what it reads as a script: sh, bash -s, python -, … */
function runsStdinAsScript(words: ShellWord[]): boolean {
  const program = programOf(words);
  if (!program) return false;
  if (SHELLS.has(program)) return !words.slice(1).some((w) => w.value === '-c');
  if (/^(python[0-9.]*|perl|ruby|node)$/.test(program)) return words.length === 1 || words.slice(1).some((w) => w.value === '-');
  return false;
}

/** The script text of `bash -c '…'` / `eval '…'`, when literal. */
function scriptOf(program: string, args: ShellWord[]): string | undefined {
  if (program === 'eval') {
    const parts = args.map((w) => w.value);
    return parts.every((p): p is string => p !== null) ? parts.join(' ') : undefined;
  }
  if (SHELLS.has(program)) {
    const i = args.findIndex((w) => w.value !== null && /^-[a-z]*c[a-z]*$/.test(w.value));
    if (i !== -1) return args[i + 1]?.value ?? undefined;
  }
  return undefined;
}
