// A SKILL.md's YAML frontmatter, read leniently: the subset skills use (scalars, quoted or not,
// `|`/`>` blocks, lists, one level of map for metadata), an unquoted colon inside a value kept as text.
export type FrontValue = string | string[] | Record<string, string>;

export type FrontParse = { ok: true; fields: Record<string, FrontValue>; body: string } | { ok: false; problem: string };

export function parseSkillFile(text: string): FrontParse {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) return { ok: false, problem: 'no frontmatter (the file must start with a --- line)' };
  const end = normalized.indexOf('\n---', 3);
  if (end < 0) return { ok: false, problem: 'the frontmatter has no closing --- line' };
  const lines = normalized.slice(4, end + 1).split('\n');
  const afterClose = normalized.indexOf('\n', end + 4);
  const body = afterClose < 0 ? '' : normalized.slice(afterClose + 1);
  const fields: Record<string, FrontValue> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const kv = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
    if (!kv) return { ok: false, problem: `line ${i + 2} is not "key: value": ${line.trim().slice(0, 60)}` };
    const key = kv[1]!;
    const rest = (kv[2] ?? '').trim();
    const nested: string[] = [];
    while (i + 1 < lines.length && (/^\s+\S/.test(lines[i + 1]!) || lines[i + 1]!.trim() === '' || /^-\s/.test(lines[i + 1]!))) nested.push(lines[++i]!);
    if (rest === '|' || rest === '|-' || rest === '>' || rest === '>-') fields[key] = blockScalar(nested, rest.startsWith('>'));
    else if (rest === '') fields[key] = nestedValue(nested);
    else if (rest.startsWith('[') && rest.endsWith(']')) fields[key] = rest.slice(1, -1).split(',').map((s) => unquote(s.trim())).filter((s) => s !== '');
    else fields[key] = [unquote(stripComment(rest)), ...nested.map((l) => l.trim()).filter((l) => l !== '')].join(' ');
  }
  return { ok: true, fields, body };
}

function blockScalar(lines: string[], folded: boolean): string {
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  const text = lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
  return (folded ? text.join(' ').replace(/ {2,}/g, ' ') : text.join('\n')).trim();
}

function nestedValue(lines: string[]): FrontValue {
  const items = lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  if (items.length === 0) return '';
  if (items.every((l) => l.startsWith('- ') || l === '-')) return items.map((l) => unquote(l.slice(1).trim()));
  const map: Record<string, string> = {};
  for (const l of items) {
    const kv = /^([^:]+):\s*(.*)$/.exec(l);
    if (kv) map[unquote(kv[1]!.trim())] = unquote(kv[2]!.trim());
  }
  return map;
}

function stripComment(value: string): string {
  if (value.startsWith('"') || value.startsWith("'")) return value;
  const hash = value.search(/\s#/);
  return hash < 0 ? value : value.slice(0, hash).trimEnd();
}

function unquote(value: string): string {
  if (value.length >= 2 && value[0] === '"' && value.at(-1) === '"') return value.slice(1, -1).replace(/\\"/g, '"').replace(/\\n/g, '\n');
  if (value.length >= 2 && value[0] === "'" && value.at(-1) === "'") return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

/** A field as text ("" when absent or not text). */
export function textField(fields: Record<string, FrontValue>, key: string): string {
  const v = fields[key];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : '';
}

/** A YAML boolean, leniently ("true", "yes"); absent → the default. */
export function boolField(fields: Record<string, FrontValue>, key: string, fallback: boolean): boolean {
  const v = fields[key];
  if (typeof v !== 'string') return fallback;
  const s = v.toLowerCase();
  return s === 'true' || s === 'yes' ? true : s === 'false' || s === 'no' ? false : fallback;
}
