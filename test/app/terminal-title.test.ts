// inkling's own title: pushed over the person's at start, restored once on leaving.
import { describe, expect, it } from 'vitest';
import { enterFullScreen } from '../../src/app/alt-screen.js';
import { ownTitle, POP_TITLE, PUSH_TITLE, titleSequence, withTitle, workspaceTitle } from '../../src/app/terminal-title.js';
import { HOSTILE, unsafeSequences } from '../helpers/hostile-text.js';

describe('terminal title', () => {
  it('names the workspace, shortened under the home folder', () => {
    expect(workspaceTitle('/home/ada/src/app', '/home/ada')).toBe('inkling — ~/src/app');
    expect(workspaceTitle('/home/adam', '/home/ada')).toBe('inkling — /home/adam');
  });

  it('cannot be ended early or extended by what it names', () => {
    for (const evil of Object.values(HOSTILE)) {
      const seq = titleSequence(`inkling — ${evil}`);
      expect(seq.startsWith('\x1b]0;')).toBe(true);
      // One BEL, the terminator; no ESC but the introducer.
      expect(seq.slice(4, -1)).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
      expect(unsafeSequences(seq.slice(4))).toEqual([]);
    }
  });

  it('pushes the person’s title, sets its own, and pops it once when the screen is left', () => {
    const writes: string[] = [];
    const out = { write: (s: string) => writes.push(s) };
    const screen = withTitle(enterFullScreen(out), ownTitle(out, 'inkling — ~/w'));
    expect(writes.join('')).toContain(`${PUSH_TITLE}\x1b]0;inkling — ~/w\x07`);
    screen.leave();
    screen.leave();
    const all = writes.join('');
    expect(all.split(POP_TITLE)).toHaveLength(2);
    expect(all.endsWith(POP_TITLE)).toBe(true);
    expect(screen.active).toBe(false);
  });
});

describe('the title while a call waits for approval', () => {
  it('says so while a call asks, and goes back when it is answered', async () => {
    const { createAppStore } = await import('../../src/store/app-store.js');
    const { createEventBinding } = await import('../../src/store/event-binding.js');
    const { followApprovals, waitingTitle } = await import('../../src/app/terminal-title.js');
    const writes: string[] = [];
    const out = { write: (s: string) => writes.push(s) };
    const store = createAppStore();
    const title = ownTitle(out, 'inkling — ~/w');
    followApprovals(store, title, 'inkling — ~/w');
    const b = createEventBinding(store, { intervalMs: 0 });
    b.push({ type: 'turn_start', prompt: 'go' });
    b.push({ type: 'tool_call', id: 'x', name: 'bash', input: { command: 'rm -rf build' }, readOnly: false });
    b.push({ type: 'tool_status', id: 'x', status: 'awaiting_approval' });
    b.flush();
    expect(writes.at(-1)).toBe(titleSequence(waitingTitle('inkling — ~/w')));
    b.push({ type: 'tool_status', id: 'x', status: 'running' });
    b.flush();
    expect(writes.at(-1)).toBe(titleSequence('inkling — ~/w'));
    expect(writes.filter((w) => w.includes('waiting for approval'))).toHaveLength(1);
  });

  it('says a command waits for a secret while its card is open, and goes back after the answer', async () => {
    const { followApprovals, secretTitle } = await import('../../src/app/terminal-title.js');
    const { secretEvent } = await import('../../src/store/secret-actions.js');
    const { createAppStore } = await import('../../src/store/app-store.js');
    const writes: string[] = [];
    const store = createAppStore();
    followApprovals(store, ownTitle({ write: (s: string) => writes.push(s) }, 'inkling — ~/w'), 'inkling — ~/w');
    const asker = { pid: 7, exe: '/usr/bin/ssh', argv: ['ssh', 'host'] };
    secretEvent(store, { type: 'secret_request', id: 'x', request: 'secret-1', prompt: 'Password:', kind: 'secret', asker, command: 'ssh host', cwd: '/w' });
    expect(writes.at(-1)).toBe(titleSequence(secretTitle('inkling — ~/w')));
    secretEvent(store, { type: 'secret_request_end', id: 'x', request: 'secret-1' });
    expect(writes.at(-1)).toBe(titleSequence('inkling — ~/w'));
  });

  it("says so while exit_plan_mode's card waits, and goes back after the answer", async () => {
    const { followApprovals, waitingTitle } = await import('../../src/app/terminal-title.js');
    const { planReviewCame, choosePlan } = await import('../../src/store/plan-actions.js');
    const { createAppStore } = await import('../../src/store/app-store.js');
    const writes: string[] = [];
    const store = createAppStore();
    followApprovals(store, ownTitle({ write: (s: string) => writes.push(s) }, 'inkling — ~/w'), 'inkling — ~/w');
    planReviewCame(store, { type: 'plan_review', id: 'x1', plan: '1. do it' });
    expect(writes.at(-1)).toBe(titleSequence(waitingTitle('inkling — ~/w')));
    choosePlan(store, 0);
    expect(writes.at(-1)).toBe(titleSequence('inkling — ~/w'));
  });
});
