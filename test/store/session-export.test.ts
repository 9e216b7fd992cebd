// /export: the transcript written as markdown, or as one self-contained HTML page that a parser
// reads back card by card (title, input, output; a diff coloured by line; a command's colours;
// thinking folded) with nothing fetched from anywhere.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { submit } from '../../src/keys/input-keys.js';
import type { AgentEvent } from '../../src/core/events.js';
import { apply, bashCall, readCall } from '../components/history-fixtures.js';
import { createFakeAgent } from './fake-agent.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const DIFF = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,2 +1,2 @@\n const a = 1;\n-const b = 2;\n+const b = 3;';
const editCall: AgentEvent[] = [
  { type: 'tool_call', id: 'e1', name: 'edit_file', input: { path: 'src/a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' }, readOnly: false },
  { type: 'tool_result', id: 'e1', content: 'Edited src/a.ts', isError: false, durationMs: 4, details: { kind: 'edit', path: 'src/a.ts', diff: DIFF, hunks: [], replacements: 1, created: false } },
];

function session(): AppStore {
  const door = createAgentDoor(createFakeAgent(async function* () {}), { workspaceRoot: dir });
  const store = createAppStore({}, { door });
  apply(store, [
    { type: 'turn_start', prompt: 'fix <b> in src/a.ts' },
    { type: 'request_start', iteration: 1 },
    { type: 'thinking_delta', thinking: 'The value of b is wrong.' },
    { type: 'text_delta', text: 'Looking at the **file**.' },
    ...readCall('r1', 'src/a.ts', 'const a = 1;\nconst b = 2;'),
    ...editCall,
    ...bashCall('b1', 'npm test', ['\x1b[32m✓ 3 passed\x1b[39m', '\x1b[1;31mFAIL\x1b[0m none']),
    { type: 'request_start', iteration: 2 },
    { type: 'text_delta', text: 'Fixed: ```b``` is 3 now.' },
    { type: 'turn_end', reason: 'end_turn' },
  ]);
  return store;
}

async function run(store: AppStore, line: string): Promise<void> {
  store.setState({ input: { text: line, cursor: line.length } });
  submit(store);
  for (let i = 0; i < 200 && !/^(exported|not exported)/.test(store.getState().flash?.text ?? ''); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('/export', () => {
  it('writes markdown to the named file in the workspace: prompt, answer, thinking folded, each call with input and output', async () => {
    const store = session();
    await run(store, '/export notes/session.md');
    expect(store.getState().flash?.text).toBe(`exported to ${join(dir, 'notes/session.md')}`);
    const md = await readFile(join(dir, 'notes/session.md'), 'utf8');
    expect(md).toContain('## You\n\nfix <b> in src/a.ts');
    expect(md).toContain('<details><summary>thinking</summary>\n\nThe value of b is wrong.');
    expect(md).toContain('### edit_file src/a.ts — done');
    expect(md).toContain('```diff\n--- a/src/a.ts');
    // A command's output without its colour codes; an answer's backticks cannot close a fence.
    expect(md).toContain('output:\n\n```\n✓ 3 passed\nFAIL none\n```');
    expect(md).not.toContain('\x1b');
    expect(md).toContain('Fixed: ```b``` is 3 now.');
  });

  it('--html writes one self-contained page whose cards a parser reads back, with nothing fetched', async () => {
    const store = session();
    await run(store, '/export --html');
    const file = join(dir, 'inkling-session.html');
    expect(store.getState().flash?.text).toBe(`exported to ${file}`);
    const html = await readFile(file, 'utf8');
    const { document } = parseHTML(html);
    const cards = [...document.querySelectorAll('details.card')];
    expect(cards.map((c) => c.querySelector('summary')!.textContent)).toEqual(['read src/a.ts done', 'edit_file src/a.ts done', 'bash npm test done (exit 0)']);
    for (const c of cards) {
      expect(c.querySelector('pre.input')?.textContent).toMatch(/^\{/);
      expect(c.querySelector('pre.output')).not.toBeNull();
      expect(c.hasAttribute('open')).toBe(false);
    }
    expect([...cards[1]!.querySelectorAll('pre.diff .del')].map((e) => e.textContent)).toEqual(['-const b = 2;']);
    expect([...cards[1]!.querySelectorAll('pre.diff .add')].map((e) => e.textContent)).toEqual(['+const b = 3;']);
    const coloured = [...cards[2]!.querySelectorAll('pre.output span')].map((s) => [s.textContent, s.getAttribute('style')]);
    expect(coloured).toEqual([['✓ 3 passed', 'color:#0dbc79'], ['FAIL', 'color:#cd3131;font-weight:bold']]);
    expect(document.querySelector('details.thinking summary')?.textContent).toBe('thinking');
    expect(document.querySelector('.user')?.textContent).toBe('fix <b> in src/a.ts');
    // Self-contained: no script, no stylesheet link, no attribute naming anything outside.
    expect(document.querySelectorAll('script, link, img, iframe, object, embed').length).toBe(0);
    for (const el of [...document.querySelectorAll('*')]) {
      for (const attr of ['src', 'href', 'srcset', 'action']) expect(el.getAttribute(attr)).toBeNull();
    }
    expect(html).not.toMatch(/url\(|@import|https?:\/\//);
  });

  it('says so when there is nothing to export, and writes nothing', async () => {
    const store = createAppStore({}, { door: createAgentDoor(createFakeAgent(async function* () {}), { workspaceRoot: dir }) });
    store.setState({ input: { text: '/export', cursor: 7 } });
    submit(store);
    for (let i = 0; i < 100 && !store.getState().flash; i++) await new Promise((r) => setTimeout(r, 5));
    expect(store.getState().flash?.text).toBe('nothing to export yet');
  });
});
