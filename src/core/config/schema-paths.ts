// Walks the settings' JSON Schema by key path: which names `inkling config get/set` accept, and
// the rows of README's settings table.
import type { KeyPath } from './key-paths.js';
import { settingsJsonSchema } from './schema.js';

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
}

let cached: JsonSchema | undefined;
export function rootSchema(): JsonSchema {
  return (cached ??= settingsJsonSchema() as JsonSchema);
}

/** The schema for a key path, or undefined when no setting has that name. */
export function schemaAt(path: KeyPath, schema: JsonSchema = rootSchema()): JsonSchema | undefined {
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  for (const option of schema.anyOf ?? []) {
    const found = schemaAt(path, option);
    if (found) return found;
  }
  if (typeof head === 'number') return schema.items ? schemaAt(rest, schema.items) : undefined;
  const prop = schema.properties?.[head!];
  if (prop) return schemaAt(rest, prop);
  if (typeof schema.additionalProperties === 'object') return schemaAt(rest, schema.additionalProperties);
  return undefined;
}

export interface SettingRow {
  key: string;
  type: string;
  description: string;
}

/** One row per setting: nested objects are opened ("permissions.allow"), maps are not. */
export function settingRows(schema: JsonSchema = rootSchema(), prefix = ''): SettingRow[] {
  const rows: SettingRow[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (name === '$schema') continue;
    const key = prefix ? `${prefix}.${name}` : name;
    if (prop.properties && prop.type === 'object') rows.push(...settingRows(prop, key));
    else rows.push({ key, type: typeText(prop), description: prop.description ?? '' });
  }
  return rows;
}

export function typeText(s: JsonSchema): string {
  if (s.anyOf) return s.anyOf.map(typeText).join(' \\| ');
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.type === 'array') return `${s.items ? typeText(s.items) : 'value'}[]`;
  if (s.type === 'object') return typeof s.additionalProperties === 'object' ? `{ [name]: ${shortObject(s.additionalProperties)} }` : 'object';
  if (s.type === 'integer') return 'integer';
  return Array.isArray(s.type) ? s.type.join(' \\| ') : (s.type ?? 'value');
}

function shortObject(s: JsonSchema): string {
  if (s.anyOf) return 'server';
  return s.type === 'string' ? 'string' : typeText(s);
}
