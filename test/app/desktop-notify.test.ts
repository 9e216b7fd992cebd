// Getting attention while the terminal is not focused: focus reports on the reply path (not
// keys), a turn that ends or an approval that waits afterMs unfocused sends OSC 9, OSC 777 or the
// bell as the terminal has them, and nothing while the person looks.
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import type { AgentEvent } from '../../src/core/events.js';
import { notifyRoute, startDesktopNotifier, type DesktopNotifier } from '../../src/app/desktop-notify.js';
import { createKeyPipeline } from '../../src/keys/key-pipeline.js';
import { enterFullScreen } from '../../src/app/alt-screen.js';

const apply = (store: AppStore, events: AgentEvent[]) => store.setState((s) => applyEvents(s, events, Date.now()));
const turn: AgentEvent[] = [{ type: 'turn_start', prompt: 'go' }, { type: 'request_start', iteration: 1 }, { type: 'text_delta', text: 'done' }];
const ask: AgentEvent[] = [
  { type: 'tool_call', id: 'c1', name: 'bash', input: { command: 'rm a' }, readOnly: false },
  { type: 'tool_status', id: 'c1', status: 'awaiting_approval' },
  { type: 'approval_request', id: 'c1', tool: 'bash', input: { command: 'rm a' }, reason: 'commands ask', waiting: 0, preview: { kind: 'command', command: 'rm a', cwd: '/w', findings: [] } },
];

let notifier: DesktopNotifier | undefined;
afterEach(() => notifier?.stop());

function setUp(env: NodeJS.ProcessEnv, afterMs = 20) {
  const store = createAppStore();
  const written: string[] = [];
  notifier = startDesktopNotifier({ store, out: { write: (s: string) => written.push(s) }, settings: () => ({ desktop: 'auto', afterMs }), env, where: 'inkling · ~/w' });
  return { store, written };
}

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('desktop notifications', () => {
  it('a turn that ends while the terminal never reported focus sends OSC 9 where the terminal shows it', () => {
    const { store, written } = setUp({ TERM_PROGRAM: 'WezTerm' });
    apply(store, turn);
    expect(written).toEqual([]);
    apply(store, [{ type: 'turn_end', reason: 'end_turn' }]);
    expect(written).toEqual(['\x1b]9;the turn ended — inkling · ~/w\x07']);
  });

  it('sends nothing while focused, and again once focus is gone', () => {
    const { store, written } = setUp({ TERM_PROGRAM: 'WezTerm' });
    expect(notifier!.take('\x1b[I')).toBe(true);
    apply(store, [...turn, { type: 'turn_end', reason: 'end_turn' }]);
    expect(written).toEqual([]);
    notifier!.take('\x1b[O');
    apply(store, turn);
    apply(store, [{ type: 'turn_end', reason: 'end_turn' }]);
    expect(written).toHaveLength(1);
  });

  it('an approval that waits afterMs unfocused sends OSC 777 in a VTE terminal; while focused, nothing', async () => {
    const { store, written } = setUp({ VTE_VERSION: '7600' });
    apply(store, [...turn, ...ask]);
    await until(() => written.length > 0);
    expect(written).toEqual(['\x1b]777;notify;inkling;a tool call waits for your approval — inkling · ~/w\x07']);
    // Focused: the next wait is seen, not announced.
    const second = setUp({ VTE_VERSION: '7600' }, 30);
    notifier!.take('\x1b[I');
    apply(second.store, [...turn, ...ask]);
    await new Promise((r) => setTimeout(r, 80));
    expect(second.written).toEqual([]);
  });

  it('auto takes the bell inside tmux and in a terminal it does not know; off sends nothing', () => {
    expect(notifyRoute('auto', { TMUX: '/tmp/tmux-0/default,1,0', TERM_PROGRAM: 'WezTerm' })).toBe('bell');
    expect(notifyRoute('auto', { TERM: 'xterm-256color' })).toBe('bell');
    expect(notifyRoute('auto', { TERM: 'foot' })).toBe('osc777');
    expect(notifyRoute('osc9', { TMUX: 'x' })).toBe('osc9');
    expect(notifyRoute('off', {})).toBe('off');
  });

  it("focus reports go on with the full-screen modes and reach the reply path, never the prompt", () => {
    const out: string[] = [];
    const screen = enterFullScreen({ write: (s: string) => out.push(s) });
    screen.leave();
    expect(out[0]).toContain('\x1b[?1004h');
    expect(out[1]).toContain('\x1b[?1004l');
    const replies: string[] = [];
    const keys: string[] = [];
    const pipeline = createKeyPipeline({ onReply: (raw) => replies.push(raw) });
    pipeline.push({ kind: 'keys', onKey: (p) => keys.push(p.text) });
    pipeline.feed('a\x1b[Ob\x1b[I');
    expect(replies).toEqual(['\x1b[O', '\x1b[I']);
    expect(keys.join('')).toBe('ab');
  });
});
