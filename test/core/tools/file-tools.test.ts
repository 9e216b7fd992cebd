import { describe, expect, it } from 'vitest';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { makeTempWorkspace, makeToolContext } from '../../helpers/tool-context.js';

describe('fileTools', () => {
  it('offers the five file tools with schemas whose required fields exist', () => {
    const tools = fileTools();
    expect(tools.map((t) => t.name)).toEqual(['read_file', 'write_file', 'edit_file', 'list_files', 'grep_search']);
    expect(tools.map((t) => t.readOnly)).toEqual([true, false, false, true, true]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      for (const name of tool.inputSchema.required) expect(Object.keys(tool.inputSchema.properties)).toContain(name);
      expect(tool.description.length).toBeGreaterThan(80);
    }
    // Parameter names the model sees are fixed by the spec.
    expect(tools.filter((t) => t.name !== 'grep_search').every((t) => 'path' in t.inputSchema.properties)).toBe(true);
  });

  it('never throws: malformed input that slipped past validation becomes an error result', async () => {
    const ws = await makeTempWorkspace();
    try {
      const ctx = makeToolContext({ workspaceRoot: ws.root });
      for (const tool of fileTools()) {
        const r = await tool.execute({ path: 42, pattern: null, content: 7, old_string: {}, new_string: [] }, ctx);
        expect(r.isError).toBe(true);
      }
    } finally {
      await ws.cleanup();
    }
  });
});
