// Checks tool input against the tool's JSON Schema (the subset tool schemas use) before execution,
// so a missing or mistyped parameter becomes an error naming the parameter; and refuses input
// nested so deep that recursive code (the SDK serializing the next request, a renderer) would
// overflow the stack, before it enters the history.
import type { CompletedToolUse, JsonSchema, JsonSchemaObject } from './providers/provider.js';

/** No tool schema comes close; real inputs nest a handful of levels. */
export const MAX_INPUT_DEPTH = 64;

/** True when `value` has objects or arrays nested deeper than `max` levels. Iterative: cannot overflow. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The call as it may enter the history: input nested too deep becomes {} with an inputError. */
export function guardToolUse(use: CompletedToolUse): CompletedToolUse {
  if (use.inputError || !nestedDeeperThan(use.input, MAX_INPUT_DEPTH)) return use;
  return { ...use, input: {}, inputError: `the input is nested deeper than ${MAX_INPUT_DEPTH} levels` };
}

export function validateInput(schema: JsonSchemaObject, input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return `input must be a JSON object, got ${describe(input)}`;
  }
  const record = input as Record<string, unknown>;
  for (const name of schema.required) {
    if (record[name] === undefined) return `missing required parameter "${name}"`;
  }
  for (const [name, value] of Object.entries(record)) {
    const prop = schema.properties[name];
    if (!prop) {
      if (schema.additionalProperties === false) {
        return `unknown parameter "${name}" (expected: ${Object.keys(schema.properties).join(', ')})`;
      }
      continue;
    }
    if (value === undefined || (value === null && !schema.required.includes(name))) continue;
    const problem = checkValue(prop, value, name);
    if (problem) return problem;
  }
  return null;
}

function checkValue(schema: JsonSchema, value: unknown, name: string): string | null {
  const where = `parameter "${name}"`;
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${where} must be a string, got ${describe(value)}`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return `${where} must be a boolean, got ${describe(value)}`;
      break;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${where} must be an integer, got ${describe(value)}`;
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${where} must be a number, got ${describe(value)}`;
      break;
    case 'array':
      if (!Array.isArray(value)) return `${where} must be an array, got ${describe(value)}`;
      if (schema.items) {
        for (let i = 0; i < value.length; i++) {
          const problem = checkValue(schema.items, value[i], `${name}[${i}]`);
          if (problem) return problem;
        }
      }
      break;
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return `${where} must be an object, got ${describe(value)}`;
      }
      break;
    default:
      break;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return `${where} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${where} must be at least ${schema.minimum}, got ${value}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${where} must be at most ${schema.maximum}, got ${value}`;
  }
  return null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)})`;
  return `a ${typeof value}`;
}
