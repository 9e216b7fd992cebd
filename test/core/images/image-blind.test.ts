// A model that cannot see images: a 400 naming image content marks it blind for the session and the
// same request goes again with each image a line naming it; a model the catalog knows as blind
// (after /model too) gets the lines from the start.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';
import { tinyPng } from '../../helpers/tiny-images.js';

const fx = fakeAnthropicAndWorkspace();
type Block = { type: string; text?: string; content?: unknown };
type Body = { messages: { role: string; content: Block[] }[] };
const PLACEHOLDER = '[image: shot.png, 40×30 — this model cannot see images]';

function agent(model: string) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model, retryBaseDelayMs: 5 });
  return createAgent({ provider, model, workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session') });
}

describe('an image-blind model', () => {
  it('is found by the 400 that names image content, and the request goes again with placeholders, for the rest of the session', async () => {
    await writeFile(path.join(fx.ws.root, 'shot.png'), tinyPng(40, 30));
    const a = agent('some-local-model');
    fx.server.enqueue(
      reply({ toolUses: [{ name: 'read_file', input: { path: 'shot.png' }, id: 'toolu_1' }] }),
      { kind: 'error', status: 400, type: 'invalid_request_error', message: 'messages.2.content.0.content.1: image input is not supported by this model' },
      reply({ text: 'I cannot see it, but it is a 40×30 PNG.' }),
    );
    const events = await collect(a.run('what is in shot.png?'));
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(events.find((e) => e.type === 'turn_end')).toMatchObject({ reason: 'end_turn' });
    fx.server.enqueue(reply({ text: 'Still blind.' }));
    await collect(a.run('and now?'));

    const bodies = fx.server.requests.map((r) => r.body as Body);
    expect(bodies).toHaveLength(4);
    const imageOf = (b: Body) => JSON.stringify(b.messages[2]!.content[0]!.content);
    expect(imageOf(bodies[1]!)).toContain('"type":"image"');
    for (const b of [bodies[2]!, bodies[3]!]) {
      const result = b.messages[2]!.content[0]!;
      expect(typeof result.content).toBe('string');
      expect(result.content).toMatch(/^Image shot\.png: PNG, 40×30 pixels/);
      expect(result.content).toContain(PLACEHOLDER);
    }
    // The conversation keeps the image: a model that sees images would get it again.
    expect(a.messages[2]!.content[0]).toMatchObject({ images: [{ name: 'shot.png' }] });
  });

  it('a model the catalog knows as blind gets placeholders without being tried', async () => {
    await writeFile(path.join(fx.ws.root, 'shot.png'), tinyPng(40, 30));
    const a = agent('claude-test');
    fx.server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'shot.png' }, id: 'toolu_1' }] }), reply({ text: 'Seen.' }));
    await collect(a.run('look'));
    a.useModel({ model: 'deepseek-chat' });
    fx.server.enqueue(reply({ text: 'Blind.' }));
    await collect(a.run('and you?'));
    const bodies = fx.server.requests.map((r) => r.body as Body);
    expect(JSON.stringify(bodies[1]!.messages[2])).toContain('"type":"image"');
    expect(bodies[2]!.messages[2]!.content[0]!.content).toContain(PLACEHOLDER);
  });
});
