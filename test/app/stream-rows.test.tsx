// A streaming answer (or thinking run) drawn by the frame writer alone, the way a command's live
// output is (live-rows.test.tsx): a delta that changes only the streaming item's text reaches the
// terminal with no React commit and no Ink frame, the screen is then exactly what a full frame of
// the same state shows, and a new item or the answer's end is still a real frame.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { loadMarkdown } from '../../components/markdown-lines.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { redrawAll } from '../../src/store/view-actions.js';
import { clockless, freshScreen, mount, settled, type Screen } from './frame-writer-app.js';

/** A turn, and a way to push its events one flush at a time. */
function turn(store: AppStore) {
  const b = createEventBinding(store, { intervalMs: 0 });
  b.push({ type: 'turn_start', prompt: 'explain' });
  b.flush();
  return (...events: Parameters<typeof b.push>[0][]) => {
    for (const e of events) b.push(e);
    b.flush();
  };
}

const shows = (text: string) => (l: string[]) => l.some((r) => r.includes(text));

/** Each delta on screen before the next. */
async function stream(screen: Screen, push: ReturnType<typeof turn>, words: string[], type: 'text_delta' | 'thinking_delta') {
  for (const w of words) {
    await act(async () => push(type === 'text_delta' ? { type, text: ` ${w}` } : { type, thinking: ` ${w}` }));
    await settled(screen, shows(w));
  }
}

const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i + 1}`);

describe('a streaming answer', () => {
  it('reaches the terminal with no React commit or Ink frame, as a full frame would draw it', async () => {
    // With markdown loaded: the answer's finished blocks are drawn as markdown, its last one plain.
    await loadMarkdown();
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer, counts } = await mount(store, 80, 24);
    await act(async () => redrawAll(store));
    let push!: ReturnType<typeof turn>;
    await act(async () => {
      push = turn(store);
      push({ type: 'text_delta', text: '# Plan\n\nFirst **bold** step.\n\n- one\n- two\n\nword0' });
    });
    await settled(screen, shows('word0'));
    const before = { ...counts, redrawn: writer.stats.redrawn };

    // Enough words to wrap onto more rows, and a new paragraph (a block finished mid-stream).
    const said = words(30, 'word');
    await stream(screen, push, said.slice(0, 20), 'text_delta');
    await act(async () => push({ type: 'text_delta', text: '\n\nNext' }));
    await settled(screen, shows('Next'));
    await stream(screen, push, said.slice(20), 'text_delta');

    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(writer.stats.redrawn - before.redrawn).toBe(31);
    const lines = screen.lines();
    expect(lines.some((r) => r.includes('**'))).toBe(false);
    expect(clockless(lines)).toEqual(await freshScreen(store, 80, 24, shows('word30')));

    // The answer's end is a real frame, and equals a fresh app's.
    const commits = counts.commits;
    await act(async () =>
      push(
        { type: 'message_end', message: { role: 'assistant', content: [{ type: 'text', text: 'the answer' }] }, stopReason: 'end_turn' },
        { type: 'turn_end', reason: 'end_turn' },
      ),
    );
    await settled(screen, shows('idle'));
    expect(counts.commits).toBeGreaterThan(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, shows('idle')));
  });

  it('draws thinking the same way, and the answer that follows it is a real frame', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer, counts } = await mount(store, 80, 24);
    let push!: ReturnType<typeof turn>;
    await act(async () => {
      push = turn(store);
      push({ type: 'thinking_delta', thinking: 'Let me see: think0' });
    });
    await settled(screen, shows('think0'));
    const before = { ...counts, redrawn: writer.stats.redrawn };
    await stream(screen, push, words(8, 'think'), 'thinking_delta');
    expect(counts.commits).toBe(before.commits);
    expect(writer.stats.redrawn - before.redrawn).toBe(8);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, shows('think8')));

    // The first word of the answer: the thinking ends and a new item comes, a real frame.
    await act(async () => push({ type: 'text_delta', text: 'Answer0' }));
    await settled(screen, shows('Answer0'));
    expect(counts.commits).toBeGreaterThan(before.commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, shows('Answer0')));
    // And its next words are the writer's again.
    const commits = counts.commits;
    await stream(screen, push, words(3, 'Answer'), 'text_delta');
    expect(counts.commits).toBe(commits);
  });

  it("takes the prompt's ledger mark mid-answer with no React commit or Ink frame", async () => {
    // turn_checkpoint comes in every turn, in the middle of the answer: it marks the prompt's item,
    // which its rows never show.
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, counts } = await mount(store, 80, 24);
    let push!: ReturnType<typeof turn>;
    await act(async () => {
      push = turn(store);
      push({ type: 'text_delta', text: 'Marked0' });
    });
    await settled(screen, shows('Marked0'));
    const before = { ...counts };
    await act(async () => push({ type: 'turn_checkpoint', prompt: 0, entry: 'e1' }, { type: 'text_delta', text: ' Marked1' }));
    await settled(screen, shows('Marked1'));
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    const user = store.getState().items.find((it) => it.kind === 'user');
    expect(user?.kind === 'user' && user.checkpoint).toEqual({ prompt: 0, entry: 'e1' });
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, shows('Marked1')));
  });

  it('draws as a fresh app would through a resize in the middle of the answer', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, counts } = await mount(store, 80, 24);
    let push!: ReturnType<typeof turn>;
    await act(async () => {
      push = turn(store);
      push({ type: 'text_delta', text: words(40, 'w').join(' ') });
    });
    await settled(screen, shows('w40'));
    // The delta arrives in the same moment as the resize, before the app has laid out again.
    await act(async () => {
      screen.stdout.resize(50, 20);
      push({ type: 'text_delta', text: ' after' });
    });
    await settled(screen, (l) => shows('after')(l) && !l.some((r) => r.endsWith('…')));
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 50, 20, shows('after')));
    // At the new size, the next word is the writer's again.
    const commits = counts.commits;
    await act(async () => push({ type: 'text_delta', text: ' more' }));
    await settled(screen, shows('more'));
    expect(counts.commits).toBe(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 50, 20, shows('more')));
  });
});
