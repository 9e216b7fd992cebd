// One renderer per tool kind, found by details.kind (or by tool name before details arrive),
// and the generic one for everything else: an MCP call shows its name, compact JSON arguments
// and text result. What Y copies comes from the same renderer.
import { formatToolResult } from '../../src/core/mcp/result-content.js';
import { describe, expect, it } from 'vitest';
import stripAnsi from 'strip-ansi';
import { rendererFor, toolCardLines } from '../../components/tools/renderers.js';
import { expandedToolLines } from '../../components/expanded-card.js';
import { toolItem } from '../helpers/transcript-items.js';
import { HOSTILE } from '../helpers/hostile-text.js';
import { isSafeText } from '../../src/core/text/safe-text.js';

const base = { kind: 'tool' as const, id: 't', readOnly: true, createdAt: 0 };

describe('tool renderers', () => {
  it('are found by details kind, then by tool name, else generic', () => {
    const queuedBash = toolItem({ ...base, name: 'bash', input: { command: 'ls' }, status: 'queued' });
    expect(rendererFor(queuedBash).kind).toBe('bash');
    const read = toolItem({ ...base, name: 'renamed_read', input: { path: 'a' }, status: 'done',
      details: { kind: 'read', path: 'a', startLine: 1, endLine: 2, totalLines: 2, more: false } });
    expect(rendererFor(read).kind).toBe('read');
    const mcp = toolItem({ ...base, name: 'mcp__docs__search', input: { q: 'x' }, status: 'done', details: { kind: 'mcp', server: 'docs', tool: 'search' } });
    expect(rendererFor(mcp).kind).toBe('generic');
  });

  it('draws an MCP call as its name, compact JSON arguments and text result', () => {
    const call = toolItem({ ...base, name: 'mcp__docs__search', input: { query: 'hooks', limit: 3 }, status: 'done',
      details: { kind: 'mcp', server: 'docs', tool: 'search', summaries: ['[image 20×20, image/png]'] },
      result: { content: 'Found 3 pages\nsecond line', isError: false, durationMs: 12 } });
    const [head] = toolCardLines(call, 80, 0, 0).map(stripAnsi);
    expect(head).toMatch(/^✓ mcp__docs__search \{"query":"hooks","limit":3\} +Found 3 pages$/);
    const expanded = expandedToolLines(call, 80, 0, 0, 20).map(stripAnsi);
    expect(expanded.slice(1)).toEqual(['  input', '    {', '      "query": "hooks",', '      "limit": 3', '    }',
      '  output', '    Found 3 pages', '    second line', '    [image 20×20, image/png]']);
    expect(rendererFor(call).copyableInput(call)).toBe('{\n  "query": "hooks",\n  "limit": 3\n}');
    const running = toolItem({ ...call, status: 'running', startedAt: 0, result: undefined,
      details: { kind: 'mcp', server: 'docs', tool: 'search', progress: { progress: 2, total: 5, message: 'indexing' } } });
    expect(stripAnsi(toolCardLines(running, 80, 0, 1500)[0]!)).toMatch(/ 1 s · 2\/5 indexing$/);
  });

  it('lists an MCP result\'s image once, though both the model\'s text and the summaries name it', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const r = formatToolResult({ content: [{ type: 'text', text: 'a chart' }, { type: 'image', data: png, mimeType: 'image/png' }] });
    const call = toolItem({ ...base, name: 'mcp__charts__draw', input: {}, status: 'done',
      details: { kind: 'mcp', server: 'charts', tool: 'draw', summaries: r.summaries },
      result: { content: r.text, isError: false, durationMs: 12 } });
    const expanded = expandedToolLines(call, 80, 0, 0, 20).map(stripAnsi);
    expect(expanded.filter((l) => l.includes('[image 1×1, image/png]'))).toHaveLength(1);
    expect(expanded.slice(-2)).toEqual(['    a chart', '    [image 1×1, image/png]']);
  });

  it('copies the command, the pattern or the path', () => {
    const copy = (name: string, input: unknown) => {
      const item = toolItem({ ...base, name, input, status: 'done' });
      return rendererFor(item).copyableInput(item);
    };
    expect(copy('bash', { command: 'npm test -- --run' })).toBe('npm test -- --run');
    expect(copy('grep_search', { pattern: 'TODO', path: 'src' })).toBe('TODO');
    expect(copy('read_file', { path: 'src/a.ts', offset: 3 })).toBe('src/a.ts');
    expect(copy('mystery', { a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('draws every card of hostile input and output as safe rows', () => {
    const evil = Object.values(HOSTILE).join(' ');
    const items = [
      toolItem({ ...base, name: 'read_file', input: { path: evil }, status: 'error', result: { content: `ENOENT ${evil}`, isError: true, durationMs: 1 } }),
      toolItem({ ...base, name: 'grep_search', input: { pattern: evil }, status: 'done', result: { content: evil, isError: false, durationMs: 1 },
        details: { kind: 'grep', pattern: evil, matches: 1, files: 1, truncated: false, engine: 'rg' } }),
      toolItem({ ...base, name: `mcp__${evil}`, input: { [evil]: evil }, status: 'done', result: { content: evil, isError: false, durationMs: 1 },
        details: { kind: 'mcp', server: evil, tool: evil, summaries: [evil] } }),
    ];
    for (const item of items) {
      const rows = [...toolCardLines(item, 100, 0, 0), ...expandedToolLines(item, 100, 0, 0, 50)];
      expect(rows.filter((r) => !isSafeText(r))).toEqual([]);
      expect(rows.join('\n')).toContain('␛]52;c;SGVsbG8=␇');
    }
  });
});
