// The context window in a real terminal (tmux) against the fake Anthropic server: a session near a
// small window (contextWindow 20000), /context, a large read dropped from history mode and the next
// request smaller by it (the server's record of requests), then /compact and its boundary.
// Every test's waits add up to less than its own timeout, so a wait that does not end prints
// the screen instead of the test runner's bare timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

/** A turn against the fake server (~0.1 s, under 2 s for the first on a loaded machine); a screen change after a key. */
const TURN = 15_000;
const SCREEN = 5_000;

const BIG = Array.from({ length: 600 }, (_, i) => `export const line${i} = "some content on line ${i} of the big source file";`).join('\n');
const script = [
  { text: 'Reading big.ts.', toolUses: [{ name: 'read_file', input: { path: 'big.ts' } }], usage: { input_tokens: 3000, output_tokens: 20 } },
  { text: 'It defines 600 constants.', usage: { input_tokens: 15500, output_tokens: 10 } },
  { text: 'Second answer.', usage: { input_tokens: 15600, output_tokens: 10 } },
  { text: 'Answer after the drop.', usage: { input_tokens: 4000, output_tokens: 10 } },
  { text: 'Task: read big.ts. Files: big.ts.', usage: { input_tokens: 2000, output_tokens: 40 } },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let record: string;
type Body = { tools?: unknown[]; messages: { content: { type: string; content?: string; text?: string }[] }[] };
const requests = (): Body[] => readFileSync(record, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { body: Body }).body);

beforeAll(async () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-context-'));
  writeFileSync(path.join(cwd, 'big.ts'), BIG);
  const home = path.join(cwd, '..', `${path.basename(cwd)}-home`);
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ contextWindow: 20_000 }));
  record = path.join(cwd, '..', `${path.basename(cwd)}-requests.jsonl`);
  server = await startFakeServer(script, { record });
  app = startTmuxApp({
    cwd,
    env: { INKLING_HOME: home, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    cols: 120,
    rows: 36,
  });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('the context window in tmux', () => {
  it('shows the meter near the small window after a large read', async () => {
    app.type('read big.ts');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('It defines 600 constants.') && s.includes('● idle'), 'the first turn', TURN);
    await app.waitFor((s) => s.includes('ctx 78% of 20k'), 'the meter at 78 % of 20k', SCREEN);
  }, TURN + SCREEN + 5_000);

  it('/context lists the read as the largest result', async () => {
    app.type('/context');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('largest tool results'), 'the breakdown', SCREEN);
    expect(screen).toMatch(/context: 15\.5k tokens of 20\.0k \(78 %\)/);
    expect(screen).toMatch(/ 1\. +1\d\.\dk +read_file big\.ts/);
  });

  it('d on the read in history mode drops it, and the next request is smaller by about that much', async () => {
    app.type('/context 1');
    app.keys('Enter');
    await app.waitFor((s) => /HISTORY \d+\/\d+/.test(s) && /▌ ✓ read_file big\.ts/.test(s), 'history mode on the read', SCREEN);
    await app.waitFor((s) => /ctx \d+ in · 1\d\.\dk result/.test(s), 'the read’s cost on its card', SCREEN);
    app.keys('d');
    await app.waitFor((s) => s.includes('· dropped') && /dropped from the context \(context 15\.5k → /.test(s), 'the drop', SCREEN);
    app.keys('Escape');
    // The text only once Esc has taken effect: an ESC and the text read together are Alt with the
    // text's first key (Alt+s), and 'econd' goes to history mode ('o' opens the pager). The two
    // send-keys land ~3 ms apart, and a busy app reads both at once. The status line shows the
    // drop's flash, not HISTORY, so the sign is the card without the selection bar.
    await app.waitFor((s) => /^✓ read_file big\.ts/m.test(s), 'back at the input (the card not selected)', SCREEN);
    app.type('second');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Second answer.') && s.includes('● idle'), 'the second turn', TURN);
    const [, withRead, afterDrop] = requests().map((b) => JSON.stringify(b.messages).length);
    // The read is ~42k characters of the request; after the drop only its placeholder is sent.
    expect(withRead! - afterDrop!).toBeGreaterThan(40_000);
    const sent = requests()[2]!.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result')!.content;
    expect(sent).toMatch(/^\[result removed by the user to save context: read_file big\.ts, [\d.]+k tokens\]$/);
  }, 4 * SCREEN + TURN + 5_000);

  it('/compact summarises without tools and draws the boundary; the next request starts with the summary', async () => {
    app.type('third');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Answer after the drop.') && s.includes('● idle'), 'the third turn', TURN);
    app.type('/compact keep the file list');
    app.keys('Enter');
    await app.waitFor((s) => /── compacted: [\d.]+k → [\d.]+k tokens/.test(s) && s.includes('● idle'), 'the compaction boundary', TURN);
    const summary = requests().at(-1)!;
    expect(summary.tools).toBeUndefined();
    expect(summary.messages[0]!.content[0]!.text).toContain('Instructions from the person for this summary: keep the file list');
  }, 2 * TURN + 5_000);
});
