// Compaction and images, over the real SDK and the fake server: an unpinned image in the summarised
// part is dropped and named on a line of the summary message; a pinned result keeps its image; the
// summary request names the images instead of sending them; resume restores the pinned image.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DROPPED_IMAGES_HEADER, PINNED_HEADER, SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { pathsIn } from '../../../src/core/sessions/session-paths.js';
import { createRedactor } from '../../../src/core/redact.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';
import { tinyPng } from '../../helpers/tiny-images.js';

const fx = fakeAnthropicAndWorkspace();
type Block = { type: string; text?: string; source?: { data: string } };
type Body = { messages: { role: string; content: Block[] }[] };

describe('compaction with images', () => {
  it('drops the unpinned image (a line names it), keeps the pinned one, and resume keeps it too', async () => {
    const keep = tinyPng(30, 20);
    const lose = tinyPng(50, 10);
    await writeFile(path.join(fx.ws.root, 'keep.png'), keep);
    await writeFile(path.join(fx.ws.root, 'lose.png'), lose);
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
    const recorder = new SessionRecorder({
      paths: pathsIn(path.join(fx.ws.root, '..', 'sessions')),
      workspaceRoot: fx.ws.root,
      describe: () => ({ model: 'claude-test', provider: 'anthropic' }),
      inklingVersion: '0.0.0-test',
      redact: createRedactor([]),
    });
    const a = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), recorder });
    fx.server.enqueue(
      reply({ toolUses: [{ name: 'read_file', input: { path: 'keep.png' }, id: 'toolu_keep' }, { name: 'read_file', input: { path: 'lose.png' }, id: 'toolu_lose' }] }),
      reply({ text: 'Two images.' }),
    );
    await collect(a.run('look at both'));
    for (const p of ['two', 'three']) {
      fx.server.enqueue(reply({ text: `${p}.` }));
      await collect(a.run(p));
    }
    a.setContextEdit!('toolu_keep', 'pin');
    fx.server.enqueue(reply({ text: 'Summary.' }));
    await collect(a.compact!());
    fx.server.enqueue(reply({ text: 'Four.' }));
    await collect(a.run('four'));
    await a.dispose();

    const bodies = fx.server.requests.map((r) => r.body as Body);
    const summaryAsk = JSON.stringify(bodies[4]!.messages);
    expect(summaryAsk).not.toContain('"type":"image"');
    expect(summaryAsk).toContain('(with an image: lose.png, 50×10)');
    const first = bodies[5]!.messages[0]!.content;
    // The kept turns' first prompt follows in the same message (two user messages in a row merge).
    expect(first.map((b) => b.type)).toEqual(['text', 'text', 'text', 'image', 'text']);
    expect(first[4]!.text).toBe('two');
    expect(first[0]!.text).toBe(`${SUMMARY_HEADER}\nSummary.`);
    expect(first[1]!.text).toBe(`${DROPPED_IMAGES_HEADER} lose.png, 50×10]`);
    expect(first[2]!.text!.startsWith(`${PINNED_HEADER} read_file {"path":"keep.png"}]`)).toBe(true);
    expect(first[3]!.source!.data).toBe(keep.toString('base64'));
    expect(JSON.stringify(bodies[5]!.messages)).not.toContain(lose.toString('base64'));

    expect(readFileSync(recorder.filePath, 'utf8')).not.toContain(keep.toString('base64'));
    const opened = await openSession(recorder.filePath);
    expect(opened.restored.messages[0]!.content[3]).toMatchObject({ type: 'image', name: 'keep.png', data: keep.toString('base64') });
  });
});
