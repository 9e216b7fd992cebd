// The plan in a real terminal (tmux, the built program): a scripted model plans five steps and
// works through them, the panel above the prompt following each update (the count, the spinner on
// the step in progress, open steps first, completed last), each update a card with its diff, Alt+L
// hiding the panel, and a new prompt after it was completed starting without it. At 120×40 on a
// dark background; at 60×20 with the light theme the run starts in plan mode: exit_plan_mode's card
// first, answered with 2 (edits accepted), then the same plan. Both terminals run at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-plan-')));
const apps: TmuxApp[] = [];
afterAll(() => {
  for (const app of apps) app.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const STEPS = ['Read the parser', 'Find the failing case', 'Write the fix', 'Add a test', 'Run the suite'];
const plan = (done: number) => ({
  type: 'tool_use',
  name: 'update_plan',
  input: { plan: STEPS.map((step, i) => ({ step, status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending' })) },
});
// Each step's work streams slowly, so the panel is seen between updates.
const work = (i: number) => ({
  content: [{ type: 'text', text: `Working on step ${i + 1}: ${STEPS[i]!.toLowerCase()} now.` }, { type: 'tool_use', name: 'list_files', input: { path: '.' } }],
  chunk_chars: 6,
  chunk_delay_ms: 60,
});
const proposal = { content: [{ type: 'text', text: 'Here is my plan.' }, { type: 'tool_use', name: 'exit_plan_mode', input: { plan: STEPS.map((s, i) => `${i + 1}. ${s}`).join('\n') } }] };

function script(name: string, planMode: boolean): string {
  const responses: unknown[] = [...(planMode ? [proposal] : []), { content: [{ type: 'text', text: 'Five steps.' }, plan(0)] }];
  for (let i = 0; i < STEPS.length; i++) responses.push(work(i), { content: [plan(i + 1)] });
  responses.push({ content: [{ type: 'text', text: 'All five steps are done.' }] });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(responses));
  return file;
}

/** Where it runs: the name, columns, rows, extra environment, the accent colour's code, start in plan mode. */
type Case = [string, number, number, Record<string, string>, string, boolean];

describe.concurrent('the plan in tmux', () => {
  it.for<Case>([
    ['120×40, dark', 120, 40, {}, '\x1b[36m', false],
    ['60×20, light theme, from plan mode', 60, 20, { INKLING_THEME: 'light' }, '\x1b[38;5;25m', true],
  ])('at %s: follows a five-step plan to the end; each update a card with its diff; Alt+L hides it', { timeout: 120_000 }, async ([name, cols, rows, env, accent, planMode], { expect }) => {
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const workspace = fs.mkdtempSync(path.join(dir, 'ws-'));
    fs.writeFileSync(path.join(workspace, 'parser.ts'), 'export {};\n');
    const mode = planMode ? ['--permission-mode', 'plan'] : ['--yolo'];
    const app = startTmuxApp({ cwd: workspace, env: { INKLING_HOME: home, FORCE_COLOR: '2', ...env }, args: [...mode, '--script', script(name.slice(0, 6), planMode)], cols, rows });
    apps.push(app);
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    app.type('fix the parser');
    app.keys('Enter');
    if (planMode) {
      const card = await app.waitFor((s) => s.includes('The model has a plan. Go ahead with it?'), 'the plan card', 30_000);
      expect(card).toContain('1. Read the parser');
      expect(card).toContain('2. Yes, and accept edits (commands still ask)');
      expect(card).toContain('? the plan waits for your');
      app.keys('2');
    }
    // Mid-way: the count, the step in progress first with a spinner (accent colour), completed last.
    const mid = await app.waitFor((s) => s.includes('Plan · 2/5 done') && s.includes('Working on step 3'), 'the plan two steps in', 30_000);
    const lines = mid.split('\n');
    const top = lines.findIndex((l) => l.startsWith('Plan · 2/5 done'));
    expect(lines[top]).toMatch(/─ Alt\+L hides it$/);
    expect(lines[top + 1]).toMatch(/^ {2}[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏▸] Write the fix/);
    expect(lines.slice(top + 2, top + 7).map((l) => l.trim())).toEqual(['○ Add a test', '○ Run the suite', '✓ Read the parser', '✓ Find the failing case', expect.stringMatching(/^╭─/)]);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(cols);
    expect(app.tmux('capture-pane', '-p', '-e', '-t', app.session).split('\n')[top + 1]).toContain(accent);
    const end = await app.waitFor((s) => s.includes('All five steps are done.') && s.includes('Plan · 5/5 done'), 'the plan completed', 60_000);
    expect(end).toMatch(/update_plan .*5\/5 done/);
    expect(end).toContain('✓ Run the suite (done)');
    if (planMode) expect(end).toContain('accept-edits');
    app.keys('M-l');
    await app.waitFor((s) => !s.includes('Plan · 5/5 done'), 'Alt+L to hide the panel');
    app.keys('M-l');
    await app.waitFor((s) => s.includes('Plan · 5/5 done'), 'Alt+L to show it again');
    // A new prompt after the plan was completed: the panel goes.
    app.type('thanks');
    app.keys('Enter');
    await app.waitFor((s) => !s.includes('Plan · 5/5 done'), 'the completed plan to reset');
  });
});
