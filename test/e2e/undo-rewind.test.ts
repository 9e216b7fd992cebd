// Undo and rewind in a real terminal (tmux) against the fake Anthropic server: a bash `sed -i`
// and an edit in one turn, each card listing its changed file; `u` on the bash call reverts only
// its change; `R` on the first prompt puts every file back and the prompt into the input, and the
// conversation goes on in a new session while the old one stays in /resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const script = [
  {
    toolUses: [
      { name: 'bash', input: { command: "sed -i 's/alpha/ALPHA/' a.txt" } },
      { name: 'read_file', input: { path: 'b.txt' } },
      { name: 'edit_file', input: { path: 'b.txt', old_string: 'beta', new_string: 'BETA' } },
    ],
  },
  { text: 'changed both' },
  { toolUses: [{ name: 'write_file', input: { path: 'c.txt', content: 'gamma\n' } }] },
  { text: 'added one' },
  { text: 'went another way' },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let cwd: string;
const read = (f: string) => readFileSync(path.join(cwd, f), 'utf8');
const selected = () => app.lines().find((l) => l.startsWith('▌')) ?? '';

beforeAll(async () => {
  server = await startFakeServer(script);
  cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-undo-'));
  writeFileSync(path.join(cwd, 'a.txt'), 'alpha\n');
  writeFileSync(path.join(cwd, 'b.txt'), 'beta\n');
  app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    args: ['--yolo'],
    cols: 110,
    rows: 34,
  });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  app.type('change them');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('changed both') && s.includes('● idle'), 'the first turn', 30_000);
  app.type('add one');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('added one') && s.includes('● idle'), 'the second turn', 30_000);
}, 90_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('undo and rewind in tmux', () => {
  it('lists on each card, the bash one included, the files it changed', () => {
    const s = app.screen();
    expect(s).toContain('↳ changed 1 file: a.txt +1 −1');
    expect(s).toContain('↳ changed 1 file: b.txt +1 −1');
    expect(s).toContain('↳ changed 1 file: c.txt +1 −0 (added)');
  });

  it('u on the bash call shows its reverse diff and y reverts only its change', async () => {
    app.keys('C-o');
    await app.waitFor((s) => s.includes('HISTORY'), 'history mode');
    app.keys('g');
    // One step at a time: each j waits until the selection has moved, so a slow frame cannot
    // make the walk overshoot the bash card.
    await app.waitFor(() => selected() !== '', 'a selection');
    for (let i = 0; i < 10 && !selected().includes('sed'); i++) {
      const before = selected();
      app.keys('j');
      await app.waitFor(() => selected() !== '' && selected() !== before, 'the selection to move');
    }
    expect(selected()).toContain('sed');
    // Expanded, the card shows the file's own diff under its name.
    app.keys('Enter');
    const open = await app.waitFor((s) => s.includes('+ALPHA'), 'the expanded diff');
    const rows = open.split('\n');
    const file = rows.findIndex((l) => l.includes('changed 1 file') && !l.includes(':'));
    expect(rows[file + 1]).toContain('a.txt +1 −1');
    expect(rows.slice(file + 2, file + 6).join('\n')).toMatch(/@@ -1 \+1 @@[\s\S]*-alpha[\s\S]*\+ALPHA/);
    app.keys('Enter');
    await app.waitFor((s) => !s.includes('+ALPHA'), 'the card collapsed');
    app.keys('u');
    const preview = await app.waitFor((s) => s.includes('puts 1 file back'), 'the undo preview');
    expect(preview).toContain('Undo bash');
    expect(preview).toContain('-ALPHA');
    expect(preview).toContain('+alpha');
    app.keys('y');
    await app.waitFor((s) => s.includes('(undone)'), 'the undo');
    expect(read('a.txt')).toBe('alpha\n');
    expect(read('b.txt')).toBe('BETA\n');
    expect(read('c.txt')).toBe('gamma\n');
  });

  it('/rewind lists the prompts with their files and previews one; Esc backs out changing nothing', async () => {
    app.keys('Escape');
    await app.waitFor((s) => !s.includes('HISTORY'), 'the input');
    app.type('/rewind');
    app.keys('Enter');
    const picker = await app.waitFor((s) => s.includes('Rewind to before a prompt') && s.includes('add one') && s.includes('change them'), 'the /rewind picker');
    const rows = picker.split('\n');
    // The undo came after the second prompt, so it is that turn's change too (rewinding to before
    // it would bring the undone ALPHA back): c.txt and a.txt.
    expect(rows.find((l) => l.includes('› ') && l.includes('add one'))).toMatch(/2 files \+2 −1/);
    expect(rows[rows.findIndex((l) => l.includes('› ')) + 1]).toContain('c.txt, a.txt');
    expect(rows.find((l) => l.includes('change them'))).toMatch(/2 files \+2 −2/);
    app.type('change');
    await app.waitFor((s) => s.includes('filter: change') && !s.includes('add one'), 'the filtered list');
    app.keys('Enter');
    const preview = await app.waitFor((s) => s.includes('Rewind to before prompt 1'), 'the preview');
    expect(preview).toContain('puts 2 files back');
    app.keys('Escape');
    await app.waitFor((s) => s.includes('Rewind to before a prompt') && s.includes('filter: change'), 'back in the picker');
    app.keys('Escape');
    await app.waitFor((s) => !s.includes('Rewind to before a prompt') && s.includes('added one'), 'back to the transcript');
    expect(read('b.txt')).toBe('BETA\n');
    expect(read('c.txt')).toBe('gamma\n');
    app.keys('C-o');
    await app.waitFor((s) => s.includes('HISTORY'), 'history mode again');
  });

  it('R on the first prompt rewinds every file and puts the prompt back in the input', async () => {
    app.keys('g');
    await app.waitFor(() => selected().includes('change them'), 'the first prompt selected');
    app.keys('R');
    const preview = await app.waitFor((s) => s.includes('Rewind to before prompt 1'), 'the rewind preview');
    expect(preview).toContain('puts 2 files back');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('rewound to before prompt 1'), 'the rewind');
    expect(read('a.txt')).toBe('alpha\n');
    expect(read('b.txt')).toBe('beta\n');
    expect(existsSync(path.join(cwd, 'c.txt'))).toBe(false);
    const s = app.screen();
    expect(s).not.toContain('changed both');
    expect(s.split('\n').some((l) => l.includes('│') && l.includes('change them'))).toBe(true);
    expect(s.replace(/\s+/g, ' ')).toContain('the conversation goes on in a new session');
  });

  it('goes on in a new session; the old branch is in /resume and opens with its turns', async () => {
    app.type(' another way');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('went another way') && s.includes('● idle'), 'the turn in the new session', 30_000);
    app.type('/resume');
    app.keys('Enter');
    const picker = await app.waitFor((s) => s.includes('Resume a session') && s.includes('(this session)') && / change them  .*2 turns/.test(s), 'both sessions in the picker');
    expect(picker).toMatch(/change them another way \(this session\) · rewound from [0-9a-f]{8} at prompt 1/);
    app.keys('Down');
    await app.waitFor(() => (app.lines().find((l) => l.includes('›')) ?? '').includes('change them '), 'the old session selected');
    app.keys('Enter');
    const old = await app.waitFor((s) => s.includes('Resumed session') && s.includes('changed both'), 'the old session opened');
    expect(old).toContain('added one');
    expect(old).not.toContain('went another way');
  });
});
