// read_file on a PNG, JPEG, GIF and WebP, over the real SDKs and the fake servers: the request
// after the call carries the image in each API's own shape, and the request after that replays it.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { createOpenAIProvider } from '../../../src/core/providers/openai.js';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { call, completion, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { collect } from '../../helpers/collect.js';
import { tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../../helpers/tiny-images.js';

const fx = fakeAnthropicAndWorkspace();

const FORMATS = [
  { file: 'shot.png', bytes: tinyPng(40, 30), mediaType: 'image/png' },
  { file: 'photo.jpg', bytes: tinyJpeg(64, 48), mediaType: 'image/jpeg' },
  { file: 'anim.gif', bytes: tinyGif(20, 10), mediaType: 'image/gif' },
  { file: 'pic.webp', bytes: tinyWebp(33, 17), mediaType: 'image/webp' },
];

type Block = { type: string; text?: string; tool_use_id?: string; content?: unknown; source?: unknown };
type Body = { messages: { role: string; content: Block[] }[] };

describe('read_file on an image, Anthropic', () => {
  for (const f of FORMATS) {
    it(`sends ${f.file} as an image inside the tool result, and replays it on the next turn`, async () => {
      await writeFile(path.join(fx.ws.root, f.file), f.bytes);
      const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 5 });
      const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session') });
      fx.server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: f.file }, id: 'toolu_img' }] }), reply({ text: 'A grey square.' }));
      await collect(agent.run('what is in the picture?'));
      fx.server.enqueue(reply({ text: 'Still grey.' }));
      await collect(agent.run('and now?'));

      const bodies = fx.server.requests.map((r) => r.body as Body);
      expect(bodies).toHaveLength(3);
      const result = bodies[1]!.messages[2]!.content[0]!;
      expect(result.type).toBe('tool_result');
      expect(result.tool_use_id).toBe('toolu_img');
      const content = result.content as Block[];
      expect(content[0]!.type).toBe('text');
      expect(content[0]!.text).toMatch(/^Image .*pixels/);
      expect(content[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: f.mediaType, data: f.bytes.toString('base64') } });
      expect(bodies[2]!.messages[2]).toEqual(bodies[1]!.messages[2]);
    });
  }
});

describe('read_file on an image, OpenAI-compatible', () => {
  for (const f of FORMATS) {
    it(`sends ${f.file} as an image part of a user message after the tool message, and replays it`, async () => {
      await writeFile(path.join(fx.ws.root, f.file), f.bytes);
      const fake = await startFakeOpenAI({ apiKey: 'sk-test-openai' });
      try {
        const quirks = (PRESETS.openai as OpenAIPreset).quirks;
        const provider = createOpenAIProvider({ apiKey: 'sk-test-openai', baseURL: fake.url, model: 'gpt-test', title: 'Fake', quirks, retryBaseDelayMs: 1 });
        const agent = createAgent({ provider, model: 'gpt-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session') });
        fake.enqueue(completion({ toolCalls: [call('read_file', { path: f.file }, 'call_img')] }), completion({ text: 'A grey square.' }));
        await collect(agent.run('what is in the picture?'));
        fake.enqueue(completion({ text: 'Still grey.' }));
        await collect(agent.run('and now?'));

        type Msg = { role: string; content: unknown; tool_call_id?: string };
        const sent = fake.completions().map((r) => (r.body as { messages: Msg[] }).messages.filter((m) => m.role !== 'system'));
        expect(sent).toHaveLength(3);
        const [, , tool, images] = sent[1]!;
        expect(tool).toMatchObject({ role: 'tool', tool_call_id: 'call_img' });
        expect(tool!.content).toMatch(/^Image .*pixels/);
        expect(images).toEqual({
          role: 'user',
          content: [
            { type: 'text', text: '[image from tool call call_img]' },
            { type: 'image_url', image_url: { url: `data:${f.mediaType};base64,${f.bytes.toString('base64')}` } },
          ],
        });
        expect(sent[2]!.slice(0, 4)).toEqual(sent[1]);
      } finally {
        await fake.close();
      }
    });
  }

  it('leaves SVG as text', async () => {
    await writeFile(path.join(fx.ws.root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>\n');
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 5 });
    const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session') });
    fx.server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'logo.svg' }, id: 'toolu_svg' }] }), reply({ text: 'An SVG.' }));
    await collect(agent.run('read the logo'));
    const result = (fx.server.requests[1]!.body as Body).messages[2]!.content[0]!;
    expect(typeof result.content).toBe('string');
    expect(result.content).toContain('<svg');
  });
});
