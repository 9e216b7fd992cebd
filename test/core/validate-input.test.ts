import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject } from '../../src/core/providers/provider.js';
import { validateInput } from '../../src/core/validate-input.js';

const schema: JsonSchemaObject = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    mode: { type: 'string', enum: ['a', 'b'] },
    flag: { type: 'boolean' },
    list: { type: 'array', items: { type: 'string' } },
  },
  required: ['path'],
};

describe('validateInput', () => {
  it.each([
    [{}, 'missing required parameter "path"'],
    [{ path: 3 }, 'parameter "path" must be a string, got a number'],
    [{ path: 'x', limit: 1.5 }, 'parameter "limit" must be an integer'],
    [{ path: 'x', limit: 0 }, 'parameter "limit" must be at least 1'],
    [{ path: 'x', mode: 'c' }, 'parameter "mode" must be one of "a", "b"'],
    [{ path: 'x', flag: 'yes' }, 'parameter "flag" must be a boolean'],
    [{ path: 'x', list: ['a', 2] }, 'parameter "list[1]" must be a string'],
    ['not an object', 'input must be a JSON object'],
    [null, 'input must be a JSON object'],
  ])('rejects %j', (input, message) => {
    expect(validateInput(schema, input)).toContain(message);
  });

  it('accepts valid input, optional parameters left out', () => {
    expect(validateInput(schema, { path: 'a.txt' })).toBeNull();
    expect(validateInput(schema, { path: 'a.txt', limit: 5, mode: 'a', flag: true, list: ['x'] })).toBeNull();
  });

  it('names unknown parameters when the schema forbids extras', () => {
    expect(validateInput({ ...schema, additionalProperties: false }, { path: 'a', pth: 'b' })).toContain('unknown parameter "pth"');
  });
});
