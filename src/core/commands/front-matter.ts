// The front-matter block of a command file: `---`, `key: value` lines, `---`. Only flat string
// values are read (description, argument-hint); that is all a command file needs.

export interface FrontMatter {
  fields: Record<string, string>;
  body: string;
}

export function splitFrontMatter(text: string): FrontMatter {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const m = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalized);
  if (!m) return { fields: {}, body: normalized };
  const fields: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const kv = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line.trim());
    if (!kv) continue;
    fields[kv[1]!.toLowerCase()] = unquote(kv[2]!.trim());
  }
  return { fields, body: normalized.slice(m[0].length) };
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) return value.slice(1, -1);
  return value;
}
