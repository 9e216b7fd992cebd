// An MCP resource that is an image reaches the model as an image, through the real bin and a real
// MCP server (the fault server's pic://shot.png): attached by an @server:uri mention after the
// prompt's text, and as part of mcp_read_resource's result. An image type no provider takes stays
// a line of text.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { formatResourceContents } from '../../src/core/mcp/resource-content.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { faultServerScript } from '../helpers/mcp-servers.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-mcpimages-4Rt8Yp';
let fake: FakeAnthropic;
let ws: string;
let home: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  ws = await mkdtemp(join(tmpdir(), 'inkling-mcp-img-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-mcp-img-home-'));
  await writeFile(join(home, 'settings.json'), JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [faultServerScript()], env: { FAULT_RESOURCES: '1' } } } }));
});
afterEach(async () => {
  await fake.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const inkling = (args: string[]) => runBin(args, { cwd: ws, env: { INKLING_HOME: home, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
type Block = { type: string; text?: string; source?: { type: string; media_type: string; data: string }; content?: Block[] | string };
const messages = (i: number) => (fake.requests[i]!.body as { messages: { role: string; content: string | Block[] }[] }).messages;

it('an @server:uri mention of an image resource sends the image after the prompt', async () => {
  fake.enqueue(reply({ text: 'a tiny picture' }));
  const r = await inkling(['-p', 'what is in @faulty:pic://shot.png ?']);
  expect(r.code).toBe(0);
  const first = messages(0)[0]!.content as Block[];
  const image = first.find((b) => b.type === 'image');
  expect(image?.source).toMatchObject({ type: 'base64', media_type: 'image/png' });
  expect(Buffer.from(image!.source!.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  const text = first.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
  expect(text).toContain('[image pic://shot.png, 3×2, image/png]');
  expect(text).not.toContain(image!.source!.data);
}, 60_000);

it("mcp_read_resource's result carries the image to the next request", async () => {
  fake.enqueue(reply({ toolUses: [{ id: 'toolu_1', name: 'mcp_read_resource', input: { server: 'faulty', uri: 'pic://shot.png' } }] }), reply({ text: 'seen' }));
  const r = await inkling(['-p', 'read the shot']);
  expect(r.code).toBe(0);
  const results = (messages(1).at(-1)!.content as Block[]).filter((b) => b.type === 'tool_result');
  const parts = results[0]!.content as Block[];
  expect(parts.some((b) => b.type === 'image' && b.source?.media_type === 'image/png')).toBe(true);
  expect(parts.find((b) => b.type === 'text')?.text).toContain('[image pic://shot.png, 3×2, image/png]');
}, 60_000);

it('an image type no provider takes stays a line of text', () => {
  const bmp = Buffer.from('424d000000000000000000000000', 'hex').toString('base64');
  const formatted = formatResourceContents([{ uri: 'pic://old.bmp', mimeType: 'image/bmp', blob: bmp }]);
  expect(formatted.images).toEqual([]);
  expect(formatted.text).toMatch(/^\[(binary resource|image) pic:\/\/old\.bmp/);
});
