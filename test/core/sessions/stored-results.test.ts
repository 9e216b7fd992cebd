import { appendFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_FORMAT_VERSION, type SessionRecord, type ToolResultRecord } from '../../../src/core/sessions/records.js';
import { SessionFile } from '../../../src/core/sessions/session-file.js';
import { parseSessionText, readSessionFile } from '../../../src/core/sessions/session-reader.js';
import { restoreSession } from '../../../src/core/sessions/session-restore.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { listSessions, openSession } from '../../../src/core/sessions/session-catalog.js';
import { isStored } from '../../../src/core/sessions/stored-fields.js';
import { StoredResults } from '../../../src/core/sessions/stored-results.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAppStore } from '../../../src/store/app-store.js';
import { applyEvents } from '../../../src/store/apply-events.js';
import type { ToolItem } from '../../../src/store/transcript.js';
import { estimateRequest } from '../../../src/core/context/token-estimate.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { echo, recordingAgent, tempHome } from './session-fixtures.js';

const ID = '5e5510a0-0000-4000-8000-0000000000aa';
// Two-, three- and four-byte characters, a combining accent, a control character and colour codes.
const WIDE = 'é中🙂e\u0301\u0007 ';

function bashResult(id: string, content: string, lines: string[]): ToolResultRecord {
  return {
    type: 'tool_result', at: 3, id, readOnly: false, isError: false, durationMs: 40, content,
    details: { kind: 'bash', command: `make ${id}`, snapshot: { cols: 80, rows: 24, lines, totalLines: lines.length + 100 }, running: false, exitCode: 0, signal: null, timedOut: false, logPath: `/logs/${id}.log`, totalBytes: content.length },
  };
}

function turn(n: number, ids: string[]): SessionRecord[] {
  return [
    { type: 'prompt', at: 1, text: `step ${n} ${WIDE}`, content: [{ type: 'text', text: `step ${n} ${WIDE}` }] },
    { type: 'assistant', at: 2, message: { role: 'assistant', content: [{ type: 'text', text: `running ${WIDE}` }, ...ids.map((id) => ({ type: 'tool_use' as const, id, name: 'bash', input: { command: `make ${id}` } }))] }, stopReason: 'tool_use' },
  ];
}

const colour = (s: string) => `\x1b[31m${s}\x1b[0m`;

/** The same file read whole, every record in memory: what the lazy reading must equal. */
function eager(file: string) {
  return restoreSession(ID, parseSessionText(readFileSync(file, 'utf8')).records);
}

/** The tool cards a replay draws, by call id (the other items' ids differ from store to store). */
function cards(replay: readonly AgentEvent[]): ToolItem[] {
  const state = createAppStore({ size: { cols: 100, rows: 30 } }).getState();
  const items = applyEvents(state, replay, 0).items ?? [];
  return items.filter((i): i is ToolItem => i.kind === 'tool');
}

describe('tool outputs kept in the session file', () => {
  it('reads each one back exactly: multi-byte text before and in it, a line across read chunks, records after a torn line', async () => {
    const { home, workspace } = tempHome();
    const file = sessionPaths(home, workspace).file(ID);
    const out = new SessionFile(file);
    const big1 = `${WIDE.repeat(400)}\nExit code: 0`;
    // Longer than the reader's 1 MiB chunk, so its line is cut by a chunk's end.
    const big2 = `${'ü'.repeat(700_000)}${WIDE}end`;
    out.append(
      { type: 'header', version: SESSION_FORMAT_VERSION, id: ID, workspace, model: 'm', provider: 'p', startedAt: 1, inklingVersion: 't' },
      ...turn(1, ['t1', 't2', 't3']),
      bashResult('t1', big1, Array.from({ length: 40 }, (_, i) => colour(`${WIDE}row ${i}`))),
      bashResult('t2', big2, ['only row']),
      { type: 'tool_result', at: 3, id: 't3', readOnly: true, isError: true, durationMs: 1, content: 'small' },
      { type: 'turn_end', reason: 'end_turn' },
    );
    out.close();
    // kill -9 mid-write, then the session goes on: the next records start on a new line.
    appendFileSync(file, JSON.stringify(bashResult('t9', big1, ['x'])).slice(0, 900));
    const more = new SessionFile(file);
    more.append(...turn(2, ['t4']), bashResult('t4', `${'中'.repeat(3000)}${WIDE}`, [colour(WIDE.repeat(30))]), { type: 'turn_end', reason: 'end_turn' });
    more.close();

    const stored = new StoredResults(file);
    const read = await readSessionFile(file, stored.keep);
    expect(read.notices).toEqual([expect.stringContaining('1 unreadable line')]);
    const lazy = restoreSession(ID, read.records);
    const whole = eager(file);
    // Nothing read back yet, and the big results are held as places in the file.
    expect(stored.reads).toBe(0);
    const blocks = lazy.messages.flatMap((m) => (m.role === 'user' ? m.content : []));
    expect(blocks.map((b) => (b.type === 'tool_result' ? [b.tool_use_id, isStored(b)] : b.type))).toEqual([
      'text', ['t1', true], ['t2', true], ['t3', false], 'text', ['t4', true],
    ]);
    // Drawing the cards into the store reads nothing either (only a card on screen will).
    const shown = cards(lazy.replay);
    // Nor does estimating the next request's tokens (every turn does).
    expect(estimateRequest('s', [], lazy.messages)).toEqual(estimateRequest('s', [], whole.messages));
    expect(stored.reads).toBe(0);
    // What the next request sends, byte for byte, and what the cards show.
    expect(JSON.stringify(lazy.messages)).toBe(JSON.stringify(whole.messages));
    expect(stored.reads).toBeGreaterThanOrEqual(3);
    expect(lazy.replay).toEqual(whole.replay);
    expect(shown).toEqual(cards(whole.replay));
    const t1 = shown.find((c) => c.id === 't1')!;
    expect(isStored(t1.result)).toBe(true);
    expect(t1.result?.content).toBe(`${WIDE.replace('\u0007', '␇').repeat(400)}\nExit code: 0`);
    expect(t1.details?.kind === 'bash' && t1.details.snapshot.lines.at(-1)).toBe(colour(`${WIDE.replace('\u0007', '␇')}row 39`));
    expect(lazy.logs).toEqual(whole.logs);
    stored.close();
  });

  it('reads records that straddle the blocks it reads the file in, in any order', async () => {
    const { home, workspace } = tempHome();
    const file = sessionPaths(home, workspace).file(ID);
    const out = new SessionFile(file);
    const ids = Array.from({ length: 120 }, (_, i) => `t${i}`);
    out.append(...turn(1, ids), ...ids.map((id, i) => bashResult(id, `${id} ${WIDE.repeat(300 + i * 7)}`, [id])));
    out.close();
    const stored = new StoredResults(file);
    const lazy = restoreSession(ID, (await readSessionFile(file, stored.keep)).records);
    const blocks = lazy.messages[2]!.content;
    const wanted = eager(file).messages[2]!.content;
    expect(blocks.every(isStored)).toBe(true);
    // Backwards, then forwards: every block read is kept or read again, never mixed up.
    for (let i = blocks.length - 1; i >= 0; i--) expect(blocks[i]).toEqual(wanted[i]);
    expect(JSON.stringify(blocks)).toBe(JSON.stringify(wanted));
    stored.close();
  });

  it('a place that holds another record reads as a note, never as that record', () => {
    const { home, workspace } = tempHome();
    const file = sessionPaths(home, workspace).file(ID);
    const out = new SessionFile(file);
    out.append(bashResult('a', 'A'.repeat(3000), ['a']), bashResult('b', 'B'.repeat(3000), ['b']));
    out.close();
    const stored = new StoredResults(file);
    const length = readFileSync(file, 'utf8').indexOf('\n');
    expect(stored.read({ offset: 0, length }, 'a').content).toBe('A'.repeat(3000));
    expect(stored.read({ offset: length + 1, length: 10 }, 'b').content).toMatch(/^\(this output was kept in the session file, but/);
    expect(stored.read({ offset: 0, length }, 'b').content).toMatch(/holds another record\)$/);
    stored.close();
  });

  it('a session appended to after it was resumed reads its old outputs right, sends them whole, and opens again the same', async () => {
    const dirs = tempHome();
    const big: Tool<{ text: string }> = {
      ...echo,
      name: 'big',
      async execute(input) {
        return { content: `${input.text}:${WIDE.repeat(500)}`, isError: false, details: { kind: 'mcp', server: 's', tool: 'big', summaries: [WIDE.repeat(100)] } };
      },
    };
    const tools = [big as unknown as Tool<never>];
    const first = recordingAgent([respond([text('One.'), toolUse('b1', 'big', { text: 'one' })]), respond([text('Done one.')])], { ...dirs, tools });
    await collect(first.agent.run('first'));
    await first.agent.dispose();
    const before = JSON.stringify(first.agent.messages);

    const opened = await openSession(first.recorder.filePath);
    const block = opened.restored.messages[2]!.content[0]!;
    expect(isStored(block)).toBe(true);
    const second = recordingAgent([respond([text('Two.'), toolUse('b2', 'big', { text: 'two' })]), respond([text('Done two.')])], { ...dirs, tools });
    second.agent.resume!(opened.restored);
    await collect(second.agent.run('second'));
    await second.agent.dispose();
    // The first request after the resume sent the old conversation as it was.
    expect(JSON.stringify(second.provider.requests[0]!.messages.slice(0, first.agent.messages.length))).toBe(before);
    // Read again after records were appended behind it.
    expect(block.type === 'tool_result' && block.content).toBe(`one:${WIDE.repeat(500)}`);

    const again = await openSession(first.recorder.filePath);
    expect(JSON.stringify(again.restored.messages)).toBe(JSON.stringify(second.agent.messages));
    expect(cards(again.restored.replay).map((c) => [c.id, c.result?.content.slice(0, 4)])).toEqual([['b1', 'one:'], ['b2', 'two:']]);
  });
});

describe('a big session file', () => {
  it('counts its turns in chunks, a prompt record cut by a chunk\'s end included', async () => {
    const { home, workspace } = tempHome();
    const file = sessionPaths(home, workspace).file(ID);
    const out = new SessionFile(file);
    out.append({ type: 'header', version: SESSION_FORMAT_VERSION, id: ID, workspace, model: 'm', provider: 'p', startedAt: 1, inklingVersion: 't' }, { type: 'title', title: 'big' });
    // A notice long enough that the next line (a prompt) starts 5 bytes before the 1 MiB mark.
    const used = readFileSync(file).length;
    const empty = JSON.stringify({ type: 'notice', message: '', level: 'info' }).length + 1;
    out.append({ type: 'notice', message: 'n'.repeat((1 << 20) - 5 - used - empty), level: 'info' });
    expect(readFileSync(file).length).toBe((1 << 20) - 5);
    for (let i = 0; i < 3; i++) out.append(...turn(i, []));
    out.close();
    const [summary] = await listSessions(home, workspace);
    expect(summary).toMatchObject({ id: ID, title: 'big', turns: 3 });
  });
});
