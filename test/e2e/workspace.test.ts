// A repository with AGENTS.md, a /review command and a setting only a trusted workspace may
// use, in a real terminal: the trust prompt after the first frame, the memory file in the header,
// /review in the / menu sending its expanded prompt, /memory, a # line saved to AGENTS.md, and
// the palette following the terminal's background (dark, light via OSC 11, NO_COLOR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

function makeRepo(): string {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-workspace-'));
  mkdirSync(path.join(cwd, '.inkling', 'commands'), { recursive: true });
  writeFileSync(path.join(cwd, 'AGENTS.md'), 'Use tabs, never spaces.\n');
  writeFileSync(
    path.join(cwd, '.inkling', 'commands', 'review.md'),
    '---\ndescription: Review a folder for bugs\nargument-hint: <path>\n---\nReview the code in $1 and list the bugs you find.\n',
  );
  writeFileSync(path.join(cwd, '.inkling', 'settings.json'), '{ "permissions": { "allow": ["bash(ls)"] } }\n');
  return cwd;
}

/** The pane with its colours, as SGR sequences. */
const coloured = (app: TmuxApp) => app.tmux('capture-pane', '-p', '-e', '-t', app.session);

describe('a workspace with memory, a command and settings of its own', () => {
  let server: { url: string; proc: ChildProcess };
  let app: TmuxApp;
  let cwd: string;
  const record = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-record-')), 'requests.jsonl');

  beforeAll(async () => {
    server = await startFakeServer([{ text: 'Found no bugs in src/core.' }, { text: 'Noted: pnpm.' }], { record });
    cwd = makeRepo();
    app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-workspace', ANTHROPIC_BASE_URL: server.url } });
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  }, 40_000);

  afterAll(() => {
    app?.kill();
    server?.proc.kill('SIGTERM');
  });

  it('asks once whether to trust the workspace, listing what its files would set, and remembers y', async () => {
    const screen = await app.waitFor((s) => s.includes('Trust this workspace?'), 'the trust prompt');
    expect(screen).toContain('permissions.allow = ["bash(ls)"] (.inkling/settings.json) — lets calls run without asking');
    expect(screen).toContain('y trust the workspace');
    app.keys('y');
    await app.waitFor((s) => s.includes(`trusted ${cwd}`) && !s.includes('Trust this workspace?'), 'the answer');
    const file = path.join(process.env.INKLING_HOME!, 'trust.json');
    // Written as the agent starts on the answer.
    await app.waitFor(() => existsSync(file) && readFileSync(file, 'utf8').includes(cwd), 'trust.json');
  });

  it('names AGENTS.md in the header', async () => {
    const screen = await app.waitFor((s) => s.split('\n')[0]!.includes('AGENTS.md'), 'the memory label');
    expect(screen.split('\n')[0]).toMatch(/· AGENTS\.md\s*$/);
  });

  it('offers /review in the / menu with its hint, description and origin', async () => {
    app.type('/rev');
    const screen = await app.waitFor((s) => s.includes('/review'), 'the menu');
    expect(screen).toMatch(/\/review +<path> Review a folder for bugs \(project\)/);
  });

  it('/review src/core sends the expanded prompt, with AGENTS.md in the system prompt', async () => {
    app.type('iew src/core');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Found no bugs in src/core.'), 'the answer', 20_000);
    const request = JSON.parse(readFileSync(record, 'utf8').trim().split('\n').at(-1)!) as {
      body: { system: unknown; messages: { role: string; content: unknown }[] };
    };
    expect(JSON.stringify(request.body.messages.at(-1)!.content)).toContain('Review the code in src/core and list the bugs you find.');
    expect(JSON.stringify(request.body.system)).toContain('Use tabs, never spaces.');
  });

  it('/memory shows the file, its size and its text; Esc closes it', async () => {
    app.type('/memory');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('Memory: instructions the model gets'), '/memory');
    expect(screen).toMatch(/AGENTS\.md +24 B +project · in the prompt/);
    expect(screen).toContain('Use tabs, never spaces.');
    app.keys('Escape');
    await app.waitFor((s) => !s.includes('Memory: instructions the model gets'), 'the transcript again');
  });

  it('a # line asks which file, appends the line to AGENTS.md, and the next request carries it', async () => {
    app.type('# always use pnpm');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('Save - always use pnpm to:'), 'the question');
    expect(screen).toContain('1 AGENTS.md (this project)');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('saved "- always use pnpm" to AGENTS.md (this project)'), 'the notice');
    expect(readFileSync(path.join(cwd, 'AGENTS.md'), 'utf8')).toBe('Use tabs, never spaces.\n- always use pnpm\n');
    // Read again into the running session: no restart needed.
    app.type('which package manager?');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Noted: pnpm.'), 'the answer', 20_000);
    const request = JSON.parse(readFileSync(record, 'utf8').trim().split('\n').at(-1)!) as { body: { system: unknown } };
    expect(JSON.stringify(request.body.system)).toContain('- always use pnpm');
  });
});

describe('leaving before the trust question is answered', () => {
  let app: TmuxApp;
  afterAll(() => app?.kill());

  it('Ctrl+C twice ends the program the normal way (the agent waiting for the answer is told no) and trusts nothing', async () => {
    const cwd = makeRepo();
    app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-leave' }, args: ['--demo'] });
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    app.keys('C-c', 'C-c');
    const screen = await app.waitFor((s) => /EXITED \d+/.test(s), 'the exit', 20_000);
    // The normal way out, all of it: the agent was disposed of and the summary printed (with the
    // question left unanswered, Node ran out of work before the summary).
    expect(screen).toMatch(/demo model \(--demo\) · 0 turns[\s\S]*EXITED 0/);
    const file = path.join(process.env.INKLING_HOME!, 'trust.json');
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain(cwd);
  }, 40_000);
});

describe('a # line meets the permission rules', () => {
  let app: TmuxApp;
  let cwd: string;
  beforeAll(async () => {
    cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-memory-deny-'));
    mkdirSync(path.join(cwd, '.inkling'));
    writeFileSync(path.join(cwd, 'AGENTS.md'), 'Keep it short.\n');
    // A deny rule only tightens, so it applies without trust (and nothing is asked).
    writeFileSync(path.join(cwd, '.inkling', 'settings.json'), '{ "permissions": { "deny": ["edit(AGENTS.md)"] } }\n');
    app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-deny' }, args: ['--demo'] });
    await app.waitFor((s) => s.split('\n')[0]!.includes('AGENTS.md'), 'the memory label', 30_000);
  }, 40_000);
  afterAll(() => app?.kill());

  it('a deny rule on AGENTS.md refuses the line and leaves the file as it was', async () => {
    app.type('# always use pnpm');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('Save - always use pnpm to:'), 'the question');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('not saved to AGENTS.md (this project)'), 'the refusal');
    expect(screen).toContain('edit(AGENTS.md)');
    expect(readFileSync(path.join(cwd, 'AGENTS.md'), 'utf8')).toBe('Keep it short.\n');
  });
});

describe('colours follow the terminal', () => {
  const apps: TmuxApp[] = [];
  afterAll(() => {
    for (const a of apps) a.kill();
  });

  async function start(opts: { env?: Record<string, string>; paneStyle?: string }): Promise<TmuxApp> {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-theme-'));
    // The suite runs with FORCE_COLOR=0; a 256-colour terminal like tmux's is level 2.
    const env = { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-theme', FORCE_COLOR: '2', ...opts.env };
    const app = startTmuxApp({ cwd, args: ['--demo'], ...opts, env });
    apps.push(app);
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    return app;
  }

  it('a dark pane (no answer to OSC 11) keeps the dark palette', async () => {
    const app = await start({});
    // The demo model's name is painted as a warning: yellow on dark.
    expect(coloured(app).split('\n')[0]).toMatch(/\x1b\[33mdemo model/);
  });

  it('a light pane answers OSC 11 and the palette turns light, with nothing typed into the prompt', async () => {
    const app = await start({ paneStyle: 'bg=#ffffff,fg=#000000' });
    const until = Date.now() + 10_000;
    while (!/38;5;130mdemo model/.test(coloured(app).split('\n')[0]!) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const screen = coloured(app);
    expect(screen.split('\n')[0]).toMatch(/\x1b\[38;5;130mdemo model/);
    expect(app.screen()).toContain('Ask anything');
    expect(app.screen()).not.toContain('rgb:');
  });

  it('NO_COLOR leaves no colour on the screen', async () => {
    const app = await start({ env: { NO_COLOR: '1' }, paneStyle: 'bg=#ffffff,fg=#000000' });
    const screen = coloured(app);
    expect(screen).toContain('demo model');
    expect(screen).not.toMatch(/\x1b\[(?:3[0-7]|9[0-7]|38;5;\d+|38;2;[\d;]+)m/);
  });

  it('a theme setting of light skips the question', async () => {
    const home = process.env.INKLING_HOME!;
    const settings = path.join(home, 'settings.json');
    const before = existsSync(settings) ? readFileSync(settings, 'utf8') : null;
    writeFileSync(settings, '{ "theme": "light" }\n');
    try {
      const app = await start({});
      expect(coloured(app).split('\n')[0]).toMatch(/\x1b\[38;5;130mdemo model/);
    } finally {
      if (before === null) writeFileSync(settings, '{}\n');
      else writeFileSync(settings, before);
    }
  });
});
