// The rule grammar of permissions.allow / ask / deny and --allowed-tools / --disallowed-tools:
//   tool                 every call of the tool (bash, read_file, mcp__github__create_issue)
//   tool(specifier)      bash: an exact command "npm test", or a prefix at a word boundary "git status:*";
//                        file tools: a gitignore-style glob relative to the workspace "src/**", "**/.env"
//                        web_fetch: a host "domain:docs.python.org", or it and its subdomains "domain:*.python.org"
// Tool names are case-insensitive (Bash(npm test) works) and may be aliases: edit = write_file +
// edit_file, read = read_file + list_files + grep_search; mcp__server__* and mcp__server cover every
// tool of one MCP server.
import { parse as shellWords } from 'shell-quote';

export const EDIT_TOOLS = ['write_file', 'edit_file'] as const;
export const READ_TOOLS = ['read_file', 'list_files', 'grep_search'] as const;
const FILE_TOOLS = new Set<string>([...EDIT_TOOLS, ...READ_TOOLS]);

export type RuleTools = { kind: 'names'; names: ReadonlySet<string> } | { kind: 'mcp-server'; prefix: string };

export type RuleSpecifier =
  | { kind: 'any' }
  | { kind: 'command'; words: string[]; prefix: boolean }
  | { kind: 'path'; glob: string }
  /** web_fetch: an exact host, or (`*.host`) the host and every name under it. */
  | { kind: 'domain'; host: string; subdomains: boolean };

export interface PermissionRule {
  /** As written. */
  text: string;
  tools: RuleTools;
  specifier: RuleSpecifier;
  /** Where it came from ("~/.inkling/settings.json", "--allowed-tools", "this session"). */
  source: string;
  /** The text its file holds when that is not `text`: a Claude Code rule, translated (/permissions remove needs it). */
  written?: string;
}

export type RuleParse = { ok: true; rule: PermissionRule } | { ok: false; problem: string };

const RULE = /^\s*([A-Za-z0-9_.*-]+)\s*(?:\(([\s\S]*)\))?\s*$/;

export function parseRule(text: string, source: string): RuleParse {
  const m = RULE.exec(text);
  if (!m) return { ok: false, problem: `"${text}" is not a rule: write tool or tool(specifier), like bash(npm test) or edit(src/**)` };
  const name = m[1]!.toLowerCase();
  const spec = m[2];
  const tools = toolsOf(name);
  if (!tools) return { ok: false, problem: `"${text}": ${name} is not a tool name (a * may only end mcp__server__*)` };
  if (spec === undefined || spec.trim() === '*') return { ok: true, rule: { text, tools, specifier: { kind: 'any' }, source } };
  if (spec.trim() === '') return { ok: false, problem: `"${text}": the parentheses are empty; leave them out to match every call` };
  const names = tools.kind === 'names' ? [...tools.names] : [];
  if (names.length > 0 && names.every((n) => n === 'bash')) {
    const command = commandSpecifier(spec);
    if (typeof command === 'string') return { ok: false, problem: `"${text}": ${command}` };
    return { ok: true, rule: { text, tools, specifier: command, source } };
  }
  if (names.length > 0 && names.every((n) => FILE_TOOLS.has(n))) {
    const glob = spec.trim().replace(/^\.\//, '');
    if (glob.startsWith('/') || glob.split('/').includes('..')) {
      return { ok: false, problem: `"${text}": a path rule is relative to the workspace (no leading / or ..)` };
    }
    return { ok: true, rule: { text, tools, specifier: { kind: 'path', glob }, source } };
  }
  if (names.length > 0 && names.every((n) => n === 'web_fetch')) {
    const domain = domainSpecifier(spec.trim());
    if (typeof domain === 'string') return { ok: false, problem: `"${text}": ${domain}` };
    return { ok: true, rule: { text, tools, specifier: domain, source } };
  }
  return { ok: false, problem: `"${text}": only bash, the file tools (edit, read, …) and web_fetch take a specifier in parentheses` };
}

function toolsOf(name: string): RuleTools | undefined {
  if (name === 'edit') return { kind: 'names', names: new Set(EDIT_TOOLS) };
  if (name === 'read') return { kind: 'names', names: new Set(READ_TOOLS) };
  if (name.startsWith('mcp__')) {
    const rest = name.slice(5);
    const server = rest.endsWith('__*') ? rest.slice(0, -3) : rest.includes('__') ? undefined : rest;
    if (server !== undefined) return server === '' || server.includes('*') ? undefined : { kind: 'mcp-server', prefix: `mcp__${server}__` };
  }
  if (name.includes('*')) return undefined;
  return { kind: 'names', names: new Set([name]) };
}

/** "npm test" → exact words; "git status:*" → a prefix. A string is a problem. */
function commandSpecifier(spec: string): RuleSpecifier | string {
  let text = spec.trim();
  let prefix = false;
  if (text.endsWith(':*')) {
    prefix = true;
    text = text.slice(0, -2).trimEnd();
  }
  let entries: ReturnType<typeof shellWords>;
  try {
    entries = shellWords(text, (name) => `$${name}`);
  } catch {
    return 'the command could not be read';
  }
  const words: string[] = [];
  for (const e of entries) {
    if (typeof e !== 'string') return 'a rule names one simple command (no ;, &&, | or redirections): write one rule per command';
    words.push(e);
  }
  if (words.length === 0) return 'the command is empty';
  return { kind: 'command', words, prefix };
}

const HOST = /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** "domain:docs.python.org" or "domain:*.python.org": no scheme, no port, no path. A string is a problem. */
function domainSpecifier(spec: string): RuleSpecifier | string {
  if (!spec.toLowerCase().startsWith('domain:')) return 'web_fetch takes domain:<host>, like web_fetch(domain:docs.python.org) or web_fetch(domain:*.python.org)';
  const raw = spec.slice('domain:'.length).trim().toLowerCase();
  const host = raw.replace(/^\[|\]$/g, '');
  if (raw.includes('://') || raw.includes('/')) return 'a domain rule names a host only: no scheme (https://) and no path';
  if (/^[^\[]*:\d+$/.test(raw)) return 'a domain rule names a host only, without a port';
  if (!HOST.test(host) && !isIpv6(host)) return `"${raw}" is not a host name`;
  return host.startsWith('*.') ? { kind: 'domain', host: host.slice(2), subdomains: true } : { kind: 'domain', host, subdomains: false };
}

function isIpv6(host: string): boolean {
  return host.includes(':') && /^[0-9a-f:.]+$/.test(host);
}

/** Whether a domain specifier covers a host (already lower-case, IPv6 without brackets). */
export function domainMatches(spec: Extract<RuleSpecifier, { kind: 'domain' }>, host: string): boolean {
  return host === spec.host || (spec.subdomains && host.endsWith(`.${spec.host}`));
}

/** Whether the rule covers calls of this tool at all. */
export function ruleCoversTool(rule: PermissionRule, toolName: string): boolean {
  const name = toolName.toLowerCase();
  return rule.tools.kind === 'names' ? rule.tools.names.has(name) : name.startsWith(rule.tools.prefix);
}

export { splitRuleList } from './rule-list.js';
