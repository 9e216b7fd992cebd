// /copy: the last answer's markdown reaches the clipboard (here the terminal's OSC 52, parsed
// back), as the model wrote it, whole across the tool calls between its text runs.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { submit } from '../../src/keys/input-keys.js';
import { copyToClipboard, parseOsc52 } from '../../src/app/clipboard.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import type { TranscriptItem } from '../../src/store/transcript.js';

function storeWith(items: TranscriptItem[]) {
  const written: string[] = [];
  const store = createAppStore(
    { items, index: Object.fromEntries(items.map((it, i) => [it.id, i])) },
    { terminal: { copy: (text) => copyToClipboard(text, { write: (s) => void written.push(s), program: null }) } },
  );
  return { store, copied: () => written.map((w) => parseOsc52(w)?.text).filter((t) => t !== undefined) };
}

const user = (id: string, text: string): TranscriptItem => ({ kind: 'user', id, text: toSafeText(text) });
const answer = (id: string, text: string): TranscriptItem => ({ kind: 'assistant', id, text: toSafeText(text), streaming: false });

async function run(store: ReturnType<typeof createAppStore>, line: string) {
  store.setState({ input: { text: line, cursor: line.length } });
  submit(store);
  await new Promise((r) => setTimeout(r, 0));
}

describe('/copy', () => {
  it("copies the last prompt's answer as markdown, its text runs joined, nothing of earlier answers", async () => {
    const { store, copied } = storeWith([
      user('u1', 'first'),
      answer('a1', 'an older answer'),
      user('u2', 'second'),
      answer('a2', 'Looking at **the test**:'),
      { kind: 'notice', id: 'n1', text: toSafeText('a notice'), level: 'info' },
      answer('a3', '```ts\nconst x = 1;\n```'),
    ]);
    await run(store, '/copy');
    expect(copied()).toEqual(['Looking at **the test**:\n\n```ts\nconst x = 1;\n```']);
    expect(store.getState().flash?.text).toMatch(/^last answer: copied 5 lines/);
  });

  it('says there is nothing to copy before any answer, and copies nothing', async () => {
    const { store, copied } = storeWith([user('u1', 'first')]);
    await run(store, '/copy');
    expect(copied()).toEqual([]);
    expect(store.getState().flash?.text).toBe('no answer to copy yet');
  });
});
