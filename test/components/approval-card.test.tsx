// The approval prompt is the waiting call's own card in the transcript (no panel under it, no
// input box while it asks), kept in view even when the person had scrolled up; a command taller
// than the card's room shows a window that PgUp/PgDn move while the transcript above stays put.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import type { ApprovalDecision } from '../../src/core/permissions/approval.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { frame, KEYS, press, unmountAct } from './act-helpers.js';
import { renderApp, type Harness } from './app-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = undefined;
});

async function setup(): Promise<[string, ApprovalDecision][]> {
  h = await renderApp();
  const answers: [string, ApprovalDecision][] = [];
  h.door.on('respondToApproval', (r) => answers.push([r.id, r.decision]) > 0);
  return answers;
}

async function emit(...events: AgentEvent[]): Promise<void> {
  await act(async () => {
    h!.store.setState(applyEvents(h!.store.getState(), events, Date.now()));
  });
}

const commandAsk = (id: string, command: string): AgentEvent[] => [
  { type: 'tool_call', id, name: 'bash', input: { command }, readOnly: false },
  { type: 'tool_status', id, status: 'awaiting_approval' },
  {
    type: 'approval_request', id, tool: 'bash', input: { command }, reason: 'commands ask unless proven read-only or allowed', waiting: 0,
    preview: { kind: 'command', command, cwd: '/w', findings: [] },
    remember: { label: 'commands starting with `echo`', rule: 'bash(echo:*)' },
  },
];

const history = (n: number): AgentEvent[] =>
  Array.from({ length: n }, (_, i) => [
    { type: 'tool_call', id: `r${i}`, name: 'read_file', input: { path: `f${i}.ts` }, readOnly: true },
    { type: 'tool_status', id: `r${i}`, status: 'running' },
    { type: 'tool_result', id: `r${i}`, content: 'x', isError: false, durationMs: 1 },
  ] as AgentEvent[]).flat();

const lines = () => frame(h!.r).split('\n');

describe('the approval prompt as the card', () => {
  it('draws the waiting call\'s card as the prompt, with no input box while it asks', async () => {
    await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1', 'echo hi > out.txt'));
    const rows = lines();
    const header = rows.findIndex((l) => /\? bash .*echo hi > out\.txt.*waiting for approval/.test(l));
    expect(header).toBeGreaterThan(-1);
    // The card's header is drawn once, the prompt right under it, and the input box is gone.
    expect(rows.filter((l) => l.includes('waiting for approval') && l.includes('? bash')).length).toBe(1);
    expect(rows[header + 1]).toContain('╭─ bash asks to run — commands ask unless proven read-only or allowed');
    expect(rows[header + 2]).toContain('│ $ echo hi > out.txt');
    expect(frame(h!.r)).not.toContain('Ask anything');
    await press(h!.r, '1');
    expect(frame(h!.r)).toContain('Ask anything');
    expect(frame(h!.r)).not.toContain('asks to run');
  });

  it('brings the card into view when the person had scrolled up', async () => {
    await setup();
    await emit({ type: 'turn_start', prompt: 'go' }, ...history(60));
    await press(h!.r, KEYS.pageUp, KEYS.pageUp);
    expect(h!.store.getState().scrollBack).toBeGreaterThan(0);
    expect(frame(h!.r)).not.toContain('f59.ts');
    await emit(...commandAsk('b1', 'echo late'));
    const screen = frame(h!.r);
    expect(screen).toContain('bash asks to run');
    expect(screen).toContain('❯ 1 Yes');
    expect(screen).toContain('4 No, and tell the model what to do instead');
  });

  it('scrolls a command taller than the screen with PgUp/PgDn, the transcript above staying put', async () => {
    await setup();
    const command = Array.from({ length: 80 }, (_, i) => `echo line-${i + 1}`).join('\n');
    await emit({ type: 'turn_start', prompt: 'go' }, ...history(3), ...commandAsk('b1', command));
    const first = lines();
    const header = first.findIndex((l) => l.includes('? bash'));
    const above = first.slice(0, header);
    expect(frame(h!.r)).toContain('$ echo line-1');
    expect(frame(h!.r)).toMatch(/↓ \d+ more lines below · PgDn/);
    expect(frame(h!.r)).toContain('❯ 1 Yes');
    expect(frame(h!.r)).not.toContain('echo line-80');

    await press(h!.r, KEYS.pageDown);
    const second = frame(h!.r);
    expect(second).not.toContain('$ echo line-1\n');
    expect(second).toMatch(/↑ \d+ more lines above · PgUp/);
    expect(lines().slice(0, header)).toEqual(above);
    expect(second).toContain('❯ 1 Yes');

    for (let i = 0; i < 12; i++) await press(h!.r, KEYS.pageDown);
    const end = frame(h!.r);
    expect(end).toContain('echo line-80');
    expect(end).toContain('in /w');
    expect(end).toContain('(end)');
    expect(lines().slice(0, header)).toEqual(above);
    // At the end, one PgUp moves back at once (no presses lost past the end).
    await press(h!.r, KEYS.pageUp);
    expect(frame(h!.r)).not.toContain('(end)');
    for (let i = 0; i < 12; i++) await press(h!.r, KEYS.pageUp);
    expect(frame(h!.r)).toContain('$ echo line-1');
    expect(h!.store.getState().approvals.previewTop).toBe(0);
  });

  it('keeps the choices and the text field on a short, narrow screen', async () => {
    await setup();
    await act(async () => {
      Object.defineProperty(h!.r.stdout, 'columns', { get: () => 60 });
      Object.defineProperty(h!.r.stdout, 'rows', { get: () => 18 });
      h!.r.stdout.emit('resize');
    });
    const command = Array.from({ length: 40 }, (_, i) => `echo line-${i + 1}`).join('\n');
    await emit({ type: 'turn_start', prompt: 'go' }, ...commandAsk('b1', command));
    await press(h!.r, '4', ...'use make'.split(''));
    const screen = frame(h!.r);
    expect(screen).toContain('4 No, and tell the model what to do instead'.slice(0, 40));
    expect(screen).toContain('✎ use make');
    expect(screen).toMatch(/more lines below/);
    expect(lines().length).toBeLessThanOrEqual(17);
  });

  it('at 60 columns wraps the choices under their text instead of cutting the folder and the rule file off', async () => {
    await setup();
    await act(async () => {
      Object.defineProperty(h!.r.stdout, 'columns', { get: () => 60 });
      Object.defineProperty(h!.r.stdout, 'rows', { get: () => 30 });
      h!.r.stdout.emit('resize');
    });
    await emit({ type: 'turn_start', prompt: 'go' }, { type: 'tool_call', id: 'e1', name: 'edit_file', input: { path: 'src/components/forms/a.ts' }, readOnly: false },
      { type: 'tool_status', id: 'e1', status: 'awaiting_approval' },
      {
        type: 'approval_request', id: 'e1', tool: 'edit_file', input: { path: 'src/components/forms/a.ts' }, reason: 'edits ask in default mode', waiting: 0,
        preview: { kind: 'edit', path: 'src/components/forms/a.ts', created: false, diff: '', hunks: [{ oldStart: 1, oldLines: ['a'], newStart: 1, newLines: ['b'] }] },
        remember: { label: 'edits in src/components/forms/', rule: 'edit(src/components/forms/**)' },
      });
    const rows = lines();
    const from = rows.findIndex((l) => l.includes('1 Yes'));
    const to = rows.findIndex((l) => l.includes('4 No, and tell the model what to do instead'));
    expect(from).toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from + 3);
    const choices = rows.slice(from, to + 1);
    expect(choices.every((l) => !l.includes('…') && l.length <= 60)).toBe(true);
    const said = choices.map((l) => l.replace(/^\s*│\s*(❯\s*)?/, '').trim()).join(' ');
    expect(said).toContain("2 Yes, and don't ask again this session for edits in src/components/forms/");
    expect(said).toContain('3 Yes, always: allow edit(src/components/forms/**) (saved for you, in this workspace)');
  });
});
