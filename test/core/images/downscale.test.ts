// Downscaling with the real @napi-rs/image: the long edge fits the limit with the aspect ratio
// kept, a file past the byte limit becomes a JPEG under it, an undecodable one is left out with a
// line, and read_file and a prompt's images reach the fake server already fitted.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fitImages, imageLimits } from '../../../src/core/images/downscale.js';
import { imageBlockFromBytes } from '../../../src/core/images/image-blocks.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';
import { noisyPng, tinyJpeg, tinyPng } from '../../helpers/tiny-images.js';

const SLOW = { timeout: 30_000 };

function block(name: string, bytes: Buffer) {
  const image = imageBlockFromBytes(name, bytes);
  if (!image) throw new Error('not an image');
  return image;
}

describe('fitImages', () => {
  it('leaves an image within the limits as it is', async () => {
    const image = block('small.png', tinyPng(800, 600));
    const fitted = await fitImages([image], imageLimits('claude-sonnet-4-6'));
    expect(fitted).toEqual({ images: [image], notes: [] });
  });

  it('downscales a wide PNG to the long edge, keeping the aspect ratio, and says so', SLOW, async () => {
    const fitted = await fitImages([block('wide.png', tinyPng(3200, 1200))], imageLimits('claude-sonnet-4-6'));
    const [image] = fitted.images;
    expect(image).toMatchObject({ name: 'wide.png', mediaType: 'image/png', width: 1568, height: 588 });
    // What the block says is what its bytes are.
    expect(imageBlockFromBytes('x', Buffer.from(image!.data, 'base64'))).toMatchObject({ width: 1568, height: 588, bytes: image!.bytes });
    expect(fitted.notes).toEqual([expect.stringMatching(/^wide\.png is sent downscaled: 3200×1200, .* → 1568×588, /)]);
  });

  it('fits a tall image by its height, to the limit a setting gives', SLOW, async () => {
    const fitted = await fitImages([block('tall.png', tinyPng(300, 1000))], imageLimits('claude-sonnet-4-6', 500));
    expect(fitted.images[0]).toMatchObject({ width: 150, height: 500 });
  });

  it("takes a GPT model's longer edge from the catalog", () => {
    expect(imageLimits('gpt-5').maxLongEdge).toBe(2048);
    expect(imageLimits('some-unknown-model').maxLongEdge).toBe(1568);
    expect(imageLimits('gpt-5', 900).maxLongEdge).toBe(900);
  });

  it('re-encodes an image past the byte limit as a JPEG under it', SLOW, async () => {
    const image = block('noise.png', noisyPng(400, 300));
    expect(image.bytes).toBeGreaterThan(300_000);
    const fitted = await fitImages([image], { maxLongEdge: 1568, maxBytes: 150_000 });
    expect(fitted.images[0]).toMatchObject({ name: 'noise.png', mediaType: 'image/jpeg', width: 400, height: 300 });
    expect(fitted.images[0]!.bytes).toBeLessThanOrEqual(150_000);
  });

  it('leaves out an oversized image it cannot decode, with a line saying so', async () => {
    // A JPEG header with no picture data behind it.
    const fitted = await fitImages([block('broken.jpg', tinyJpeg(4000, 3000)), block('ok.png', tinyPng(10, 10))], imageLimits('claude-sonnet-4-6'));
    expect(fitted.images.map((i) => i.name)).toEqual(['ok.png']);
    expect(fitted.notes).toEqual([expect.stringMatching(/^broken\.jpg, 4000×3000, .*, is over the model's image limits and could not be made smaller .*: it was not sent\.$/)]);
  });
});

const fx = fakeAnthropicAndWorkspace();
type Block = { type: string; text?: string; content?: Block[]; source?: { data: string } };
type Body = { messages: { role: string; content: Block[] }[] };

function sentSize(source: { data: string } | undefined) {
  return imageBlockFromBytes('sent', Buffer.from(source!.data, 'base64'));
}

describe('the agent sends images fitted', () => {
  const agentFor = (imageMaxLongEdge?: number) =>
    createAgent({
      provider: createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 5 }),
      model: 'claude-test',
      workspaceRoot: fx.ws.root,
      maxTokens: 2000,
      tools: fileTools(),
      sessionDir: path.join(fx.ws.root, '..', 'session'),
      ...(imageMaxLongEdge ? { imageMaxLongEdge } : {}),
    });

  it("read_file's image arrives downscaled, and the result's text says from what", SLOW, async () => {
    await writeFile(path.join(fx.ws.root, 'big.png'), tinyPng(4000, 1000));
    fx.server.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'big.png' }, id: 'toolu_big' }] }), reply({ text: 'Wide.' }));
    await collect(agentFor().run('look'));
    const result = (fx.server.requests[1]!.body as Body).messages[2]!.content[0]!;
    const [text, image] = result.content!;
    expect(text!.text).toMatch(/^Image big\.png: PNG, 4000×1000 pixels.*\nbig\.png is sent downscaled: 4000×1000, .* → 1568×392, /);
    expect(sentSize(image!.source)).toMatchObject({ width: 1568, height: 392 });
  });

  it("a prompt's image arrives downscaled to the images.maxLongEdge setting, with a notice", SLOW, async () => {
    fx.server.enqueue(reply({ text: 'Tall.' }));
    const events = await collect(agentFor(400).run('this one', { images: [block('tall.png', tinyPng(600, 1200))] }));
    const prompt = (fx.server.requests[0]!.body as Body).messages[0]!.content;
    expect(sentSize(prompt.find((b) => b.type === 'image')!.source)).toMatchObject({ width: 200, height: 400 });
    expect(events).toContainEqual({ type: 'notice', message: expect.stringMatching(/^tall\.png is sent downscaled: 600×1200, .* → 200×400, /) });
    // The prompt's card hears what was attached, never the bytes.
    expect(events[0]).toEqual({ type: 'turn_start', prompt: 'this one', images: [{ name: 'tall.png', width: 600, height: 1200, bytes: expect.any(Number) }] });
  });
});
