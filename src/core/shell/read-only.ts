// Proves a bash command read-only, or says it cannot. True only when every part across &&, ||, ;
// and | is an allow-listed program whose arguments cannot write, delete or run anything. Anything
// the parser is unsure about is not read-only: a false "no" only costs concurrency, a false "yes"
// lets a writing command race with others. Shared with the permissions work.
import { parse, type ParseEntry } from 'shell-quote';
import { bashParserIfLoaded, type BashParser } from '../permissions/bash-parser.js';
import { analyzeCommand, type ShellRedirect, type SimpleCommand } from '../permissions/command-analysis.js';

const UNUSUAL_SPACE = /[\x00-\x08\x0b-\x1f\x7f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * First pass over the raw text, tracking quotes: rejects expansions and syntax that shell-quote does
 * not model faithfully ($…, backticks, newlines, braces, subshells, &, other redirections), and
 * blanks out the harmless redirections (2>&1, >/dev/null) so the tokenizer never sees them.
 * Returns null when the command cannot be proven safe.
 */
function stripSafeRedirections(command: string): string | null {
  let out = '';
  let quote: '' | "'" | '"' = '';
  // Whether the last character was an unquoted, unescaped blank: only then does # start a comment
  // (`echo a\ #; rm x` has # inside the word `a #`, so the rm runs).
  let afterBlank = true;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    const wordStart = afterBlank;
    afterBlank = false;
    if (quote === "'") {
      if (ch === "'") quote = '';
      out += ch;
      continue;
    }
    if (ch === '\n' || ch === '\r') return null;
    if (ch === '\\') {
      // A backslash-newline joins lines; any other escape is just a literal character.
      if (i + 1 >= command.length || command[i + 1] === '\n' || command[i + 1] === '\r') return null;
      out += ch + command[i + 1]!;
      i++;
      continue;
    }
    if (ch === '$' || ch === '`') return null;
    if (quote === '"') {
      if (ch === '"') quote = '';
      out += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
      continue;
    }
    if (ch === '#') {
      // bash starts a comment only at a word's start; shell-quote also does so mid-word (`a#b; rm x`
      // would hide the rm), so a mid-word # is refused and a real comment is cut off here. A
      // comment ends at a line break, after which bash runs whatever follows.
      if (!wordStart || /[\n\r]/.test(command.slice(i))) return null;
      break;
    }
    if (ch === ' ' || ch === '\t') afterBlank = true;
    // Characters bash and shell-quote may split words on differently.
    if (UNUSUAL_SPACE.test(ch)) return null;
    if (ch === '{' || ch === '}' || ch === '(' || ch === ')') return null;
    // shell-quote reports * and ? as globs but not [...]: `find . [-]delete` would expand to
    // -delete if such a file exists, so brackets are refused.
    if (ch === '[' || ch === ']') return null;
    if (ch === '&') {
      if (command[i + 1] === '&') {
        out += '&&';
        i++;
        continue;
      }
      return null; // background job, &>, &>>
    }
    if (ch === '|' && command[i + 1] === '&') return null;
    if (ch === '>') {
      const safe = matchSafeRedirection(command, out, i);
      if (safe === null) return null;
      out = safe.before + ' ';
      i = safe.end - 1;
      continue;
    }
    if (ch === '<' && /[<>&(]/.test(command[i + 1] ?? '')) return null; // here-docs, <>, <&, <(
    out += ch;
  }
  return quote === '' ? out : null;
}

/**
 * At a `>` outside quotes: `[n]>/dev/null`, `[n]>>/dev/null` and `[n]>&1` / `[n]>&2` only write
 * where nothing is kept. Anything else after `>` (a file, `>&file`, `>(…)`) is refused.
 */
function matchSafeRedirection(command: string, out: string, at: number): { before: string; end: number } | null {
  // A lone digit before `>` is the fd being redirected; drop it so it is not read as an argument.
  const fdDigit = /(^|[\s;|&])[0-9]$/.test(out);
  const before = fdDigit ? out.slice(0, -1) : out;
  const rest = command.slice(at);
  const m = /^(?:>>?[ \t]*\/dev\/null|>&[12])(?=$|[\s;|&])/.exec(rest);
  if (!m) return null;
  return { before, end: at + m[0].length };
}

const MAX_PARSED_CHARS = 128 * 1024;

type ArgCheck = (args: string[]) => boolean;

const anyArgs: ArgCheck = () => true;
const noArgs: ArgCheck = (args) => args.length === 0;

/** Rejects the listed long options (also in --opt=value form) and any short cluster holding a listed letter. */
function forbid(long: string[], shortLetters = ''): ArgCheck {
  return (args) => {
    for (const arg of args) {
      if (arg === '--') break;
      if (arg.startsWith('--')) {
        const name = arg.split('=')[0]!;
        // Long options may be abbreviated (getopt_long): --out matches --output.
        if (long.some((l) => l.startsWith(name) && name.length > 2)) return false;
      } else if (arg.startsWith('-') && shortLetters !== '') {
        for (const letter of arg.slice(1)) if (shortLetters.includes(letter)) return false;
      }
    }
    return true;
  };
}

/**
 * date prints unless told to set the clock: -s/--set, or an operand that is not a +FORMAT
 * (`date 010112002030` sets it when run as root).
 */
function dateOnlyPrints(args: string[]): boolean {
  if (!forbid(['--set'], 's')(args)) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-d' || a === '-f' || a === '-r') i++; // their value is not an operand
    else if (!a.startsWith('-') && !a.startsWith('+')) return false;
    else if (a === '--') return args.slice(i + 1).every((x) => x.startsWith('+'));
  }
  return true;
}

const FIND_ACTIONS_THAT_WRITE_OR_RUN = new Set([
  '-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls',
]);

/** Options whose value is a separate argument, per program, for counting operands. */
const UNIQ_OPTIONS_WITH_VALUE = new Set(['-f', '-s', '-w']);

const PROGRAMS: Record<string, ArgCheck> = {
  ls: anyArgs,
  cat: anyArgs,
  head: anyArgs,
  tail: anyArgs,
  wc: anyArgs,
  grep: anyArgs,
  egrep: anyArgs,
  fgrep: anyArgs,
  // --pre and --pre-glob run a program on every file; --hostname-bin runs one for hyperlinks.
  rg: forbid(['--pre', '--pre-glob', '--hostname-bin']),
  find: (args) => !args.some((a) => FIND_ACTIONS_THAT_WRITE_OR_RUN.has(a)),
  echo: anyArgs,
  printf: anyArgs,
  pwd: anyArgs,
  which: anyArgs,
  sleep: anyArgs,
  true: anyArgs,
  false: anyArgs,
  date: dateOnlyPrints,
  // -C/--compile writes a compiled magic file.
  file: forbid(['--compile'], 'C'),
  stat: anyArgs,
  du: anyArgs,
  df: anyArgs,
  // -o writes the listing to a file; -R runs tree again with -o in every directory.
  tree: forbid(['--output'], 'oR'),
  // -o/--output writes a file; --compress-program runs one.
  sort: forbid(['--output', '--compress-program'], 'o'),
  // `uniq IN OUT` writes OUT: at most one operand.
  uniq: (args) => {
    let operands = 0;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      // After `--` everything is an operand, even `-out` (`uniq -- in -out` writes -out).
      if (a === '--') return operands + args.length - i - 1 <= 1;
      if (UNIQ_OPTIONS_WITH_VALUE.has(a)) i++;
      else if (a === '-' || !a.startsWith('-')) operands++;
    }
    return operands <= 1;
  },
  cut: anyArgs,
  tr: anyArgs,
  basename: anyArgs,
  dirname: anyArgs,
  realpath: anyArgs,
  readlink: anyArgs,
  nl: anyArgs,
  seq: anyArgs,
  rev: anyArgs,
  cmp: anyArgs,
  comm: anyArgs,
  diff: anyArgs,
  md5sum: anyArgs,
  sha1sum: anyArgs,
  sha256sum: anyArgs,
  whoami: anyArgs,
  id: anyArgs,
  uname: anyArgs,
  // With arguments env runs a program; alone it prints the (already scrubbed) environment.
  env: noArgs,
  printenv: anyArgs,
};

/** Programs whose checks look at option names: a glob could expand to a file named like an option. */
const GLOB_SENSITIVE = new Set(['rg', 'find', 'date', 'file', 'tree', 'sort', 'uniq']);

function isSafeSegment(words: ParseEntry[]): boolean {
  if (words.length === 0) return false;
  const [program, ...rest] = words;
  if (typeof program !== 'string') return false;
  const check = Object.hasOwn(PROGRAMS, program) ? PROGRAMS[program] : undefined;
  if (!check) return false;
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (typeof w === 'string') args.push(w);
    else if ('op' in w && w.op === 'glob') {
      if (GLOB_SENSITIVE.has(program)) return false;
      args.push(w.pattern);
    } else if ('op' in w && w.op === '<') {
      // Reading a file on stdin is read-only; the next word must be the file. bash itself opens
      // /dev/tcp/host/port and /dev/udp/… as network connections: not a file read.
      const file = rest[i + 1];
      if (typeof file !== 'string' || /^\/dev\/(tcp|udp)\//.test(file)) return false;
      i++;
    } else return false;
  }
  return check(args);
}

/**
 * Read-only by both readings: the shell-quote pass below and, once the bash grammar has loaded
 * (core/permissions/bash-parser.ts), the syntax tree. Both must agree, so neither parser's blind
 * spot can make a writing command look read-only.
 */
export function isReadOnlyCommand(command: string): boolean {
  if (!isReadOnlyByTokens(command)) return false;
  const parser = bashParserIfLoaded();
  return parser ? isReadOnlyByTree(parser, command) : true;
}

/** The syntax-tree reading: every command an allow-listed program with literal words, safe redirections only. */
export function isReadOnlyByTree(parser: BashParser, command: string): boolean {
  if (typeof command !== 'string' || command.trim() === '' || command.length > MAX_PARSED_CHARS) return false;
  const a = analyzeCommand(parser, command);
  if (a.unsure.length > 0 || a.background || a.substitution || a.functions.length > 0 || a.commands.length === 0) return false;
  if (!a.redirects.every(isSafeRedirect)) return false;
  return a.commands.every(isReadOnlySimpleCommand);
}

/** One command of the tree: an allow-listed program whose literal arguments cannot write or run anything. */
export function isReadOnlySimpleCommand(cmd: SimpleCommand): boolean {
  if (cmd.assignments.length > 0 || cmd.inner.length > 0) return false;
  const [program, ...rest] = cmd.words;
  if (!program || program.value === null || program.glob) return false;
  const check = Object.hasOwn(PROGRAMS, program.value) ? PROGRAMS[program.value] : undefined;
  if (!check) return false;
  const args: string[] = [];
  for (const w of rest) {
    if (w.glob) {
      if (GLOB_SENSITIVE.has(program.value)) return false;
      args.push(w.text);
    } else if (w.value === null) return false;
    else args.push(w.value);
  }
  return check(args);
}

/** A redirection that reads a file or writes nowhere (/dev/null, 2>&1). */
export function isSafeRedirect(r: ShellRedirect): boolean {
  if (r.kind !== 'file' || !r.target || r.target.value === null || r.target.glob) return false;
  const target = r.target.value;
  if (r.op === '<') return !/^\/dev\/(tcp|udp)\//.test(target);
  if (r.op === '>' || r.op === '>>') return target === '/dev/null';
  if (r.op === '>&') return r.fd !== null && (target === '1' || target === '2');
  return false;
}

function isReadOnlyByTokens(command: string): boolean {
  if (typeof command !== 'string' || command.trim() === '') return false;
  // Longer than bash -c can take anyway (the tool refuses it); not worth parsing on the event loop.
  if (command.length > MAX_PARSED_CHARS) return false;
  const cleaned = stripSafeRedirections(command);
  if (cleaned === null) return false;
  let entries: ParseEntry[];
  try {
    entries = parse(cleaned);
  } catch {
    return false;
  }
  // Comments were cut off above; one that slipped through means the parsers disagree.
  if (entries.some((e) => typeof e === 'object' && 'comment' in e)) return false;
  const segments: ParseEntry[][] = [[]];
  for (const e of entries) {
    if (typeof e === 'object' && 'op' in e && (e.op === '&&' || e.op === '||' || e.op === ';' || e.op === '|')) {
      segments.push([]);
    } else {
      segments[segments.length - 1]!.push(e);
    }
  }
  // `ls;` ends with an empty part; an empty part anywhere else is a syntax error bash refuses.
  if (segments.length > 1 && segments[segments.length - 1]!.length === 0) segments.pop();
  return segments.every(isSafeSegment);
}
