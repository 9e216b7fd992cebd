// The plan panel in a real terminal (tmux, the built program): a scripted model plans five steps
// and works through them, the panel above the prompt following each update (the count, the spinner
// on the step in progress, open steps first), each update a card with its diff, Alt+L hiding the
// panel; at 120×40 on a dark background and at 60×20 with the light theme (the panel keeps to its
// share of the rows there, saying what it leaves out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

function script(): string {
  const responses: unknown[] = [{ content: [{ type: 'text', text: 'Five steps.' }, plan(0)] }];
  for (let i = 0; i < STEPS.length; i++) responses.push(work(i), { content: [plan(i + 1)] });
  responses.push({ content: [{ type: 'text', text: 'All five steps are done.' }] });
  const file = path.join(dir, 'script.json');
  fs.writeFileSync(file, JSON.stringify(responses));
  return file;
}

describe("exit_plan_mode's card in the built program", () => {
  it('shows the plan in plan mode; 2 runs it with edits accepted and the model goes on', async () => {
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const workspace = fs.mkdtempSync(path.join(dir, 'ws-'));
    const file = path.join(dir, 'plan-mode.json');
    const plan = '1. Write out.txt\n2. Run the tests';
    fs.writeFileSync(file, JSON.stringify([
      { content: [{ type: 'text', text: 'Here is my plan.' }, { type: 'tool_use', name: 'exit_plan_mode', input: { plan } }] },
      { content: [{ type: 'tool_use', name: 'write_file', input: { path: 'out.txt', content: 'made\n' } }] },
      { content: [{ type: 'text', text: 'Going ahead: out.txt is written.' }] },
    ]));
    const app = startTmuxApp({ cwd: workspace, env: { INKLING_HOME: home }, args: ['--permission-mode', 'plan', '--script', file], cols: 100, rows: 30 });
    apps.push(app);
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    app.type('plan the change');
    app.keys('Enter');
    const card = await app.waitFor((s) => s.includes('The model has a plan. Go ahead with it?'), 'the plan card', 30_000);
    expect(card).toContain('1. Write out.txt');
    expect(card).toContain('2. Yes, and accept edits (commands still ask)');
    expect(card).toContain('? the plan waits for your answer');
    app.keys('2');
    const after = await app.waitFor((s) => s.includes('Going ahead: out.txt is written.'), 'the model to go on', 30_000);
    expect(after).toContain('accept-edits');
    expect(after).toMatch(/exit_plan_mode .*approved with edits accepted/);
    expect(fs.readFileSync(path.join(workspace, 'out.txt'), 'utf8')).toBe('made\n');
  }, 90_000);
});

describe.each([
  ['120×40, dark', 120, 40, {}, '\x1b[36m'],
  ['60×20, light theme', 60, 20, { INKLING_THEME: 'light' }, '\x1b[38;5;25m'],
])('the plan panel at %s', (_name, cols, rows, env, accent) => {
  it('follows a five-step plan to the end; each update is a card with its diff; Alt+L hides it', async () => {
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const workspace = fs.mkdtempSync(path.join(dir, 'ws-'));
    fs.writeFileSync(path.join(workspace, 'parser.ts'), 'export {};\n');
    const app = startTmuxApp({ cwd: workspace, env: { INKLING_HOME: home, FORCE_COLOR: '2', ...env }, args: ['--yolo', '--script', script()], cols, rows });
    apps.push(app);
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    app.type('fix the parser');
    app.keys('Enter');
    // Mid-way: the count, the step in progress first with a spinner (accent colour), the rest after.
    const mid = await app.waitFor((s) => s.includes('Plan · 2/5 done') && s.includes('Working on step 3'), 'the plan two steps in', 30_000);
    const lines = mid.split('\n');
    const top = lines.findIndex((l) => l.startsWith('Plan · 2/5 done'));
    expect(lines[top + 1]).toMatch(/^ {2}[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏▸] Write the fix/);
    expect(lines[top + 2]).toBe('  ○ Add a test'.padEnd(lines[top + 2]!.length));
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(cols);
    // The completed steps come last, and the input box right after the panel.
    expect(lines.slice(top + 4, top + 7).map((l) => l.trim())).toEqual(['✓ Read the parser', '✓ Find the failing case', expect.stringMatching(/^╭─/)]);
    const coloured = app.tmux('capture-pane', '-p', '-e', '-t', app.session).split('\n');
    expect(coloured[top + 1]).toContain(accent);
    const end = await app.waitFor((s) => s.includes('All five steps are done.') && s.includes('Plan · 5/5 done'), 'the plan completed', 60_000);
    expect(end).toMatch(/update_plan .*5\/5 done/);
    expect(end).toContain('✓ Run the suite (done)');
    app.keys('M-l');
    await app.waitFor((s) => !s.includes('Plan · 5/5 done'), 'Alt+L to hide the panel');
    app.keys('M-l');
    await app.waitFor((s) => s.includes('Plan · 5/5 done'), 'Alt+L to show it again');
    // A new prompt after the plan was completed: the panel goes.
    app.type('thanks');
    app.keys('Enter');
    await app.waitFor((s) => !s.includes('Plan · 5/5 done'), 'the completed plan to reset');
  }, 120_000);
});
