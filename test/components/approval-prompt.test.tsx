// The approval prompt in the whole App: what it shows for an edit, a command and another tool,
// its keys (digits, ↑/↓ Enter, Esc, the text field of choice 4), Shift+Tab through the modes.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import type { ApprovalDecision, PermissionMode } from '../../src/core/permissions/approval.js';
import { buildEditDiff } from '../../src/core/files/edit-diff.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { modeCycle } from '../../src/store/approval-state.js';
import { approvalHint } from '../../components/status-hints.js';
import { frame, KEYS, press, settle, unmountAct } from './act-helpers.js';
import { renderApp, type Harness } from './app-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = undefined;
});

async function setup(): Promise<{ answers: [string, ApprovalDecision][]; modes: PermissionMode[] }> {
  h = await renderApp();
  const answers: [string, ApprovalDecision][] = [];
  const modes: PermissionMode[] = [];
  h.door.on('respondToApproval', (r) => answers.push([r.id, r.decision]) > 0);
  h.door.on('setMode', (r) => void modes.push(r.mode));
  return { answers, modes };
}

async function emit(...events: AgentEvent[]): Promise<void> {
  await act(async () => {
    h!.store.setState(applyEvents(h!.store.getState(), events, Date.now()));
  });
}

/** src/a.ts before the edit: the change on line 5, with more than three rows on each side. */
const A_TS = ['// one', '// two', '// three', '// four', 'const a = 1;', '// six', '// seven', '// eight', '// nine'].join('\n') + '\n';

const editAsk = (id: string, waiting = 0): AgentEvent[] => [
  { type: 'tool_call', id, name: 'edit_file', input: { path: 'src/a.ts' }, readOnly: false },
  { type: 'tool_status', id, status: 'awaiting_approval' },
  {
    type: 'approval_request', id, tool: 'edit_file', input: { path: 'src/a.ts' }, reason: 'edits ask in default mode', waiting,
    preview: { kind: 'edit', path: 'src/a.ts', created: false, ...buildEditDiff('src/a.ts', A_TS, [{ start: A_TS.indexOf('1;'), end: A_TS.indexOf('1;') + 1, text: '2' }]) },
    remember: { label: 'edits in src/', rule: 'edit(src/**)' },
  },
];

const commandAsk = (id: string, remember = true): AgentEvent[] => [
  { type: 'tool_call', id, name: 'bash', input: { command: 'rm a b c' }, readOnly: false },
  { type: 'tool_status', id, status: 'awaiting_approval' },
  {
    type: 'approval_request', id, tool: 'bash', input: { command: 'rm a b c' }, reason: 'commands ask unless proven read-only or allowed', waiting: 0,
    preview: { kind: 'command', command: 'rm a b c', cwd: '/w', findings: ['rm of 3 paths'] },
    ...(remember ? { remember: { label: 'commands starting with `rm`', rule: 'bash(rm:*)' } } : {}),
  },
];

describe('the approval prompt', () => {
  it('shows an edit\'s diff and the four choices; 2 answers "yes, this session"', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...editAsk('e1'));
    const screen = frame(h!.r);
    expect(screen).toContain('edit_file asks to run — edits ask in default mode');
    // As git diff shows it: three unchanged rows on each side of the change, no more.
    const rows = screen.split('\n');
    const at = (text: string) => rows.findIndex((l) => l.includes(text));
    expect(at('5 - const a = 1;')).toBeGreaterThan(-1);
    expect(at('5 + const a = 2;')).toBe(at('5 - const a = 1;') + 1);
    expect(rows.slice(at('5 - const a = 1;') - 3, at('5 - const a = 1;')).map((l) => l.trim().replace(/^│\s*/, ''))).toEqual(['2   // two', '3   // three', '4   // four']);
    expect(rows.slice(at('5 + const a = 2;') + 1, at('5 + const a = 2;') + 4).map((l) => l.trim().replace(/^│\s*/, ''))).toEqual(['6   // six', '7   // seven', '8   // eight']);
    expect(screen).not.toContain('// one');
    expect(screen).not.toContain('// nine');
    expect(screen).toContain('❯ 1 Yes');
    expect(screen).toContain("2 Yes, and don't ask again this session for edits in src/");
    expect(screen).toContain('3 Yes, always: allow edit(src/**) (saved for you, in this workspace)');
    expect(screen).toContain('4 No, and tell the model what to do instead');
    expect(screen).toContain('waiting for your approval');
    await press(h!.r, 'x');
    expect(h!.store.getState().input.text).toBe('');
    await press(h!.r, '2');
    expect(answers).toEqual([['e1', { kind: 'yes-session' }]]);
    expect(frame(h!.r)).not.toContain('asks to run');
  });

  it('shows a command with its folder and what the parser found; Esc stops the turn, as the hint says', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'));
    const screen = frame(h!.r);
    expect(screen).toContain('$ rm a b c');
    expect(screen).toContain('in /w');
    expect(screen).toContain('found: rm of 3 paths');
    expect(screen).toContain('Esc stops the turn');
    await press(h!.r, KEYS.esc);
    expect(answers).toEqual([['b1', { kind: 'stop' }]]);
  });

  it('Esc in choice 4\'s text field stops the turn too', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'));
    await press(h!.r, '4', 'x');
    expect(approvalHint(h!.store.getState().approvals)).toBe('type what the model should do instead · Enter sends it with No, the turn goes on · Esc stops the turn');
    expect(frame(h!.r)).toContain('Esc stops the turn');
    await press(h!.r, KEYS.esc);
    expect(answers).toEqual([['b1', { kind: 'stop' }]]);
  });

  it('moves with ↑/↓ past choices that have nothing to remember, and Enter takes one', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1', false));
    await press(h!.r, KEYS.down);
    expect(h!.store.getState().approvals.selected).toBe(3);
    await press(h!.r, KEYS.up, KEYS.enter);
    expect(answers).toEqual([['b1', { kind: 'yes' }]]);
  });

  it('choice 4 opens a text field: digits type into it, Enter sends No with the text', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'));
    await press(h!.r, '4');
    await press(h!.r, ...'use make 1 2'.split(''));
    expect(h!.store.getState().approvals.message).toBe('use make 1 2');
    expect(answers).toEqual([]);
    expect(frame(h!.r)).toContain('✎ use make 1 2');
    await press(h!.r, KEYS.enter);
    expect(answers).toEqual([['b1', { kind: 'no', message: 'use make 1 2' }]]);
  });

  it('asks one call at a time and says how many more wait', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...editAsk('e1', 2));
    expect(frame(h!.r)).toContain('(2 more waiting)');
    await press(h!.r, '1');
    await emit(...editAsk('e2', 1));
    expect(frame(h!.r)).toContain('(1 more waiting)');
    await press(h!.r, '3');
    expect(answers).toEqual([['e1', { kind: 'yes' }], ['e2', { kind: 'yes-always' }]]);
  });

  it('drops the prompt when the call is cancelled (interrupt)', async () => {
    await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...editAsk('e1'));
    await emit({ type: 'tool_status', id: 'e1', status: 'cancelled' }, { type: 'turn_end', reason: 'aborted' });
    expect(h!.store.getState().approvals.queue).toEqual([]);
    expect(frame(h!.r)).not.toContain('asks to run');
  });

  it('Shift+Tab cycles the modes (yolo only when started in it) and the header shows the mode', async () => {
    const { modes } = await setup();
    await act(async () => h!.store.setState({ permission: { mode: 'default', cycle: modeCycle('default'), bell: false } }));
    await press(h!.r, '\x1b[Z');
    expect(frame(h!.r)).toContain('accept-edits');
    await press(h!.r, '\x1b[Z', '\x1b[Z');
    expect(modes).toEqual(['accept-edits', 'plan', 'default']);
    expect(modeCycle('yolo')).toEqual(['default', 'accept-edits', 'plan', 'yolo']);
    expect(modeCycle('auto')).toEqual(['default', 'accept-edits', 'plan', 'auto']);
  });

  it('takes a burst of 200 keys into the text field without losing or reordering any', async () => {
    await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'));
    await press(h!.r, '4');
    const text = Array.from({ length: 200 }, (_, i) => 'abcdefghij0123456789'[i % 20]!).join('');
    await act(async () => {
      for (const ch of text) h!.r.stdin.write(ch);
    });
    await settle(20);
    expect(h!.store.getState().approvals.message).toBe(text);
  });

  it('keeps the lines of a multi-line paste into the text field, and the model gets them', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'));
    await press(h!.r, '4');
    await press(h!.r, '\x1b[200~use make\r\nthen run the tests\x1b[201~');
    expect(h!.store.getState().approvals.message).toBe('use make\nthen run the tests');
    const screen = frame(h!.r);
    expect(screen).toContain('✎ use make');
    expect(screen).toMatch(/│ +then run the tests/);
    await press(h!.r, KEYS.enter);
    expect(answers).toEqual([['b1', { kind: 'no', message: 'use make\nthen run the tests' }]]);
  });

  it('shows a long paste as a chip, sends its whole text, and Backspace takes the chip whole', async () => {
    const { answers } = await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1'), ...commandAsk('b2'));
    const long = Array.from({ length: 7 }, (_, i) => `step ${i + 1}`).join('\n');
    await press(h!.r, '4', `\x1b[200~${long}\x1b[201~`);
    expect(frame(h!.r)).toContain('✎ [pasted 7 lines]');
    await press(h!.r, ...' please'.split(''), KEYS.enter);
    expect(answers).toEqual([['b1', { kind: 'no', message: `${long} please` }]]);
    await press(h!.r, '4', `\x1b[200~${long}\x1b[201~`, '\x7f');
    expect(h!.store.getState().approvals.message).toBe('');
    expect(h!.store.getState().approvals.pastes).toEqual([]);
  });
});
