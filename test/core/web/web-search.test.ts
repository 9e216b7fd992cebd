// Anthropic's server-side web search against the fake Messages API over real SSE: the request
// declares the tool as Anthropic documents it, the streamed server_tool_use and
// web_search_tool_result blocks become a card and stay in the conversation, pause_turn goes on, the
// next request replays them as they came (encrypted content included), the search is priced, and
// an OpenAI-compatible model gets them as text.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { estimateCost } from '../../../src/core/providers/models.js';
import { toOpenAIMessages } from '../../../src/core/providers/openai-history.js';
import type { Message } from '../../../src/core/conversation.js';
import { collect } from '../../helpers/collect.js';
import { parseRules } from '../../../src/core/permissions/gate.js';
import { blockedSearchDomains } from '../../../src/core/web/search-blocks.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import type { FakeMessage } from '../../helpers/fake-anthropic.js';

const fx = fakeAnthropicAndWorkspace();

const RESULTS = [
  { type: 'web_search_result', url: 'https://nodejs.org/en/blog/release/v20.19.0', title: 'Node.js 20.19.0 (LTS)', encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5', page_age: 'March 13, 2025' },
  { type: 'web_search_result', url: 'https://github.com/nodejs/node/releases', title: 'Releases · nodejs/node', encrypted_content: 'Ev0DCioIARgBIiQ0YzQ5ZmQ2OS0zNjY4' },
];
const CITATION = { type: 'web_search_result_location', url: RESULTS[0]!.url, title: RESULTS[0]!.title, encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0', cited_text: 'require(esm) is now enabled by default' };

function searching(stopReason: string): FakeMessage {
  return {
    kind: 'message',
    content: [
      { type: 'text', text: 'Let me look that up.' },
      { type: 'server_tool_use', id: 'srvtoolu_01WYG3', name: 'web_search', input: { query: 'node 20.19 require esm' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01WYG3', content: RESULTS },
      { type: 'text', text: 'Node 20.19 loads ES modules with require().', citations: [CITATION] },
    ],
    stopReason,
    usage: { server_tool_use: { web_search_requests: 1 } },
  };
}

function makeAgent(webSearch = true) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-sonnet-4-6', retryBaseDelayMs: 5, ...(webSearch ? { webSearch: {} } : {}) });
  return createAgent({ provider, model: 'claude-sonnet-4-6', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [], sessionDir: path.join(fx.ws.root, '..', 'session') });
}

type Body = { tools?: unknown[]; messages: Message[] };
const body = (i: number) => fx.server.requests[i]!.body as Body;

describe('web search through Anthropic', () => {
  it('declares the server tool, shows the search as a card, goes on after pause_turn and replays the blocks as they came', async () => {
    fx.server.enqueue(searching('pause_turn'), { kind: 'message', content: [{ type: 'text', text: 'It is on by default since 20.19.' }] });
    const events = await collect(makeAgent().run('does node 20 require esm?'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });

    expect(body(0).tools).toEqual([{ type: 'web_search_20250305', name: 'web_search' }]);

    const card = events.filter((e) => 'id' in e && e.id === 'srvtoolu_01WYG3');
    expect(card.map((e) => e.type)).toEqual(['tool_call', 'tool_status', 'tool_output', 'tool_status']);
    expect(card[0]).toEqual({ type: 'tool_call', id: 'srvtoolu_01WYG3', name: 'web_search', input: { query: 'node 20.19 require esm' }, readOnly: true });
    expect(card[2]).toMatchObject({
      type: 'tool_output',
      details: { kind: 'web-search', query: 'node 20.19 require esm', results: [{ title: 'Node.js 20.19.0 (LTS)', url: RESULTS[0]!.url, pageAge: 'March 13, 2025' }, { title: 'Releases · nodejs/node', url: RESULTS[1]!.url }] },
    });
    expect(card[3]).toEqual({ type: 'tool_status', id: 'srvtoolu_01WYG3', status: 'done' });
    expect(events.some((e) => e.type === 'tool_result')).toBe(false);

    // pause_turn: the same conversation goes again, the paused answer in it with its blocks whole.
    expect(fx.server.requests).toHaveLength(2);
    const replayed = body(1).messages.at(-1)!;
    expect(replayed).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me look that up.' },
        { type: 'server_tool_use', id: 'srvtoolu_01WYG3', name: 'web_search', input: { query: 'node 20.19 require esm' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01WYG3', content: RESULTS },
        { type: 'text', text: 'Node 20.19 loads ES modules with require().' },
      ],
    });
  });

  it('keeps the blocks in the conversation for the next prompt and prices each search', async () => {
    fx.server.enqueue(searching('end_turn'), { kind: 'message', content: [{ type: 'text', text: 'Yes.' }] });
    const agent = makeAgent();
    const first = await collect(agent.run('search it'));
    const usage = first.find((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage')!;
    expect(usage.usage.webSearches).toBe(1);
    const noSearch = { ...usage.usage, webSearches: 0 };
    expect(estimateCost('claude-sonnet-4-6', usage.usage)! - estimateCost('claude-sonnet-4-6', noSearch)!).toBeCloseTo(0.01, 10);

    await collect(agent.run('and then?'));
    const sent = body(1).messages;
    expect(sent[1]!.content.map((b) => b.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text']);
    expect(JSON.stringify(sent[1])).toContain('EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5');
  });

  it('shows a failed search as an error card', async () => {
    fx.server.enqueue({
      kind: 'message',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_2', name: 'web_search', input: { query: 'x' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_2', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
        { type: 'text', text: 'I could not search.' },
      ],
    });
    const events = await collect(makeAgent().run('search'));
    expect(events.find((e) => e.type === 'tool_output')).toMatchObject({ details: { kind: 'web-search', query: 'x', results: [], error: 'max_uses_exceeded' } });
    expect(events.filter((e) => e.type === 'tool_status').at(-1)).toEqual({ type: 'tool_status', id: 'srvtoolu_2', status: 'error' });
  });

  it('blocks for the search the domains web_fetch deny rules name', async () => {
    const deny = parseRules(['web_fetch(domain:*.tracker.example)', 'web_fetch(domain:ads.example)', 'bash(curl:*)', 'web_fetch'], 'test').rules;
    const blocked = blockedSearchDomains(deny);
    expect(blocked).toEqual(['tracker.example', 'ads.example']);
    fx.server.enqueue({ kind: 'message', content: [{ type: 'text', text: 'ok' }] });
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-sonnet-4-6', webSearch: { blockedDomains: blocked } });
    await collect(createAgent({ provider, model: 'claude-sonnet-4-6', workspaceRoot: fx.ws.root, maxTokens: 2000, tools: [] }).run('hi'));
    expect(body(0).tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', blocked_domains: ['tracker.example', 'ads.example'] }]);
  });

  it('declares nothing when search is off', async () => {
    fx.server.enqueue({ kind: 'message', content: [{ type: 'text', text: 'ok' }] });
    await collect(makeAgent(false).run('hi'));
    expect(body(0).tools).toBeUndefined();
  });

  it('gives an OpenAI-compatible model the blocks as text', async () => {
    fx.server.enqueue(searching('end_turn'), { kind: 'message', content: [{ type: 'text', text: 'ok' }] });
    const agent = makeAgent();
    await collect(agent.run('search it'));
    await collect(agent.run('next'));
    const asOpenAI = toOpenAIMessages('', body(1).messages, 'drop');
    expect(asOpenAI[1]).toEqual({
      role: 'assistant',
      content:
        'Let me look that up.\n[web search: node 20.19 require esm]\n\n[web search results:\n1. Node.js 20.19.0 (LTS) — https://nodejs.org/en/blog/release/v20.19.0\n2. Releases · nodejs/node — https://github.com/nodejs/node/releases]\nNode 20.19 loads ES modules with require().',
    });
  });
});
