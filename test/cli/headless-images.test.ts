// `inkling -p` with images, the real bin against the fake Anthropic server: --image files and
// @name.png in the prompt go after the prompt's text, the session keeps them as files beside it,
// and a file that is not an image stops -p with a readable error before any request.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { tinyGif, tinyPng } from '../helpers/tiny-images.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-ant-test-images-4Kd9';
let fake: FakeAnthropic;
let workspace: string;
let home: string;
const env = () => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_HOME: home });

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic();
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-images-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-cli-images-home-'));
});
afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

type Block = { type: string; text?: string; source?: { type: string; media_type: string; data: string } };

describe('inkling -p with images', () => {
  it('sends --image files and @shot.png after the prompt text, and the session keeps them as files', async () => {
    await writeFile(join(workspace, 'shot.png'), tinyPng(12, 8));
    await writeFile(join(workspace, 'anim.gif'), tinyGif(5, 5));
    fake.enqueue(reply({ text: 'Two images.' }));
    const r = await runBin(['-p', 'compare @shot.png with the other', '--image', 'anim.gif'], { cwd: workspace, env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('Two images.');
    const content = (fake.requests[0]!.body as { messages: { content: Block[] }[] }).messages[0]!.content;
    expect(content.map((b) => b.type)).toEqual(['text', 'image', 'image']);
    expect(content[0]!.text).toBe('compare @shot.png with the other');
    expect(content[1]!.source).toEqual({ type: 'base64', media_type: 'image/gif', data: tinyGif(5, 5).toString('base64') });
    expect(content[2]!.source).toEqual({ type: 'base64', media_type: 'image/png', data: tinyPng(12, 8).toString('base64') });

    const sessionsDir = join(home, 'sessions');
    const [key] = await readdir(sessionsDir);
    const files = await readdir(join(sessionsDir, key!));
    const jsonl = files.find((f) => f.endsWith('.jsonl'))!;
    expect(await readFile(join(sessionsDir, key!, jsonl), 'utf8')).not.toContain(tinyPng(12, 8).toString('base64'));
    expect(await readdir(join(sessionsDir, key!, jsonl.replace(/\.jsonl$/, ''), 'images'))).toHaveLength(2);
  });

  it('stream-json names a read image without printing its bytes', async () => {
    await writeFile(join(workspace, 'shot.png'), tinyPng(12, 8));
    fake.enqueue(reply({ toolUses: [{ name: 'read_file', input: { path: 'shot.png' }, id: 'toolu_1' }] }), reply({ text: 'Grey.' }));
    const r = await runBin(['-p', 'look at shot.png', '--output-format', 'stream-json'], { cwd: workspace, env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(tinyPng(12, 8).toString('base64').slice(0, 40));
    const result = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; images?: unknown[] }).find((e) => e.type === 'tool_result');
    expect(result?.images).toEqual([{ type: 'image', mediaType: 'image/png', name: 'shot.png', width: 12, height: 8, bytes: tinyPng(12, 8).length }]);
  });

  it('stops with a readable error when an image is missing or is not an image, before any request', async () => {
    await writeFile(join(workspace, 'notes.png'), 'not really a png\n');
    // Three runs that share nothing but the files: side by side (each is a start of the bin).
    const [missing, wrong, alone] = await Promise.all([
      runBin(['-p', 'look at @gone.png'], { cwd: workspace, env: env() }),
      runBin(['-p', 'look', '--image', 'notes.png'], { cwd: workspace, env: env() }),
      runBin(['--image', 'notes.png'], { cwd: workspace, env: env() }),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('inkling: cannot read the image gone.png: no such file');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('notes.png is not a PNG, JPEG, GIF or WebP image');
    expect(alone.stderr).toContain('--image goes with -p');
    expect(fake.requests).toHaveLength(0);
  });
});
