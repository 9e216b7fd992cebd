// Checks one layer's value against the schema and turns zod's issues into messages a person can
// act on: `.inkling/settings.json: permissions.allow[2]: expected a string like "bash(npm test)",
// got 42`. Unknown keys are warnings (the key is dropped, the rest applies); anything else is
// an error and the caller ignores the whole layer.
import type { core } from 'zod';
import { describeValue, formatKeyPath, isPlainObject, valueAt } from './key-paths.js';
import { SERVER_KEYS, settingsSchema, type Settings } from './schema.js';

export interface Diagnostic {
  severity: 'error' | 'warning';
  /** The file or place as messages name it (".inkling/settings.json", "environment"). */
  file: string;
  /** The whole message, starting with the file. */
  message: string;
}

export interface CheckedLayer {
  /** Undefined when the layer has errors: it is ignored. */
  value?: Settings;
  diagnostics: Diagnostic[];
}

type Issue = core.$ZodIssue;

/**
 * `name` maps a dotted key to how messages name it (for the environment: the variable), so
 * `ANTHROPIC_BASE_URL: expected an http(s) URL, got "x"` rather than `baseUrl: …`.
 */
export function checkLayer(raw: unknown, file: string, name: (key: string) => string = (k) => k): CheckedLayer {
  const diagnostics: Diagnostic[] = [];
  if (!isPlainObject(raw)) {
    diagnostics.push({ severity: 'error', file, message: `${file}: expected an object of settings ({ ... }), got ${describeValue(raw)}` });
    return { diagnostics };
  }
  let value: unknown = structuredClone(raw);
  const result = settingsSchema.safeParse(value, { reportInput: true });
  const issues = result.success ? [] : result.error.issues;
  const errors: string[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        diagnostics.push({ severity: 'warning', file, message: `${file}: ${unknownKeyMessage([...issue.path, key])}` });
        const parent = valueAt(value, issue.path.map(segment));
        if (isPlainObject(parent)) delete parent[key];
      }
    } else {
      errors.push(...describeIssue(issue, [], name));
    }
  }
  for (const text of errors) diagnostics.push({ severity: 'error', file, message: `${file}: ${text}` });
  if (errors.length > 0) return { diagnostics };
  if (!result.success) {
    const again = settingsSchema.safeParse(value);
    if (!again.success) {
      // Only unknown keys were reported, and they are gone; anything else is a bug in this file.
      diagnostics.push({ severity: 'error', file, message: `${file}: ${again.error.issues[0]?.message ?? 'invalid settings'}` });
      return { diagnostics };
    }
    value = again.data;
  } else {
    value = result.data;
  }
  diagnostics.push(...unknownServerKeys(raw, file));
  return { value: value as Settings, diagnostics };
}

function segment(p: PropertyKey): string | number {
  return typeof p === 'number' ? p : String(p);
}

function describeIssue(issue: Issue, prefix: PropertyKey[], name: (key: string) => string): string[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && isPlainObject(issue.input)) {
    // Name the problem inside the kind of entry it looks like, not "matches none of two shapes".
    // A branch that only misses keys the entry does not have fits less than one with a wrong value.
    const branches = issue.errors.map((branch) => branch.filter((i) => i.code !== 'unrecognized_keys'));
    const score = (b: Issue[]) => b.filter((i) => valueAt(issue.input, i.path.map(segment)) === undefined).length * 1000 + b.length;
    const scores = branches.map(score);
    const fewest = Math.min(...scores);
    if (scores.filter((n) => n === fewest).length === 1) {
      const best = branches[scores.indexOf(fewest)]!;
      return best.flatMap((inner) => describeIssue({ ...inner, input: inner.input ?? valueAt(issue.input, inner.path.map(segment)) } as Issue, path, name));
    }
  }
  const where = formatKeyPath(path);
  const label = where === '' ? '' : `${name(where)}: `;
  const hide = path.some((p) => p === 'env' || p === 'headers');
  return [`${label}expected ${issue.message}, got ${describeValue(issue.input, { hideStrings: hide })}`];
}

const KNOWN_TOP = Object.keys(settingsSchema.shape);

/** Settings inkling had once, with what to say to a file that still sets them. */
const REMOVED: Record<string, string> = {
  statusLine: 'no longer a setting: its switches never changed the status line, so they were removed (ignored)',
};

function unknownKeyMessage(path: PropertyKey[]): string {
  const key = formatKeyPath(path);
  const removed = REMOVED[String(path[0])];
  if (removed) return `"${key}" is ${removed}`;
  const hint = path.length === 1 ? closest(String(path[0]), KNOWN_TOP) : undefined;
  return `unknown setting "${key}" (ignored)${hint ? `; did you mean "${hint}"?` : ''}`;
}

/** Server entries are not strict (Claude Code's .mcp.json carries extra fields), so warn here. */
function unknownServerKeys(raw: Record<string, unknown>, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isPlainObject(raw.mcpServers)) return out;
  for (const [name, server] of Object.entries(raw.mcpServers)) {
    if (!isPlainObject(server)) continue;
    const known: readonly string[] = 'command' in server ? SERVER_KEYS.stdio : SERVER_KEYS.remote;
    for (const key of Object.keys(server)) {
      if (!known.includes(key)) out.push({ severity: 'warning', file, message: `${file}: unknown setting "${formatKeyPath(['mcpServers', name, key])}" (ignored)` });
    }
  }
  return out;
}

/** The known name a typo most likely meant (edit distance ≤ 2). */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}
