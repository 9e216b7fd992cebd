// Prompt caching over the real SDK and the fake Messages API: where the breakpoints go in what the
// server receives, across a tool loop and several turns, and how the CLI decides it is on.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { promptCachingFor } from '../../../src/cli/session.js';
import { parseArgs } from '../../../src/cli/args.js';
import { resolveConfig } from '../../../src/cli/config.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { collect } from '../../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

type Block = { type: string; cache_control?: unknown; text?: string; tool_use_id?: string };
type Body = { system: unknown; tools?: { name: string; cache_control?: unknown }[]; messages: { role: string; content: Block[] }[] };

/** Every place a request carries cache_control, as paths: "tools[4]", "system[0]", "messages[2][1]". */
function breakpoints(body: Body): string[] {
  const at: string[] = [];
  body.tools?.forEach((t, i) => t.cache_control && at.push(`tools[${i}]`));
  if (Array.isArray(body.system)) (body.system as Block[]).forEach((b, i) => b.cache_control && at.push(`system[${i}]`));
  body.messages.forEach((m, i) => m.content.forEach((b, j) => b.cache_control && at.push(`messages[${i}][${j}]`)));
  return at;
}

function agent(promptCaching: boolean) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 5, promptCaching });
  return createAgent({ provider, model: 'claude-test', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(fx.ws.root, '..', 'session') });
}

describe('prompt caching breakpoints', () => {
  it('marks the last tool, the system prompt and the newest block of every request across three turns, never more than four', async () => {
    await writeFile(path.join(fx.ws.root, 'a.txt'), 'alpha\n');
    const a = agent(true);
    fx.server.enqueue(
      reply({ text: 'Reading.', toolUses: [{ name: 'read_file', input: { path: 'a.txt' }, id: 'toolu_a' }] }),
      reply({ text: 'It says alpha.' }),
    );
    await collect(a.run('read a.txt'));
    fx.server.enqueue(reply({ text: 'Second.' }));
    await collect(a.run('and again'));
    fx.server.enqueue(reply({ text: 'Third.' }));
    await collect(a.run('third turn'));

    const bodies = fx.server.requests.map((r) => r.body as Body);
    expect(bodies).toHaveLength(4);
    const lastTool = bodies[0]!.tools!.length - 1;
    expect(bodies.map(breakpoints)).toEqual([
      [`tools[${lastTool}]`, 'system[0]', 'messages[0][0]'],
      // The tool loop: the newest block is the read's result, so the next request finds it cached.
      [`tools[${lastTool}]`, 'system[0]', 'messages[2][0]'],
      [`tools[${lastTool}]`, 'system[0]', 'messages[4][0]'],
      [`tools[${lastTool}]`, 'system[0]', 'messages[6][0]'],
    ]);
    expect(bodies[1]!.messages[2]!.content[0]!.tool_use_id).toBe('toolu_a');
    expect(bodies[3]!.messages[6]!.content[0]!.text).toBe('third turn');
    for (const b of bodies) expect(breakpoints(b).length).toBeLessThanOrEqual(4);
    // The conversation itself is never marked: the breakpoint moves with the newest block.
    expect(JSON.stringify(a.messages)).not.toContain('cache_control');
  });

  it('sends the tools as registered apart from the breakpoint, and nothing marked when caching is off', async () => {
    fx.server.enqueue(reply({ text: 'ok' }));
    await collect(agent(false).run('hi'));
    fx.server.enqueue(reply({ text: 'ok' }));
    await collect(agent(true).run('hi'));
    const [off, on] = fx.server.requests.map((r) => r.body as Body);
    expect(breakpoints(off!)).toEqual([]);
    expect(typeof off!.system).toBe('string');
    const strip = (tools: Body['tools']) => tools!.map(({ cache_control: _c, ...t }) => t);
    expect(strip(on!.tools)).toEqual(off!.tools);
    expect(on!.tools!.map((t) => t.name)).toEqual(fileTools().map((t) => t.name));
  });

  it('counts cache reads and writes in the usage events', async () => {
    fx.server.enqueue(reply({ text: 'ok', usage: { input_tokens: 10, output_tokens: 4, cache_read_input_tokens: 900, cache_creation_input_tokens: 120 } }));
    const events = await collect(agent(true).run('hi'));
    const usage = events.find((e) => e.type === 'usage');
    expect(usage).toMatchObject({ usage: { inputTokens: 10, outputTokens: 4, cacheReadTokens: 900, cacheWriteTokens: 120 }, session: { cacheReadTokens: 900, cacheWriteTokens: 120 } });
  });
});

describe('whether prompt caching is on', () => {
  it('auto is on for the Anthropic API only; true and false are what they say', () => {
    expect(promptCachingFor('auto', undefined)).toBe(true);
    expect(promptCachingFor('auto', 'https://api.anthropic.com')).toBe(true);
    expect(promptCachingFor('auto', 'http://127.0.0.1:8080/anthropic')).toBe(false);
    expect(promptCachingFor(true, 'http://127.0.0.1:8080')).toBe(true);
    expect(promptCachingFor(false, undefined)).toBe(false);
  });

  it('INKLING_PROMPT_CACHING=1|0 overrides the setting, and nonsense is refused by name', async () => {
    const home = path.join(fx.ws.root, '..', 'home');
    const resolve = (env: Record<string, string>) => resolveConfig(parseArgs([]), { INKLING_HOME: home, ANTHROPIC_API_KEY: 'sk-env-key-123', ...env }, fx.ws.root);
    expect((await resolve({})).settings.promptCaching).toBe('auto');
    expect((await resolve({ INKLING_PROMPT_CACHING: '1' })).settings.promptCaching).toBe(true);
    expect((await resolve({ INKLING_PROMPT_CACHING: '0' })).settings.promptCaching).toBe(false);
    await expect(resolve({ INKLING_PROMPT_CACHING: 'maybe' })).rejects.toThrow(/INKLING_PROMPT_CACHING/);
  });
});
