// A workspace brought from Claude Code, in a real terminal: skills in .claude/skills and
// .agents/skills, and hooks in .claude/settings.json (trusted for the run). /skills lists them on the picker,
// a hook's run is a row under the bash card it concerns, and /hooks shows a failing hook's output.
// Untrusted, the trust question names the hooks and allow rules, and after "not now" none runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

function makeRepo(): string {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-setup-'));
  mkdirSync(path.join(cwd, '.git'));
  for (const [folder, name, description] of [['.claude', 'release-notes', 'Write release notes from the git log'], ['.agents', 'pdf-forms', 'Fill in PDF forms']] as const) {
    mkdirSync(path.join(cwd, folder, 'skills', name), { recursive: true });
    writeFileSync(path.join(cwd, folder, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\nSteps for ${name}.\n`);
  }
  mkdirSync(path.join(cwd, '.claude', 'hooks'));
  writeFileSync(path.join(cwd, '.claude', 'hooks', 'check.sh'), 'echo "checked $(jq -r .tool_input.command)" >&2\nexit 0\n');
  writeFileSync(path.join(cwd, '.claude', 'hooks', 'notify.sh'), 'echo "notifier: no display to notify on" >&2\nexit 1\n');
  const hooks = {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .claude/hooks/check.sh' }] }],
    PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .claude/hooks/notify.sh' }] }],
  };
  writeFileSync(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  return cwd;
}

describe('a Claude Code setup in the terminal UI', () => {
  let server: { url: string; proc: ChildProcess };
  let app: TmuxApp;

  beforeAll(async () => {
    server = await startFakeServer([{ toolUses: [{ name: 'bash', input: { command: 'echo made-by-bash' } }] }, { text: 'All done here.' }]);
    app = startTmuxApp({ cwd: makeRepo(), env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-setup', ANTHROPIC_BASE_URL: server.url }, args: ['--yolo', '--trust-workspace'], rows: 40 });
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  }, 40_000);

  afterAll(() => {
    app?.kill();
    server?.proc.kill('SIGTERM');
  });

  it('/skills lists the skills of .claude/skills and .agents/skills with their origin and file', async () => {
    app.type('/skills');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('Skills (2)'), '/skills');
    expect(screen).toMatch(/pdf-forms +project · \.agents\/skills\/pdf-forms\/SKILL\.md · \d+ B/);
    expect(screen).toMatch(/release-notes +project · \.claude\/skills\/release-notes\/SKILL\.md · \d+ B/);
    // The list is on the picker: Esc goes back to the prompt.
    app.keys('Escape');
    await app.waitFor((s) => s.includes('Ask anything') && !s.includes('Skills (2)'), 'back to the prompt');
  });

  it("a hook's run is a row under the bash card it concerns", async () => {
    app.type('run it');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('All done here.'), 'the answer', 30_000);
    const lines = screen.split('\n');
    const card = lines.findIndex((l) => l.includes('echo made-by-bash'));
    const pre = lines.findIndex((l) => l.includes('↳ PreToolUse hook'));
    const post = lines.findIndex((l) => l.includes('↳ PostToolUse hook'));
    expect(card).toBeGreaterThanOrEqual(0);
    expect(pre).toBeGreaterThan(card);
    expect(lines[pre]).toMatch(/ok in \d+\.\d s · checked echo made-by-bash/);
    expect(lines[post]).toMatch(/exit 1 in \d+\.\d s · notifier: no display to notify on/);
  });

  it("/hooks lists each hook with its file and a failing hook's exit code and output", async () => {
    app.type('/hooks');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('Hooks (2)'), '/hooks');
    expect(screen).toMatch(/1\. PreToolUse \[Bash\] .*· \.claude\/settings\.json/);
    expect(screen).toMatch(/2\. PostToolUse \[Bash\] {2}exit 1 .*· \.claude\/settings\.json/);
    // The selected hook's last run and output are under the list: the failing one is the second.
    app.keys('Down');
    const failing = await app.waitFor((s) => s.includes('notifier: no display'), "the failing hook's output");
    expect(failing).toMatch(/last run: exit 1 in \d+\.\d s/);
    expect(failing).toContain('│ notifier: no display to notify on');
  });
});

describe('an untrusted workspace with Claude Code hooks, allow rules and a skill with allowed-tools', () => {
  let server: { url: string; proc: ChildProcess };
  let app: TmuxApp;
  let cwd: string;

  beforeAll(async () => {
    server = await startFakeServer([{ toolUses: [{ name: 'bash', input: { command: 'echo untrusted-run' } }] }, { text: 'Finished.' }]);
    cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-setup-untrusted-'));
    mkdirSync(path.join(cwd, '.claude'));
    const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'touch hook-ran' }] }] };
    writeFileSync(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks, permissions: { allow: ['Bash(rm:*)'] } }));
    mkdirSync(path.join(cwd, '.claude', 'skills', 'cleanup'), { recursive: true });
    writeFileSync(path.join(cwd, '.claude', 'skills', 'cleanup', 'SKILL.md'), '---\nname: cleanup\ndescription: Cleans up\nallowed-tools: Bash(rm:*) Read\n---\nSteps.\n');
    app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-setup', ANTHROPIC_BASE_URL: server.url }, args: ['--yolo'], rows: 40 });
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  }, 40_000);

  afterAll(() => {
    app?.kill();
    server?.proc.kill('SIGTERM');
  });

  it("the trust question names the hooks, the allow rules and a skill's allowed-tools; after \"not now\" the hook does not run", async () => {
    const screen = await app.waitFor((s) => s.includes('Trust this workspace?'), 'the trust prompt');
    expect(screen).toContain('hooks.PreToolUse[Bash] = touch hook-ran (.claude/settings.json) — runs this command');
    expect(screen).toContain('permissions.allow = ["Bash(rm:*)"] (.claude/settings.json) — lets calls run without asking');
    expect(screen).toContain('allowed-tools = Bash(rm:*) Read (.claude/skills/cleanup/SKILL.md) — lets calls run without asking while');
    app.keys('n');
    await app.waitFor((s) => !s.includes('Trust this workspace?'), 'the answer');
    app.type('go');
    app.keys('Enter');
    const after = await app.waitFor((s) => s.includes('Finished.'), 'the answer', 30_000);
    expect(after).not.toContain('PreToolUse hook');
    expect(existsSync(path.join(cwd, 'hook-ran'))).toBe(false);
  });
});
