// What a bash command does, read from its syntax tree: every simple command (also those inside
// $(…), <(…), subshells, pipelines, loops), every redirection, and what the reader could not model.
// Words carry their literal value only when bash would pass exactly that text (no expansion, no
// glob, no brace or tilde expansion), so matching never trusts a word bash might change.
import type { BashParser, SyntaxNode } from './bash-parser.js';

export interface ShellWord {
  /** The source text of the word, quotes included. */
  text: string;
  /** What bash passes to the program, when that is certain; null when an expansion decides it. */
  value: string | null;
  /** Has an unquoted * ? or [ (a pattern bash may expand to file names). */
  glob: boolean;
}

export interface ShellRedirect {
  kind: 'file' | 'heredoc' | 'herestring';
  /** The operator: '>', '>>', '<', '&>', '>&', '<&', '>|', '&>>', '<>', '<<', '<<<'. */
  op: string;
  /** The file descriptor written before the operator ("2" in 2>err.txt). */
  fd: string | null;
  target: ShellWord | null;
}

export interface SimpleCommand {
  /** Program and arguments (empty for a bare assignment like FOO=1). */
  words: ShellWord[];
  /** Assignments before the program (FOO=1 make) or on their own. */
  assignments: string[];
  /** Commands inside this command's $(…), `…` and <(…). */
  inner: SimpleCommand[];
  /** Source text. */
  text: string;
}

export interface CommandAnalysis {
  /** Every simple command, in source order, nested ones included. */
  commands: SimpleCommand[];
  /** The stages of each pipeline (a | b | c), for "download piped into a shell". */
  pipelines: SimpleCommand[][];
  redirects: ShellRedirect[];
  /** Functions the command defines, with the commands inside their bodies. */
  functions: { name: string; body: SimpleCommand[]; forks: boolean }[];
  /** Why the command cannot be fully understood (empty when it can). */
  unsure: string[];
  /** Something runs in the background (&). */
  background: boolean;
  /** Contains $(…), `…` or <(…)/>(…). */
  substitution: boolean;
}

// Characters bash keeps inside a word but the grammar may treat as blanks, or the reverse.
const UNUSUAL_SPACE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Node kinds that only group statements: their commands are the commands. */
const GROUPS = new Set(['program', 'list', 'pipeline', 'compound_statement', 'subshell', 'negated_command', 'redirected_statement']);
const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution']);

export function analyzeCommand(parser: BashParser, command: string): CommandAnalysis {
  const analysis: CommandAnalysis = { commands: [], pipelines: [], redirects: [], functions: [], unsure: [], background: false, substitution: false };
  if (UNUSUAL_SPACE.test(command)) analysis.unsure.push('an unusual space or control character');
  const tree = parser.parse(command);
  if (!tree) {
    analysis.unsure.push('the command could not be parsed');
    return analysis;
  }
  try {
    if (tree.root.hasError) analysis.unsure.push('syntax the parser could not read');
    new Walker(analysis).statement(tree.root, analysis.commands);
  } finally {
    tree.done();
  }
  return analysis;
}

class Walker {
  constructor(private readonly a: CommandAnalysis) {}

  /** Collects the commands under `node` into `out` (and into the analysis' flat list via `out`). */
  statement(node: SyntaxNode, out: SimpleCommand[]): void {
    const type = node.type;
    if (type === 'comment') return;
    if (type === 'command') {
      out.push(this.command(node));
      return;
    }
    if (type === 'variable_assignment' || type === 'variable_assignments') {
      const inner: SimpleCommand[] = [];
      this.scanSubstitutions(node, inner);
      out.push({ words: [], assignments: [node.text], inner, text: node.text });
      out.push(...inner);
      return;
    }
    if (REDIRECTS.has(type)) {
      this.redirect(node, out);
      return;
    }
    if (GROUPS.has(type)) {
      for (const child of node.children) {
        if (!child) continue;
        if (child.type === '&') this.a.background = true;
        else if (child.isNamed) this.statement(child, out);
      }
      if (type === 'pipeline') {
        const stages: SimpleCommand[] = [];
        for (const child of node.namedChildren) if (child) this.stageCommands(child, stages);
        this.a.pipelines.push(stages);
      }
      return;
    }
    if (type === 'function_definition') {
      const name = node.childForFieldName('name')?.text ?? '';
      const body: SimpleCommand[] = [];
      const bodyNode = node.childForFieldName('body');
      if (bodyNode) this.statement(bodyNode, body);
      const forks = bodyNode ? /[|&]/.test(bodyNode.text) : false;
      this.a.functions.push({ name, body, forks });
      this.a.unsure.push(`a function definition (${name})`);
      out.push(...body);
      return;
    }
    // Loops, conditionals, [[ … ]], declarations, ERROR: not modelled, but their commands still count.
    this.a.unsure.push(describe(type));
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'command' || GROUPS.has(child.type) || isStatementLike(child.type)) this.statement(child, out);
      else this.scanSubstitutions(child, out);
    }
  }

  /** Top-level commands of one pipeline stage (a stage may be a redirected or grouped statement). */
  private stageCommands(node: SyntaxNode, stages: SimpleCommand[]): void {
    if (node.type === 'command') {
      const found = this.a.commands.find((c) => c.text === node.text);
      stages.push(found ?? { words: [], assignments: [], inner: [], text: node.text });
      return;
    }
    for (const child of node.namedChildren) if (child && (child.type === 'command' || GROUPS.has(child.type))) this.stageCommands(child, stages);
  }

  private command(node: SyntaxNode): SimpleCommand {
    const cmd: SimpleCommand = { words: [], assignments: [], inner: [], text: node.text };
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'variable_assignment') {
        cmd.assignments.push(child.text);
        this.scanSubstitutions(child, cmd.inner);
      } else if (REDIRECTS.has(child.type)) {
        this.redirect(child, cmd.inner);
      } else if (child.type === 'command_name') {
        const w = child.namedChildren[0];
        if (w) cmd.words.push(this.word(w, cmd.inner));
      } else {
        cmd.words.push(this.word(child, cmd.inner));
      }
    }
    this.a.commands.push(...cmd.inner);
    return cmd;
  }

  private redirect(node: SyntaxNode, inner: SimpleCommand[]): void {
    const kind = node.type === 'heredoc_redirect' ? 'heredoc' : node.type === 'herestring_redirect' ? 'herestring' : 'file';
    let op = kind === 'heredoc' ? '<<' : kind === 'herestring' ? '<<<' : '';
    let fd: string | null = null;
    let target: ShellWord | null = null;
    for (const child of node.children) {
      if (!child) continue;
      if (!child.isNamed) {
        if (kind === 'file' && op === '') op = child.type;
      } else if (child.type === 'file_descriptor') fd = child.text;
      else if (kind !== 'heredoc') target = this.word(child, inner);
      else this.scanSubstitutions(child, inner);
    }
    this.a.redirects.push({ kind, op, fd, target });
  }

  /** A word's literal value when bash passes exactly that text. Substitutions inside are walked. */
  private word(node: SyntaxNode, inner: SimpleCommand[]): ShellWord {
    const text = node.text;
    switch (node.type) {
      case 'word': {
        const glob = /(^|[^\\])[*?[]/.test(text);
        // ~ expands to a home directory; {a,b} and {1..3} to several words.
        const expands = text.startsWith('~') || /(^|[^\\])\{[^}]*(,|\.\.)[^}]*\}/.test(text);
        return { text, value: expands ? null : unescapeWord(text), glob };
      }
      case 'number':
        return { text, value: text, glob: false };
      case 'raw_string':
        return { text, value: text.slice(1, -1), glob: false };
      case 'string': {
        const literal = node.namedChildren.every((c) => c?.type === 'string_content');
        if (!literal) this.scanSubstitutions(node, inner);
        return { text, value: literal ? unescapeDoubleQuoted(text.slice(1, -1)) : null, glob: false };
      }
      case 'concatenation': {
        const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null).map((c) => this.word(c, inner));
        const brace = parts.some((p) => p.text === '{' || p.text === '}');
        const value = brace || parts.some((p) => p.value === null) ? null : parts.map((p) => p.value).join('');
        return { text, value, glob: parts.some((p) => p.glob) };
      }
      default:
        this.scanSubstitutions(node, inner);
        return { text, value: null, glob: false };
    }
  }

  /** Walks the commands inside every $(…), `…`, <(…) under `node`. */
  private scanSubstitutions(node: SyntaxNode, inner: SimpleCommand[]): void {
    if (SUBSTITUTIONS.has(node.type)) {
      this.a.substitution = true;
      for (const child of node.namedChildren) if (child) this.statement(child, inner);
      return;
    }
    for (const child of node.namedChildren) if (child) this.scanSubstitutions(child, inner);
  }
}

function isStatementLike(type: string): boolean {
  return type.endsWith('_statement') || type === 'do_group' || type === 'function_definition' || type === 'declaration_command' || type === 'unset_command' || type === 'test_command';
}

function describe(type: string): string {
  if (type === 'ERROR') return 'syntax the parser could not read';
  return `a ${type.replace(/_/g, ' ')}`;
}

/** Outside quotes a backslash keeps the next character; backslash-newline joins lines. */
function unescapeWord(text: string): string {
  return text.replace(/\\(\r?\n|.)/gs, (_, ch: string) => (ch === '\n' || ch === '\r\n' ? '' : ch));
}

/** Inside double quotes a backslash escapes only $ ` " \ and a newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

/** The literal words of a command, or null when any of them is not certain. */
export function literalWords(cmd: SimpleCommand): string[] | null {
  const out: string[] = [];
  for (const w of cmd.words) {
    if (w.value === null || w.glob) return null;
    out.push(w.value);
  }
  return out;
}
