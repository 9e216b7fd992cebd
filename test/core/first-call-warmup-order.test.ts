// The first-call warm-up lets the event loop turn between its parts, so a key pressed while it
// runs is handled after the part in progress, not after all of them.
import { describe, expect, it } from 'vitest';
import { warmUpFirstCall } from '../../src/core/first-call-warmup.js';
import type { AnyTool } from '../../src/core/tools/tool.js';

/** A tool whose warm-up has nothing to load: it resolves at once, as one whose modules are cached does. */
function tool(name: string, seen: string[]): AnyTool {
  return {
    name,
    description: name,
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, required: [] },
    execute: async () => ({ content: '', isError: false }),
    warmUp: async () => void seen.push(name),
  };
}

describe('warming up for the first call', () => {
  it('runs each part in a turn of the event loop of its own', async () => {
    const seen: string[] = [];
    const warming = warmUpFirstCall({ tools: [tool('one', seen), tool('two', seen), tool('three', seen)] });
    // Stands for a key that arrives once the warm-up has begun.
    setImmediate(() => seen.push('key'));
    await warming;
    expect(seen.indexOf('key')).toBeGreaterThan(-1);
    expect(seen.indexOf('key')).toBeLessThan(seen.indexOf('three'));
    expect(seen.filter((s) => s !== 'key')).toEqual(['one', 'two', 'three']);
  });

  it('goes on past a tool whose warm-up fails', async () => {
    const seen: string[] = [];
    const failing = { ...tool('bad', seen), warmUp: () => Promise.reject(new Error('no addon')) };
    await expect(warmUpFirstCall({ tools: [failing, tool('good', seen)] })).resolves.toBeUndefined();
    expect(seen).toEqual(['good']);
  });
});
