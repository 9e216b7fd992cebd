// What the idle warm-up and a first turn load that they do not need, in the built app in tmux
// against the fake server: the app's trace (INKLING_TRACE_EVENTS) says what loaded by the warm-up's
// end and by each run's end. Neither a one-sentence answer nor the warm-up loads what only other
// features use: marked (a plain answer needs no lexer), the highlighter, the job view, the setup
// lists, image downscaling, web_fetch's page converters; nor node's fetch (the provider uses node's http).
import { afterEach, describe, expect, it } from 'vitest';
import { startTracedApp, type TracedApp } from './tmux-app.js';

const NOT_LOADED = [
  /^marked$/,
  /dist\/bundle\/highlight\.cjs$/,
  /node_modules\/(marked|cli-highlight|highlight\.js)\//,
  /^components\/JobsView$/,
  /^src\/store\/job-actions$/,
  /^components\/SetupListView$/,
  /^src\/store\/setup-list-picker$/,
  /node_modules\/@napi-rs\//,
  /node_modules\/(linkedom|htmlparser2|turndown|@mozilla\/readability)\//,
  // node's fetch (and what it loads with it, http2, worker_threads): the Anthropic provider sends with node's http.
  /^internal\/deps\/undici\/undici$/,
  /^http2$/,
];

let traced: TracedApp | undefined;
afterEach(() => {
  traced?.app.kill();
  traced?.server.proc.kill('SIGTERM');
});

async function start(): Promise<TracedApp> {
  traced = await startTracedApp([{ text: 'The answer is one plain sentence.' }], { name: 'turn-loads' });
  return traced;
}

/** What loaded after the first frame until the trace's "loaded by <what>: …" line (that one included). */
function loadedBy(lines: string[], what: string): string[] {
  const from = lines.findIndex((l) => l.startsWith('loaded by the first frame: '));
  const to = lines.findIndex((l) => l.startsWith(`loaded by ${what}: `));
  expect(from, 'the first frame\'s line').toBeGreaterThanOrEqual(0);
  expect(to, `the trace's "loaded by ${what}" line`).toBeGreaterThan(from);
  return lines
    .slice(from + 1, to + 1)
    .filter((l) => l.startsWith('loaded by '))
    .flatMap((l) => l.slice(l.indexOf(': ') + 2).split(' ').filter(Boolean));
}

async function waitForLine(trace: () => string[], prefix: string): Promise<void> {
  await traced!.app.waitFor(() => trace().some((l) => l.startsWith(prefix)), prefix, 30_000);
}

function loadsNoneOf(names: string[], what: string): void {
  for (const name of names) for (const pattern of NOT_LOADED) expect(name, what).not.toMatch(pattern);
}

describe('what loads after the first frame', () => {
  it('a one-sentence answer typed at once loads none of what only other features use', async () => {
    const { app: tui, trace } = await start();
    tui.type('hi');
    tui.keys('Enter');
    await tui.waitFor((s) => s.includes('one plain sentence.') && s.includes('● idle'), 'the answer', 30_000);
    await waitForLine(trace, "loaded by the turn's end: ");
    const turn = loadedBy(trace(), "the turn's end");
    // The list is read: the turn loaded the SDK it asked the model with (the bundle's own copy, scripts/bundle-cli.ts SIDE_MODULES).
    expect(turn.some((f) => f.endsWith('dist/bundle/anthropic-sdk.cjs'))).toBe(true);
    loadsNoneOf(turn, 'the first turn');
  }, 90_000);

  it('the idle warm-up loads none of it either', async () => {
    const { trace } = await start();
    await waitForLine(trace, 'loaded by the warm-up: ');
    const warm = loadedBy(trace(), 'the warm-up');
    // It loaded what the first command needs.
    expect(warm.some((f) => f.includes('node_modules/node-pty/'))).toBe(true);
    // And what the first request needs: node's http (the provider's http-fetch.ts, not node's fetch).
    expect(warm).toContain('http');
    loadsNoneOf(warm, 'the warm-up');
  }, 90_000);
});
