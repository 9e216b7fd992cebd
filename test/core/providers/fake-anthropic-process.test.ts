// The fake Messages API as a separate process, the way e2e tests run it next to the real bin.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { ProviderError, type ProviderEvent, type ProviderRequest } from '../../../src/core/providers/provider.js';
import { startFakeAnthropic } from '../../helpers/fake-anthropic.js';

const request: ProviderRequest = {
  model: 'claude-test',
  system: 'sys',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 100,
};

const serverFile = fileURLToPath(new URL('../../helpers/fake-anthropic.ts', import.meta.url));
let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  child = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function startProcess(script: unknown, extraArgs: string[] = []): Promise<{ url: string; recordFile: string }> {
  dir = mkdtempSync(join(tmpdir(), 'inkling-fake-anthropic-'));
  const scriptFile = join(dir, 'script.json');
  const recordFile = join(dir, 'requests.jsonl');
  writeFileSync(scriptFile, JSON.stringify(script));
  child = spawn(process.execPath, ['--import', 'tsx', serverFile, '--script', scriptFile, '--record', recordFile, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child!.once('exit', (code) => reject(new Error(`fake server exited with ${code}: ${stderr}`)));
  });
  return { url, recordFile };
}

async function texts(url: string, times: number, apiKey = 'sk-process-test'): Promise<string[]> {
  const p = createAnthropicProvider({ apiKey, baseURL: url, maxRetries: 0 });
  const out: string[] = [];
  for (let i = 0; i < times; i++) {
    const events: ProviderEvent[] = [];
    for await (const ev of p.stream(request, new AbortController().signal)) events.push(ev);
    const end = events.at(-1);
    if (end?.type !== 'message_end') throw new Error('no message_end');
    out.push(end.message.content.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_use' ? `tool:${b.name}` : b.type)).join('|'));
  }
  return out;
}

describe('fake Anthropic server as a process', () => {
  it('prints its URL first, serves the script in order, repeats the last, and records requests', async () => {
    const { url, recordFile } = await startProcess({
      responses: [
        { text: ['first ', 'answer'] },
        { kind: 'message', content: [{ type: 'thinking', thinking: 'hm', signature: 's' }, { type: 'tool_use', name: 'read', input: { path: 'a' } }] },
        { text: 'again', chunkDelayMs: 1 },
        { kind: 'repeat' },
      ],
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await texts(url, 5)).toEqual(['first answer', 'thinking|tool:read', 'again', 'again', 'again']);
    const recorded = readFileSync(recordFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { path: string; body: { system: string } });
    expect(recorded).toHaveLength(5);
    expect(recorded[0]!.path).toBe('/v1/messages');
    expect(recorded[0]!.body.system).toBe('sys');
    expect(readFileSync(recordFile, 'utf8')).not.toContain('sk-process-test');
  });

  it('serves under a path prefix and checks the key when told to', async () => {
    const { url } = await startProcess([{ text: 'ok' }], ['--prefix', '/compat', '--api-key', 'sk-right']);
    expect(url).toMatch(/\/compat$/);
    await expect(texts(url, 1, 'sk-wrong')).rejects.toMatchObject({ status: 401 });
    expect(await texts(url, 1, 'sk-right')).toEqual(['ok']);
  });
});

describe('fake Anthropic server in-process', () => {
  it('answers a clear 400 once the script has run out', async () => {
    const fake = await startFakeAnthropic();
    try {
      let error: unknown;
      try {
        await texts(fake.url, 1);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).message).toBe('Anthropic API error 400: fake-anthropic: no scripted response left for this request');
    } finally {
      await fake.close();
    }
  });
});
