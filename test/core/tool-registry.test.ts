// The registry: built-in tools fixed, the tools that come and go (MCP) after them, replaced whole.
import { expect, it } from 'vitest';
import { ToolRegistry } from '../../src/core/tool-registry.js';
import type { AnyTool } from '../../src/core/tools/tool.js';

const tool = (name: string, readOnly = false): AnyTool => ({
  name,
  description: name,
  readOnly,
  inputSchema: { type: 'object', properties: {}, required: [] },
  execute: async () => ({ content: name, isError: false }),
});

it('lists extra tools after the built-in ones and replaces them whole; a built-in name wins', () => {
  const registry = new ToolRegistry([tool('read_file', true), tool('bash')]);
  registry.setExtra([tool('mcp__a__x', true), tool('bash', true), tool('mcp__a__y')]);
  expect(registry.definitions().map((d) => d.name)).toEqual(['read_file', 'bash', 'mcp__a__x', 'mcp__a__y']);
  expect(registry.get('bash')!.readOnly).toBe(false);
  expect(registry.isReadOnlyCall('mcp__a__x', {})).toBe(true);
  registry.setExtra([tool('mcp__b__z')]);
  expect(registry.names()).toEqual(['read_file', 'bash', 'mcp__b__z']);
  expect(registry.get('mcp__a__x')).toBeUndefined();
});
