// A fetched page's whole text lives beside the session: a rewind fork carries it (the old session
// deleted, the fork's web_fetch with an offset still reads it without fetching again).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteSession, openSession } from '../../../src/core/sessions/session-catalog.js';
import { createWebFetchTool } from '../../../src/core/tools/web_fetch.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { startPageServer, type PageServer } from '../../helpers/web-pages.js';
import { recordingAgent, tempHome } from '../sessions/session-fixtures.js';

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer({
    '/long.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(Array.from({ length: 3000 }, (_, i) => `entry ${String(i).padStart(4, '0')} ${'w'.repeat(40)}`).join('\n'));
    },
  });
});
afterAll(() => pages.close());

const tools = [createWebFetchTool({ hostNamedByRule: (h) => h === '127.0.0.1' }) as unknown as Tool<never>];

describe('a fetched page and the session', () => {
  it('a rewind fork carries the saved text, and reading on from an offset works there after the old session is gone', async () => {
    const dirs = tempHome();
    const url = pages.url('/long.txt');
    const { agent, recorder, paths } = recordingAgent([respond([toolUse('w1', 'web_fetch', { url })]), respond([text('Read.')]), respond([text('Second.')])], { ...dirs, tools });
    await collect(agent.run('fetch it'));
    await collect(agent.run('second prompt'));
    const oldId = recorder.id;
    const oldFile = recorder.filePath;
    const fork = recorder.fork(2);
    await agent.dispose();
    if (!fork || !('id' in fork)) throw new Error('no fork');
    await deleteSession({ file: oldFile, id: oldId });
    expect(() => statSync(paths.logsDir(oldId))).toThrow();

    const saved = readdirSync(path.join(paths.logsDir(fork.id), 'web'));
    expect(saved).toHaveLength(1);
    const opened = await openSession(paths.file(fork.id));
    const blocks = opened.restored.messages.flatMap((m): readonly { type: string; content?: unknown }[] => m.content);
    const result = blocks.find((b) => b.type === 'tool_result')!;
    const offset = Number(/offset=(\d+)/.exec(String(result.content))![1]);

    const hits = pages.hits('/long.txt');
    const next = recordingAgent([respond([toolUse('w2', 'web_fetch', { url, offset })]), respond([text('More.')])], { ...dirs, tools, id: fork.id });
    next.agent.resume!(opened.restored);
    await collect(next.agent.run('read on'));
    await next.agent.dispose();
    const sent = next.provider.requests[1]!.messages.at(-1)!.content[0] as { content: string };
    expect(sent.content).toContain(`[Characters ${offset}–`);
    expect(sent.content).toContain('entry 1');
    expect(pages.hits('/long.txt')).toBe(hits);
  });
});
