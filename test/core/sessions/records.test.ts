import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SESSION_FORMAT_VERSION, type SessionRecord } from '../../../src/core/sessions/records.js';
import { SessionFile } from '../../../src/core/sessions/session-file.js';
import { parseSessionText, readSessionFile } from '../../../src/core/sessions/session-reader.js';
import { sessionPaths } from '../../../src/core/sessions/session-paths.js';
import { tempHome } from './session-fixtures.js';

const usage = { inputTokens: 3, outputTokens: 4, cacheReadTokens: 1, cacheWriteTokens: 0 };
const EVERY_RECORD: SessionRecord[] = [
  { type: 'header', version: SESSION_FORMAT_VERSION, id: '3f2a0000-0000-4000-8000-000000000001', workspace: '/w', model: 'm', provider: 'anthropic', startedAt: 1, inklingVersion: '1.0.0' },
  { type: 'prompt', at: 2, text: 'fix it', content: [{ type: 'text', text: 'note' }, { type: 'text', text: 'fix it' }] },
  { type: 'title', title: 'fix it' },
  {
    type: 'assistant',
    at: 3,
    message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig==' }, { type: 'redacted_thinking', data: 'xx' }, { type: 'text', text: 'ok' }, { type: 'tool_use', id: 't1', name: 'bash', input: { command: 'ls' } }] },
    stopReason: 'tool_use',
  },
  { type: 'assistant', at: 3, message: { role: 'assistant', content: [{ type: 'text', text: 'cut' }] }, stopReason: 'aborted', partial: true },
  { type: 'tool_result', at: 4, id: 't1', readOnly: false, content: 'out', isError: false, details: { kind: 'mcp', server: 's', tool: 't', summaries: ['x'] }, durationMs: 12 },
  { type: 'tool_result', at: 4, id: 't2', readOnly: true, content: 'interrupted', isError: true, durationMs: 0, cancelled: true },
  { type: 'usage', usage, turn: usage, session: usage },
  { type: 'notice', message: 'hello', level: 'info' },
  { type: 'notice', message: 'bad', level: 'error' },
  { type: 'turn_end', reason: 'end_turn' },
  { type: 'mode', mode: 'plan' },
  {
    type: 'compaction',
    at: 5,
    event: { type: 'compaction', reason: 'manual', message: { role: 'user', content: [{ type: 'text', text: 'we fixed it' }] }, keptMessages: 2, tokensBefore: 900, tokensAfter: 100, usage },
  },
  { type: 'context_edit', event: { type: 'context_edit', id: 't1', edit: 'pin', tokensBefore: 10, tokensAfter: 10 } },
  { type: 'ledger', event: { type: 'turn_checkpoint', prompt: 1, entry: 'abc' } },
  { type: 'log_dropped', id: 't1', logPath: '/x/bash/t1.log', bytes: 9 },
  { type: 'resumed', at: 6, inklingVersion: '1.0.1' },
  { type: 'forked_from', session: '3f2a0000-0000-4000-8000-000000000000', prompt: 2 },
];

describe('session records', () => {
  it('round-trips every record type through the file, type first on each line', async () => {
    const { home, workspace } = tempHome();
    const paths = sessionPaths(home, workspace);
    const file = new SessionFile(paths.file('3f2a0000-0000-4000-8000-000000000001'));
    for (const r of EVERY_RECORD) file.append(r);
    file.close();
    const read = await readSessionFile(file.filePath);
    expect(read.records).toEqual(EVERY_RECORD);
    expect(read.notices).toEqual([]);
    expect(read.header?.id).toBe('3f2a0000-0000-4000-8000-000000000001');
    for (const line of readFileSync(file.filePath, 'utf8').trim().split('\n')) expect(line.startsWith('{"type":')).toBe(true);
    expect(statSync(file.filePath).mode & 0o777).toBe(0o600);
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(`${home}/sessions`).mode & 0o777).toBe(0o700);
  });

  it('leaves out a torn last line with a notice and keeps every record before it', () => {
    const lines = EVERY_RECORD.slice(0, 4).map((r) => JSON.stringify(r));
    const text = `${lines.join('\n')}\n${JSON.stringify(EVERY_RECORD[5]).slice(0, 25)}`;
    const read = parseSessionText(text);
    expect(read.records).toEqual(EVERY_RECORD.slice(0, 4));
    expect(read.notices).toEqual([expect.stringContaining('cut off mid-write')]);
  });

  it('skips records of a newer version and damaged lines in the middle, saying how many', () => {
    const text = [
      JSON.stringify(EVERY_RECORD[0]),
      JSON.stringify({ type: 'hologram', v: 7, data: 'from the future' }),
      '{"type":"prompt", garbage',
      JSON.stringify(EVERY_RECORD[1]),
      JSON.stringify({ type: 'prompt', text: 42 }),
      '',
    ].join('\n');
    const read = parseSessionText(text);
    expect(read.records).toEqual([EVERY_RECORD[0], EVERY_RECORD[1]]);
    expect(read.notices).toEqual([expect.stringContaining('1 unreadable line was skipped'), expect.stringContaining('2 records from a newer inkling')]);
  });

  it('appending to a file with a torn last line starts on a new line, so the new records read whole', async () => {
    const { home, workspace } = tempHome();
    const paths = sessionPaths(home, workspace);
    const path = paths.file('3f2a0000-0000-4000-8000-000000000002');
    const first = new SessionFile(path);
    first.append(EVERY_RECORD[0]!);
    first.close();
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"type":"prom`);
    const again = new SessionFile(path);
    again.append(EVERY_RECORD[2]!);
    again.close();
    const read = await readSessionFile(path);
    expect(read.records).toEqual([EVERY_RECORD[0], EVERY_RECORD[2]]);
    expect(read.notices).toEqual([expect.stringContaining('1 unreadable line')]);
  });
});
