// web_fetch's card: URL, status, content type, size and title; expanded, the page's markdown; `o`
// (the pager's source) opens the whole saved text. A page's hostile title reaches no terminal.
// web_search's card: the query, the number of results and the first ones; expanded, all of them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { expandedToolLines } from '../../components/expanded-card.js';
import { rendererFor, toolCardLines } from '../../components/tools/renderers.js';
import type { WebFetchDetails } from '../../src/core/tools/web-fetch-details.js';
import { isSafeText } from '../../src/core/text/safe-text.js';
import { openOutputSource } from '../../src/pager/log-reader.js';
import { toolItem } from '../helpers/transcript-items.js';

const base = { kind: 'tool' as const, id: 't', readOnly: true, createdAt: 0, name: 'web_fetch' };
const details = (extra: Partial<WebFetchDetails> = {}): WebFetchDetails => ({
  kind: 'web-fetch', url: 'https://docs.example/guide', finalUrl: 'https://docs.example/guide', status: 200,
  contentType: 'text/html; charset=utf-8', bytes: 12_800, title: 'The Guide', chars: 9_000, extracted: 'article',
  preview: '# The Guide\n\nFirst paragraph.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |', ...extra,
});

describe('the web_fetch card', () => {
  it('shows the URL, status, content type, size and title', () => {
    const item = toolItem({ ...base, input: { url: 'https://docs.example/guide' }, status: 'done', details: details(), result: { content: 'x', isError: false, durationMs: 40 } });
    expect(rendererFor(item).kind).toBe('web-fetch');
    const lines = toolCardLines(item, 90, 0, 0).map(stripAnsi);
    expect(lines[0]).toMatch(/^✓ web_fetch https:\/\/docs\.example\/guide +200 · text\/html · 12\.5 KB$/);
    expect(lines.slice(1)).toEqual(['    The Guide', '    9,000 characters · article as markdown']);
  });

  it('names where a redirect led, and shows the markdown when expanded', () => {
    const item = toolItem({ ...base, input: { url: 'https://docs.example/old' }, status: 'done', details: details({ url: 'https://docs.example/old' }), result: { content: 'x', isError: false, durationMs: 40 } });
    expect(toolCardLines(item, 90, 0, 0).map(stripAnsi)).toContain('    → https://docs.example/guide');
    const expanded = expandedToolLines(item, 90, 0, 0, 40).map(stripAnsi);
    expect(expanded).toContain('    # The Guide');
    expect(expanded).toContain('    | 1 | 2 |');
    expect(expanded.at(-1)).toBe('    … 8,936 more characters: o opens the whole text');
  });

  it('shows a refusal as an error under the URL', () => {
    const item = toolItem({ ...base, input: { url: 'http://169.254.169.254/' }, status: 'error', details: { kind: 'web-fetch', url: 'http://169.254.169.254/' },
      result: { content: 'Refused: 169.254.169.254 is a cloud metadata address; web_fetch reaches only the public web', isError: true, durationMs: 1 } });
    const lines = toolCardLines(item, 120, 0, 0).map(stripAnsi);
    expect(lines[0]).toMatch(/^✗ web_fetch http:\/\/169\.254\.169\.254\/ +error$/);
    expect(lines[1]).toContain('Refused: 169.254.169.254 is a cloud metadata address');
  });

  it('keeps a hostile title from acting on the terminal', () => {
    const item = toolItem({ ...base, input: { url: 'https://x.example/' }, status: 'done', details: details({ title: 'evil\x1b]52;c;AAAA\x07title' }), result: { content: 'x', isError: false, durationMs: 1 } });
    const d = item.details as unknown as { title: string };
    expect(isSafeText(d.title)).toBe(true);
    const joined = toolCardLines(item, 120, 0, 0).join('\n');
    expect(joined).not.toContain('\x1b]52');
    expect(stripAnsi(joined)).toContain('evil␛]52;c;AAAA␇title');
  });

  it('opens the whole saved text in the pager', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-web-card-'));
    const saved = path.join(dir, 'page.md');
    writeFileSync(saved, Array.from({ length: 500 }, (_, i) => `row ${i}`).join('\n'));
    const source = await openOutputSource({ content: 'head and tail only', details: details({ savedTo: saved }) });
    try {
      if (!source.complete) await source.refresh();
      expect(source.lineCount).toBe(500);
      expect((await source.readLines(499, 500)).map(String)).toEqual(['row 499']);
    } finally {
      await source.close();
    }
  });
});

describe('the web_search card', () => {
  const results = [1, 2, 3, 4].map((n) => ({ title: `Result ${n}`, url: `https://site${n}.example/page` }));

  it('shows the query, how many results, and the first three', () => {
    const item = toolItem({ ...base, id: 'srvtoolu_1', name: 'web_search', input: { query: 'node 20.19 esm' }, status: 'done', details: { kind: 'web-search', query: 'node 20.19 esm', results } });
    const lines = toolCardLines(item, 90, 0, 0).map(stripAnsi);
    expect(lines[0]).toMatch(/^✓ web_search node 20\.19 esm +4 results$/);
    expect(lines.slice(1)).toEqual(['    Result 1 https://site1.example/page', '    Result 2 https://site2.example/page', '    Result 3 https://site3.example/page', '    … 1 more result']);
    const expanded = expandedToolLines(item, 90, 0, 0, 40).map(stripAnsi);
    expect(expanded).toContain('    Result 4');
    expect(expanded).toContain('      https://site4.example/page');
  });

  it('says why a search failed', () => {
    const item = toolItem({ ...base, id: 'srvtoolu_2', name: 'web_search', input: { query: 'x' }, status: 'error', details: { kind: 'web-search', query: 'x', results: [], error: 'max_uses_exceeded' } });
    expect(stripAnsi(toolCardLines(item, 90, 0, 0)[0]!)).toMatch(/^✗ web_search x +search failed: max_uses_exceeded$/);
  });
});
