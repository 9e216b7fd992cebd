// What the model gets from an MCP tool: its name and schema as the APIs accept them (or the tool
// left out, with why), its result blocks as text with images and resources summarised.
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../src/core/mcp/image-size.js';
import { formatToolResult } from '../../../src/core/mcp/result-content.js';
import { acceptTools } from '../../../src/core/mcp/tool-list.js';
import { checkInputSchema, modelToolName } from '../../../src/core/mcp/tool-schema-check.js';

describe('checkInputSchema', () => {
  it('completes a plain object schema: type, properties, required (only names it has), no $schema', () => {
    expect(checkInputSchema({ $schema: 'http://json-schema.org/draft-07/schema#', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] })).toEqual({
      ok: true,
      schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    });
    expect(checkInputSchema({ type: 'object' })).toEqual({ ok: true, schema: { type: 'object', properties: {}, required: [] } });
  });

  it('keeps what the model needs of richer schemas, local $refs inlined (the providers’ normaliser)', () => {
    const schema = { type: 'object', properties: { mode: { anyOf: [{ const: 'a' }, { $ref: '#/$defs/b' }] } }, $defs: { b: { enum: ['b', 'c'] } } };
    expect(checkInputSchema(schema)).toEqual({ ok: true, schema: { type: 'object', properties: { mode: { anyOf: [{ const: 'a' }, { enum: ['b', 'c'] }] } }, required: [] } });
  });

  it.each([
    [null, 'its input schema is not a JSON object'],
    [[1], 'its input schema is not a JSON object'],
    [{ type: 'string' }, 'its input schema has type "string"; tools take an object'],
    [{ type: 'object', properties: { x: { type: 'nonsense' } } }, 'its input schema is not valid JSON Schema at /properties/x/type: must be equal to one of the allowed values'],
    [{ type: 'object', required: 'x' }, 'its input schema is not valid JSON Schema at /required: must be array'],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', items: [{ type: 'string' }] }, 'its input schema is not valid JSON Schema at /items: must be object,boolean'],
  ])('refuses %j: %s', (schema, reason) => expect(checkInputSchema(schema)).toEqual({ ok: false, reason }));
});

describe('modelToolName', () => {
  it('is mcp__<server>__<tool> with characters the APIs refuse replaced', () => {
    expect(modelToolName('github', 'create_issue')).toBe('mcp__github__create_issue');
    expect(modelToolName('docs', 'search.v2/all')).toBe('mcp__docs__search_v2_all');
  });
  it('is null past 64 characters', () => expect(modelToolName('s', 'x'.repeat(58))).toBeNull());
});

const png = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b.toString('base64');
};

describe('imageSize', () => {
  it('reads PNG, GIF and JPEG headers', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x40, 0x01, 0xf0, 0x00]), Buffer.alloc(20)]);
    expect(imageSize(gif.toString('base64'))).toEqual({ width: 320, height: 240 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 100 and width 200.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x00, 0xc8, 0x03, ...Array(12).fill(0)]);
    expect(imageSize(jpeg.toString('base64'))).toEqual({ width: 200, height: 100 });
  });
  it('is null for anything else', () => expect(imageSize(Buffer.from('just some text, not an image at all').toString('base64'))).toBeNull());
});

describe('formatToolResult', () => {
  it('joins text blocks and summarises images, audio and resources', () => {
    const r = formatToolResult({
      content: [
        { type: 'text', text: 'Here:' },
        { type: 'image', data: png(640, 480), mimeType: 'image/png' },
        { type: 'audio', data: Buffer.alloc(3000).toString('base64'), mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///r.txt', name: 'r' },
        { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
        { type: 'resource', resource: { uri: 'file:///blob.bin', blob: 'AAAA' } },
      ],
    });
    expect(r.text).toBe(
      ['Here:', '[image 640×480, image/png]', '[audio audio/wav, 3 KB]', '[resource file:///r.txt "r"]', '[resource file:///notes.md, text/markdown]\n# Notes', '[resource file:///blob.bin]'].join('\n'),
    );
    expect(r.summaries).toEqual(['[image 640×480, image/png]', '[audio audio/wav, 3 KB]', '[resource file:///r.txt "r"]', '[resource file:///notes.md, text/markdown]', '[resource file:///blob.bin]']);
    expect(r.isError).toBe(false);
    expect(r.images).toEqual([{ type: 'image', mediaType: 'image/png', data: png(640, 480), name: 'image #1', width: 640, height: 480, bytes: Buffer.from(png(640, 480), 'base64').length }]);
  });

  it('uses structured content when there are no blocks, and keeps isError', () => {
    expect(formatToolResult({ structuredContent: { n: 1 }, isError: true })).toEqual({ text: '{\n  "n": 1\n}', isError: true, summaries: [], images: [] });
  });
});

describe('acceptTools', () => {
  it('names, describes and marks tools, leaving out the ones it cannot offer with why', () => {
    const obj = { type: 'object', properties: {} };
    const { tools, skipped } = acceptTools('srv', [
      { name: 'read.me', inputSchema: obj, annotations: { readOnlyHint: true } },
      { name: 'read_me', description: 'clash', inputSchema: obj },
      { description: 'nameless', inputSchema: obj },
      { name: 'x'.repeat(70), inputSchema: obj },
      { name: 'str', inputSchema: { type: 'string' } },
      'not a tool',
    ]);
    expect(tools).toEqual([{ modelName: 'mcp__srv__read_me', serverTool: 'read.me', description: 'read.me (from MCP server srv)', inputSchema: { ...obj, required: [] }, readOnly: true }]);
    expect(skipped.map((s) => s.reason)).toEqual([
      'its name becomes mcp__srv__read_me, which another of its tools already has',
      'it has no name',
      `mcp__srv__${'x'.repeat(70)} is longer than the APIs allow`,
      'its input schema has type "string"; tools take an object',
      'it has no name',
    ]);
  });
});
