// The tool schema normaliser: what strict and standard endpoints get from the schemas MCP servers write.
import { describe, expect, it } from 'vitest';
import { normalizeToolSchema } from '../../../src/core/providers/tool-schema.js';

// The kind of schema a generator (zod-to-json-schema, pydantic) writes for an MCP tool.
const generated = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  title: 'SearchArgs',
  properties: {
    query: { type: 'string', description: 'What to find', minLength: 1 },
    since: { type: 'string', format: 'date-time', default: '2024-01-01T00:00:00Z' },
    limit: { type: ['integer', 'null'], examples: [10] },
    mode: { const: 'fast' },
    filter: { $ref: '#/$defs/Filter', description: 'Which files' },
    tags: { type: 'array' },
  },
  required: ['query', 'query', 'ghost'],
  additionalProperties: false,
  $defs: {
    Filter: { type: 'object', properties: { glob: { type: 'string' } }, additionalProperties: false },
  },
};

describe('normalizeToolSchema', () => {
  it('strict: drops what strict endpoints refuse, inlines $refs, and puts `required` on every object', () => {
    expect(normalizeToolSchema(generated, 'strict')).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to find', minLength: 1 },
        since: { type: 'string' },
        limit: { type: 'integer' },
        mode: { enum: ['fast'] },
        filter: { type: 'object', properties: { glob: { type: 'string' } }, required: [], description: 'Which files' },
        tags: { type: 'array', items: {} },
      },
      // Listed once, and only names the object has.
      required: ['query'],
    });
  });

  it('standard: only meta keywords and $refs go; formats, defaults and additionalProperties stay', () => {
    const out = normalizeToolSchema(generated, 'standard');
    expect(out).not.toHaveProperty('$schema');
    expect(out).not.toHaveProperty('$defs');
    expect(out.additionalProperties).toBe(false);
    expect(out.title).toBe('SearchArgs');
    const props = out.properties as Record<string, Record<string, unknown>>;
    expect(props.since).toEqual({ type: 'string', format: 'date-time', default: '2024-01-01T00:00:00Z' });
    expect(props.limit).toEqual({ type: ['integer', 'null'], examples: [10] });
    expect(props.filter).toEqual({ type: 'object', properties: { glob: { type: 'string' } }, additionalProperties: false, description: 'Which files' });
    expect(out.required).toEqual(['query']);
  });

  it('never changes its input', () => {
    const copy = structuredClone(generated);
    normalizeToolSchema(generated, 'strict');
    normalizeToolSchema(generated, 'standard');
    expect(generated).toEqual(copy);
  });

  it('always returns an object schema with properties and required, whatever came in', () => {
    for (const input of [undefined, null, 'text', [], { type: 'string' }, { type: 'object' }]) {
      expect(normalizeToolSchema(input, 'strict')).toEqual({ type: 'object', properties: {}, required: [] });
    }
  });

  it('walks nested schemas: items, anyOf, and objects inside arrays', () => {
    const out = normalizeToolSchema(
      {
        type: 'object',
        properties: {
          edits: {
            type: 'array',
            items: { type: 'object', properties: { path: { type: 'string', format: 'uri' } }, additionalProperties: false },
          },
          value: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
        },
      },
      'strict',
    );
    expect(out.properties).toEqual({
      edits: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } }, required: [] } },
      value: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
  });

  it('survives a reference cycle and a reference to nowhere', () => {
    const out = normalizeToolSchema(
      {
        type: 'object',
        properties: { tree: { $ref: '#/definitions/Node' }, lost: { $ref: 'https://example.com/schema.json', description: 'elsewhere' } },
        definitions: { Node: { type: 'object', properties: { child: { $ref: '#/definitions/Node' } } } },
      },
      'strict',
    );
    const props = out.properties as Record<string, Record<string, unknown>>;
    expect(props.lost).toEqual({ type: 'string', description: 'elsewhere' });
    // Eight levels deep, then an unconstrained leaf instead of endless recursion.
    let node = props.tree;
    let depth = 0;
    while ((node?.properties as Record<string, Record<string, unknown>> | undefined)?.child) {
      node = (node!.properties as Record<string, Record<string, unknown>>).child;
      depth++;
    }
    expect(depth).toBe(8);
    expect(node).toEqual({ type: 'string' });
  });
});
