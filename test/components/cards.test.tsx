import React from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolItem } from '../../src/store/transcript.js';
import { assistantItem, thinkingItem, toolItem, userItem, type RawToolItem } from '../helpers/transcript-items.js';
import type { ToolDetails } from '../../src/core/tools/details.js';
import { toolCardLines } from '../../components/tools/renderers.js';
import { bashPaneLines, PANE_ROWS } from '../../components/tools/bash-pane-lines.js';
import { diffLines } from '../../components/tools/diff-lines.js';
import { assistantLines } from '../../components/assistant-lines.js';
import { thinkingLines } from '../../components/thinking-lines.js';
import { userLines } from '../../components/user-lines.js';
import { Lines } from '../../components/Lines.js';
import { loadMarkdown } from '../../components/markdown-lines.js';
import { toSafeDeep } from '../../src/core/text/safe-text.js';
import { frame, renderAct, unmountAct } from './act-helpers.js';

beforeAll(() => loadMarkdown());

const tool = (over: Partial<RawToolItem>): ToolItem => toolItem({
  kind: 'tool', id: 't', name: 'read_file', input: { path: 'src/app.ts' }, readOnly: true, status: 'queued', createdAt: 0, ...over,
});

const bash = (lines: string[], over: Partial<Extract<ToolDetails, { kind: 'bash' }>> = {}): ToolDetails => ({
  kind: 'bash', command: 'npm test', snapshot: { cols: 80, rows: 12, lines, totalLines: lines.length },
  running: true, exitCode: null, signal: null, timedOut: false, logPath: '/tmp/l', totalBytes: 1, ...over,
});

/** The rows drawn on screen by the transcript's row component. */
async function show(lines: string[]): Promise<string> {
  const r = await renderAct(<Lines lines={lines} />);
  const text = frame(r);
  await unmountAct(r);
  return text;
}

describe('tool cards', () => {
  it('shows each state of a read-only call on one row', async () => {
    const w = 60;
    expect(await show(toolCardLines(tool({}), w, 0, Date.now()))).toMatch(/^○ read_file src\/app\.ts +queued$/);
    const running = await show(toolCardLines(tool({ status: 'running', startedAt: 1000 }), w, 1, 2500));
    expect(running).toMatch(/^⠙ read_file src\/app\.ts +1 s$/);
    const done = tool({
      status: 'done',
      details: { kind: 'read', path: 'src/app.ts', startLine: 1, endLine: 212, totalLines: 212, more: false },
      result: { content: '…', isError: false, durationMs: 3 },
    });
    expect(await show(toolCardLines(done, w, 0, Date.now()))).toMatch(/^✓ read_file src\/app\.ts +212 lines$/);
    const one = tool({ status: 'done', result: { content: '…', isError: false, durationMs: 3 }, details: { kind: 'read', path: 'src/app.ts', startLine: 1, endLine: 1, totalLines: 1, more: false } });
    expect(await show(toolCardLines(one, w, 0, Date.now()))).toMatch(/^✓ read_file src\/app\.ts +1 line$/);
    const error = tool({ status: 'error', result: { content: 'ENOENT: no such file\nsecond', isError: true, durationMs: 1 } });
    expect(await show(toolCardLines(error, w, 0, Date.now()))).toBe(
      `✗ read_file src/app.ts${' '.repeat(w - 27)}error\n  ENOENT: no such file\n  second`,
    );
    expect(await show(toolCardLines(tool({ status: 'cancelled' }), w, 0, Date.now()))).toMatch(/cancelled$/);
  });

  it('summarises grep, list and write results', async () => {
    const grep = tool({ name: 'grep', input: { pattern: 'TODO' }, status: 'done',
      details: { kind: 'grep', pattern: 'TODO', matches: 3, files: 2, truncated: false, engine: 'rg' } });
    expect(await show(toolCardLines(grep, 60, 0, Date.now()))).toMatch(/grep TODO +3 matches in 2 files$/);
    const list = tool({ name: 'list', input: { path: '.' }, status: 'done', details: { kind: 'list', path: '.', entries: 14, truncated: false } });
    expect(await show(toolCardLines(list, 60, 0, Date.now()))).toMatch(/14 entries$/);
    const write = tool({ name: 'write', readOnly: false, input: { path: 'a.txt' }, status: 'done',
      details: { kind: 'write', path: 'a.txt', bytes: 10, lines: 4, created: true } });
    expect(await show(toolCardLines(write, 60, 0, Date.now()))).toMatch(/^✓ write a\.txt +created 4 lines$/);
    const cancelled = tool({ name: 'write', readOnly: false, status: 'cancelled' });
    expect(await show(toolCardLines(cancelled, 60, 0, Date.now()))).toContain('(cancelled before it finished)');
  });

  it('shows an edit with its diff, line numbers and a cap', async () => {
    const edit = tool({
      name: 'edit', readOnly: false, input: { path: 'a.ts' }, status: 'done',
      details: { kind: 'edit', path: 'a.ts', diff: '', replacements: 1, created: false,
        hunks: [{ oldStart: 9, oldLines: ['const a = 1;'], newStart: 9, newLines: ['const a = 2;', 'const b = 3;'] }] },
    });
    const text = await show(toolCardLines(edit, 60, 0, Date.now()));
    expect(text.split('\n')).toEqual([
      `✓ edit a.ts${' '.repeat(60 - 11 - 5)}+2 −1`,
      '   9 - const a = 1;',
      '   9 + const a = 2;',
      '  10 + const b = 3;',
    ]);
    const big = { kind: 'edit' as const, path: 'b', diff: '', replacements: 1, created: false,
      hunks: [{ oldStart: 1, oldLines: [], newStart: 1, newLines: Array.from({ length: 30 }, (_, i) => `line ${i}`) }] };
    const capped = await show(diffLines(toSafeDeep(big), 60));
    expect(capped.split('\n')).toHaveLength(21);
    expect(capped).toContain('… 10 more diff lines');
  });
});

describe('bash pane', () => {
  it('streams the newest rows while running and collapses when done', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `out ${i}`);
    const running = tool({ name: 'bash', readOnly: false, input: { command: 'npm test' }, status: 'running', startedAt: 0, details: bash(lines) });
    const live = (await show(bashPaneLines(running, 50, 0, 1400))).split('\n');
    expect(live[0]).toMatch(/^⠋ bash npm test +1 s · 30 lines$/);
    // While running the border stays put (no count that changes every frame).
    expect(live[1]).toMatch(/^  ╭─+$/);
    expect(live.slice(2, 2 + PANE_ROWS)).toEqual(lines.slice(-PANE_ROWS).map((l) => `  │ ${l}`));
    expect(live).toHaveLength(PANE_ROWS + 3);
    const done = tool({ ...running, status: 'done', details: bash(lines, { running: false, exitCode: 0 }),
      result: { content: '', isError: false, durationMs: 1400 } });
    const collapsed = (await show(toolCardLines(done, 50, 0, Date.now()))).split('\n');
    expect(collapsed[0]).toMatch(/exit 0 in 1\.4 s$/);
    expect(collapsed[1]).toContain('27 earlier lines');
    expect(collapsed.slice(2, 5)).toEqual(['  │ out 27', '  │ out 28', '  │ out 29']);
    const failed = tool({ ...done, status: 'error', details: bash(['x'], { running: false, exitCode: 2 }),
      result: { content: 'x', isError: true, durationMs: 200 } });
    expect(await show(toolCardLines(failed, 50, 0, Date.now()))).toMatch(/exit 2 in 200 ms/);
    // Singulars: one line of output, one line above the collapsed pane.
    const oneLine = tool({ ...running, details: bash(['only']) });
    expect((await show(bashPaneLines(oneLine, 50, 0, 1400))).split('\n')[0]).toMatch(/ 1 s · 1 line$/);
    const four = tool({ ...done, details: bash(['a', 'b', 'c', 'd'], { running: false, exitCode: 0 }) });
    expect((await show(toolCardLines(four, 50, 0, Date.now()))).split('\n')[1]).toMatch(/╭ 1 earlier line ─/);
  });

  it('keeps colours and cuts long rows to the pane', async () => {
    const item = tool({ name: 'bash', readOnly: false, status: 'running', startedAt: 0,
      details: bash(['\x1b[31mred\x1b[0m plain', 'x'.repeat(200)]) });
    const r = await renderAct(<Lines lines={bashPaneLines(item, 40, 0, 0)} />);
    const raw = r.lastFrame() ?? '';
    await unmountAct(r);
    // FORCE_COLOR=0 turns off our own colours, but the command's own SGR codes pass through.
    expect(raw).toContain('\x1b[31mred');
    expect(raw.split('\n').every((l) => l.replace(/\x1b\[[0-9;]*m/g, '').length <= 40)).toBe(true);
  });
});

describe('messages', () => {
  it('renders markdown once complete: headings, lists, emphasis, code, links', async () => {
    const text = '# Plan\n\n1. read **the** file\n2. fix `bug`\n\n- [docs](https://x.dev)\n\n```js\nconst a = 1;\n```\n\n> quoted';
    const out = await show(assistantLines(assistantItem({ kind: 'assistant', id: 'a', text, streaming: false }), 40));
    expect(out.split('\n')).toEqual([
      '  Plan', '', '  1. read the file', '  2. fix bug', '', '  • docs (https://x.dev)', '', '    const a = 1;', '', '  │ quoted',
    ]);
  });

  it('keeps a nested list right under its parent item', async () => {
    const text = '1. build\n   1. compile\n   2. bundle\n2. test\n   - unit';
    const out = await show(assistantLines(assistantItem({ kind: 'assistant', id: 'a', text, streaming: false }), 40));
    expect(out.split('\n')).toEqual(['  1. build', '     1. compile', '     2. bundle', '  2. test', '     • unit']);
  });

  it('keeps the block still streaming plain and wraps long text', async () => {
    const out = await show(assistantLines(assistantItem({ kind: 'assistant', id: 'a', text: '**done** part\n\nstill **typ', streaming: true }), 30));
    expect(out).toBe('  done part\n\n  still **typ');
    const long = await show(assistantLines(assistantItem({ kind: 'assistant', id: 'b', text: 'word '.repeat(12).trim(), streaming: false }), 20));
    expect(long.split('\n').every((l) => l.length <= 20)).toBe(true);
    expect(long.replace(/\s+/g, ' ').trim()).toBe('word '.repeat(12).trim());
  });

  it('streams thinking under a label and collapses it to one line', async () => {
    const streaming = await show(thinkingLines(thinkingItem({ kind: 'thinking', id: 'th', text: 'a\nb\nc\nd\ne\nf\ng\nh', streaming: true, startedAt: 0 }), 30, 0, Date.now()));
    expect(streaming.split('\n')).toEqual(['⠋ thinking…', '  c', '  d', '  e', '  f', '  g', '  h']);
    const done = await show(thinkingLines(thinkingItem({ kind: 'thinking', id: 'th', text: 'x', streaming: false, startedAt: 0, endedAt: 4200 }), 30, 0, Date.now()));
    expect(done).toBe('✻ thought for 4 s');
  });

  it('shows the prompt with its marker, wrapped', async () => {
    expect(await show(userLines(userItem({ kind: 'user', id: 'u', text: 'abc def ghi' }), 9))).toBe('› abc def\n  ghi');
  });
});
