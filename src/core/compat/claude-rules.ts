// Permission rules written in Claude Code's form ("Bash(git push:*)", "Read(./.env)") turned into
// inkling's rule text through the name map. A rule that does not map is reported once and skipped.
import { CLAUDE_TOOL_ROWS, inklingToolName } from './claude-names.js';

export type ClaudeRuleTranslation = { ok: true; rule: string } | { ok: false; problem: string };

const RULE = /^\s*([A-Za-z0-9_*-]+)\s*(?:\(([\s\S]*)\))?\s*$/;

export function translateClaudeRule(text: string): ClaudeRuleTranslation {
  const m = RULE.exec(text);
  if (!m) return { ok: false, problem: `"${text}" is not a Claude Code rule (Tool or Tool(specifier))` };
  const claudeName = m[1]!;
  const spec = m[2];
  const inkling = inklingToolName(claudeName);
  if (inkling === undefined) return { ok: false, problem: `"${text}": inkling has no tool for Claude Code's ${claudeName}; skipped` };
  if (inkling === null) return { ok: false, problem: `"${text}": ${claudeName} has no equivalent in inkling (it matches nothing); skipped` };
  const row = CLAUDE_TOOL_ROWS.find((r) => r.claude === claudeName);
  const name = row?.rule ?? inkling;
  if (spec === undefined) return { ok: true, rule: name };
  if (inkling === 'bash') return { ok: true, rule: `${name}(${bashSpecifier(spec)})` };
  if (row?.paths) {
    const glob = pathSpecifier(spec);
    if (glob === undefined) return { ok: false, problem: `"${text}": inkling's path rules are relative to the workspace (no // or ~/ paths); skipped` };
    return { ok: true, rule: `${name}(${glob})` };
  }
  return { ok: true, rule: `${name}(${spec})` };
}

/** "npm run *" (Claude Code's newer wildcard) is the same prefix as "npm run:*". */
function bashSpecifier(spec: string): string {
  const trimmed = spec.trim();
  return /\s\*$/.test(trimmed) ? `${trimmed.slice(0, -1).trimEnd()}:*` : trimmed;
}

/** "./x", "x" and "/x" (the project's root) are workspace-relative; "//abs" and "~/x" have no inkling form. */
function pathSpecifier(spec: string): string | undefined {
  const s = spec.trim();
  if (s.startsWith('//') || s.startsWith('~')) return undefined;
  return s.replace(/^\.?\//, '');
}

/** Translates a settings file's list; each problem is reported once even when the text repeats. */
export function translateClaudeRules(texts: readonly string[], source: string): { rules: string[]; written: string[]; problems: string[] } {
  const rules: string[] = [];
  /** Each rule's text as the file has it, at the same index. */
  const written: string[] = [];
  const problems = new Set<string>();
  for (const text of texts) {
    const t = translateClaudeRule(text);
    if (t.ok) {
      rules.push(t.rule);
      written.push(text);
    } else problems.add(`${source}: ${t.problem}`);
  }
  return { rules, written, problems: [...problems] };
}
