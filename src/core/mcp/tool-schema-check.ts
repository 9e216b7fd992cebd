// Decides whether an MCP tool can be offered to the model as listed: a name the APIs accept and an
// input schema that is a valid JSON Schema for an object. One bad tool is left out with a reason,
// because a single schema the API rejects would fail every request of the session.
import type { JsonSchemaObject } from '../providers/provider.js';
import { normalizeToolSchema } from '../providers/tool-schema.js';
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';

type AnySchemaValidator = Ajv | Ajv2019 | Ajv2020;

/** The APIs' common limit (Anthropic and OpenAI-compatible endpoints) on a tool's name. */
export const MAX_TOOL_NAME = 64;

export type SchemaCheck = { ok: true; schema: JsonSchemaObject } | { ok: false; reason: string };

let validators: { draft7: AnySchemaValidator; v2019: AnySchemaValidator; v2020: AnySchemaValidator } | undefined;

function validatorFor(dialect: unknown): AnySchemaValidator {
  validators ??= {
    draft7: new Ajv({ strict: false, validateFormats: false }),
    v2019: new Ajv2019({ strict: false, validateFormats: false }),
    v2020: new Ajv2020({ strict: false, validateFormats: false }),
  };
  if (typeof dialect === 'string' && dialect.includes('2020-12')) return validators.v2020;
  if (typeof dialect === 'string' && dialect.includes('2019-09')) return validators.v2019;
  // MCP's own default dialect is 2020-12; schemas without $schema are checked against it only
  // for what both dialects share, so draft-07 is the lenient choice for them.
  return validators.draft7;
}

/** The input schema as the providers need it (an object with properties and required), or why not. */
export function checkInputSchema(input: unknown): SchemaCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, reason: 'its input schema is not a JSON object' };
  }
  const schema = { ...(input as Record<string, unknown>) };
  if (schema.type === undefined) schema.type = 'object';
  if (schema.type !== 'object') return { ok: false, reason: `its input schema has type ${JSON.stringify(schema.type)}; tools take an object` };
  let valid: boolean;
  const validator = validatorFor(schema.$schema);
  try {
    valid = validator.validateSchema(schema) as boolean;
  } catch (err) {
    return { ok: false, reason: `its input schema cannot be checked: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!valid) {
    const first = validator.errors?.[0];
    const where = first?.instancePath ? ` at ${first.instancePath}` : '';
    return { ok: false, reason: `its input schema is not valid JSON Schema${where}: ${first?.message ?? 'rejected'}` };
  }
  // The providers' own normaliser: meta keywords ($schema) dropped, local $refs inlined, the top
  // object complete (properties, a required list of names it has). Strict endpoints apply their
  // stricter dialect on top when they send it.
  return { ok: true, schema: normalizeToolSchema(schema, 'standard') as unknown as JsonSchemaObject };
}

/** mcp__<server>__<tool>, characters the APIs refuse replaced by "_"; null when too long. */
export function modelToolName(server: string, tool: string): string | null {
  const name = `mcp__${server}__${tool.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return name.length <= MAX_TOOL_NAME ? name : null;
}
