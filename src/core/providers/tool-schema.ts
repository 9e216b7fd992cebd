// One normaliser for tool input schemas, so every endpoint gets a schema it accepts. Our own
// tools' schemas are plain, but MCP servers send whatever their authors wrote ($schema, $ref,
// formats, type arrays). Strict endpoints (Gemini behind OpenRouter, constrained decoders)
// reject keywords they do not know, and some want `required` on every object.

export type SchemaDialect =
  /** Meta keywords dropped, $refs inlined, the top object complete; everything else kept. */
  | 'standard'
  /** Also no additionalProperties, formats, defaults, examples, type arrays; `required` everywhere. */
  | 'strict';

type Schema = Record<string, unknown>;

// Never useful to a model and refused by several endpoints.
const META_KEYWORDS = ['$schema', '$id', '$comment', '$anchor', '$vocabulary'];
const STRICT_DROPPED = ['additionalProperties', 'patternProperties', 'unevaluatedProperties', 'format', 'default', 'examples', 'title', 'readOnly', 'writeOnly', 'deprecated'];
// Keywords whose value is one schema, a list of schemas, or a map of name → schema.
const SCHEMA_VALUED = ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties'];
/** A $ref chain deeper than this (or a cycle) becomes an unconstrained schema. */
const MAX_REF_DEPTH = 8;

/** Returns a normalised copy; the input is never changed. The result is always an object schema. */
export function normalizeToolSchema(input: unknown, dialect: SchemaDialect): Schema {
  const root = isSchema(input) ? input : {};
  const defs = { ...asSchemaMap(root.definitions), ...asSchemaMap(root.$defs) };
  const out = normalize(root, { dialect, defs, refDepth: 0 });
  // Function parameters must be an object with properties, whatever the tool declared.
  if (out.type !== 'object') return { type: 'object', properties: {}, required: [] };
  out.properties = isSchema(out.properties) ? out.properties : {};
  out.required = requiredList(out);
  return out;
}

interface Context {
  dialect: SchemaDialect;
  defs: Record<string, Schema>;
  refDepth: number;
}

function normalize(schema: Schema, ctx: Context): Schema {
  if (typeof schema.$ref === 'string') return resolveRef(schema, ctx);
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (META_KEYWORDS.includes(key) || key === '$defs' || key === 'definitions') continue;
    if (ctx.dialect === 'strict' && STRICT_DROPPED.includes(key)) continue;
    if (SCHEMA_VALUED.includes(key) && isSchema(value)) out[key] = normalize(value, ctx);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.filter(isSchema).map((v) => normalize(v, ctx));
    else if (SCHEMA_MAPS.includes(key) && isSchema(value)) out[key] = normalizeMap(value, ctx);
    else out[key] = value;
  }
  if (ctx.dialect === 'strict') makeStrict(out);
  return out;
}

function normalizeMap(map: Schema, ctx: Context): Schema {
  const out: Schema = {};
  for (const [name, value] of Object.entries(map)) out[name] = isSchema(value) ? normalize(value, ctx) : {};
  return out;
}

/** Inlines a local reference (#/$defs/x, #/definitions/x); anything else loses its constraint, not the call. */
function resolveRef(schema: Schema, ctx: Context): Schema {
  const ref = schema.$ref as string;
  const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1];
  const target = name !== undefined ? ctx.defs[decodeURIComponent(name.replace(/~1/g, '/').replace(/~0/g, '~'))] : undefined;
  const { $ref: _ref, ...siblings } = schema;
  if (!target || ctx.refDepth >= MAX_REF_DEPTH) {
    const description = typeof schema.description === 'string' ? { description: schema.description } : {};
    return ctx.dialect === 'strict' ? { type: 'string', ...description } : description;
  }
  // Keywords beside $ref (a description, usually) win over the target's.
  return normalize({ ...target, ...siblings }, { ...ctx, refDepth: ctx.refDepth + 1 });
}

function makeStrict(out: Schema): void {
  // ["string", "null"] → "string": strict endpoints take one type name.
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    out.type = types[0] ?? 'string';
  }
  if (out.const !== undefined && out.enum === undefined) out.enum = [out.const];
  delete out.const;
  if (out.type === 'object' || isSchema(out.properties)) {
    out.type = 'object';
    out.properties = isSchema(out.properties) ? out.properties : {};
    out.required = requiredList(out);
  }
  if (out.type === 'array' && !isSchema(out.items)) out.items = {};
}

/** `required` as a list of names the object really has, in order, without repeats. */
function requiredList(schema: Schema): string[] {
  const props = isSchema(schema.properties) ? schema.properties : {};
  const listed = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return [...new Set(listed)].filter((name) => Object.hasOwn(props, name));
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asSchemaMap(value: unknown): Record<string, Schema> {
  if (!isSchema(value)) return {};
  const out: Record<string, Schema> = {};
  for (const [name, v] of Object.entries(value)) if (isSchema(v)) out[name] = v;
  return out;
}
