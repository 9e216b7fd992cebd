// The images-only pass before a summary, over the real SDK and the fake server: with the context
// nearly full, the unpinned images of earlier turns become lines naming them and no summary is
// asked for when that is enough; a pinned result keeps its image; a summary still follows when it
// is not enough; resume rebuilds the same conversation from the session's records.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { SessionRecorder } from '../../../src/core/sessions/recorder.js';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { pathsIn } from '../../../src/core/sessions/session-paths.js';
import { createRedactor } from '../../../src/core/redact.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import type { AgentEvent } from '../../../src/core/events.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';
import { tinyPng } from '../../helpers/tiny-images.js';

const fx = fakeAnthropicAndWorkspace();
type Block = { type: string; text?: string; content?: Block[] | string; source?: { data: string } };
type Body = { messages: { role: string; content: Block[] }[] };
const SLOW = { timeout: 30_000 };

// 1500×1500 is 3,000 visual tokens; the window is 10,000, so three of them pass 85 % and one does not.
const WINDOW = 10_000;

function setUp() {
  const recorder = new SessionRecorder({
    paths: pathsIn(path.join(fx.ws.root, '..', 'sessions')),
    workspaceRoot: fx.ws.root,
    describe: () => ({ model: 'claude-test', provider: 'anthropic' }),
    inklingVersion: '0.0.0-test',
    redact: createRedactor([]),
  });
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 1, maxRetries: 0 });
  const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), recorder, systemPrompt: 'You help.', contextWindow: WINDOW });
  return { agent, recorder, provider };
}

async function writeImages(...names: string[]) {
  for (const name of names) await writeFile(path.join(fx.ws.root, name), tinyPng(1500, 1500));
}

// Usage of 0 input tokens leaves the estimate uncalibrated: the images' visual tokens decide.
const UNCALIBRATED = { input_tokens: 0, output_tokens: 5 };
const answer = (text: string) => reply({ text, usage: UNCALIBRATED });
const read = (...names: string[]) => reply({ toolUses: names.map((name) => ({ name: 'read_file', input: { path: name }, id: `toolu_${name.replace('.png', '')}` })), usage: UNCALIBRATED });
const bodies = () => fx.server.requests.map((r) => r.body as Body);
const imageNames = (body: Body) => JSON.stringify(body.messages).match(/"type":"image"/g)?.length ?? 0;

describe('the images-only pass before a summary', () => {
  it('drops the earlier turns\' unpinned images instead of summarising, keeps a pinned one, and resume matches', SLOW, async () => {
    await writeImages('a.png', 'b.png', 'c.png');
    const { agent, recorder } = setUp();
    fx.server.enqueue(read('a.png', 'b.png'), answer('Two squares.'));
    await collect(agent.run('look at a and b'));
    agent.setContextEdit!('toolu_b', 'pin');
    fx.server.enqueue(read('c.png'), answer('A third.'));
    const events: AgentEvent[] = await collect(agent.run('and c'));

    expect(fx.server.requests).toHaveLength(4); // no summary request
    expect(events).toContainEqual(expect.objectContaining({ type: 'images_dropped', images: [{ name: 'a.png', width: 1500, height: 1500 }] }));
    const last = bodies()[3]!;
    expect(imageNames(last)).toBe(2); // b.png (pinned) and c.png
    const firstResults = last.messages[2]!.content;
    // Without images a tool result's content goes as a string.
    expect(firstResults[0]!.content).toMatch(/\n\[image dropped to save context: a\.png, 1500×1500 — read the file again to see it\]$/);
    expect((firstResults[1]!.content as Block[]).map((b) => b.type)).toEqual(['text', 'image']);
    await agent.dispose();

    // A resumed session sends what the live one would have sent.
    const opened = await openSession(recorder.filePath);
    const again = setUp();
    again.agent.resume(opened.restored);
    fx.server.enqueue(answer('Still three.'));
    await collect(again.agent.run('once more'));
    const resumed = bodies()[4]!;
    expect(resumed.messages.slice(0, last.messages.length - 1)).toEqual(last.messages.slice(0, -1));
    expect(imageNames(resumed)).toBe(2);
    await again.agent.dispose();
  });

  it('summarises after dropping the images when that is not enough', SLOW, async () => {
    await writeImages('a.png', 'b.png', 'c.png', 'd.png');
    const { agent } = setUp();
    fx.server.enqueue(read('a.png'), answer('One.'));
    await collect(agent.run('look at a'));
    // The current exchange alone passes 85 %: dropping a.png does not make room, so a summary follows.
    fx.server.enqueue(read('b.png', 'c.png', 'd.png'), answer('Summary.'), answer('Three more.'));
    const events: AgentEvent[] = await collect(agent.run('and the rest'));
    expect(events.map((e) => e.type).filter((t) => t === 'images_dropped' || t === 'compaction')).toEqual(['images_dropped', 'compaction']);
    const summaryAsk = JSON.stringify(bodies()[3]!.messages);
    expect(summaryAsk).toContain('[image dropped to save context: a.png, 1500×1500');
    expect(bodies()[4]!.messages[0]!.content[0]!.text).toMatch(new RegExp(`^${SUMMARY_HEADER.replace(/[[\]]/g, '\\$&')}`));
    await agent.dispose();
  });
});
