// A workspace that is the person's home (or holds it): the sandbox keeps the shell start-up files,
// ssh and git config, and every hidden entry of the home read-only, existing or not, while the
// projects under it stay writable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../../src/core/shell/sandbox-probe.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { makeToolContext } from '../../helpers/tool-context.js';

let base: string;
let home: string;
const sessions: string[] = [];
const savedHome = process.env.HOME;

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-sbx-home-')));
  home = path.join(base, 'home', 'pat');
  for (const dir of ['.ssh', '.config/git', 'projects/app']) fs.mkdirSync(path.join(home, dir), { recursive: true });
  fs.writeFileSync(path.join(home, '.bashrc'), '# bashrc\n');
  fs.writeFileSync(path.join(home, '.profile'), '# profile\n');
  fs.writeFileSync(path.join(home, 'notes.txt'), 'notes\n');
  process.env.HOME = home;
});

afterAll(() => {
  process.env.HOME = savedHome;
  fs.rmSync(base, { recursive: true, force: true });
  for (const dir of sessions) fs.rmSync(dir, { recursive: true, force: true });
});

async function runIn(workspace: string, command: string) {
  const ctx = makeToolContext({ workspaceRoot: workspace });
  ctx.session.sandbox = { mode: 'workspace', network: false, probe: await probeSandbox(), allowUnsandboxed: false };
  sessions.push(ctx.session.sessionDir);
  return bashTool.execute({ command, timeout_ms: 10_000 }, ctx);
}

const attempts = [
  'echo evil >> ~/.bashrc',
  'echo evil >> ~/.profile',
  'echo evil > ~/.bash_profile', // not there yet: it would take over from .profile
  'mkdir -p ~/.ssh && echo key >> ~/.ssh/authorized_keys',
  'echo "[core] hooksPath = /tmp" >> ~/.config/git/config',
  'echo evil > ~/new-top-level-file',
]
  .map((c) => `(${c}) 2>/dev/null && echo "wrote: ${c.replace(/"/g, '')}"`)
  .join('; ');

describe('sandbox: a workspace that holds the home folder', () => {
  for (const which of ['the home itself', 'the folder above it']) {
    it(`keeps the home's start-up and hidden files read-only, projects writable (${which})`, async () => {
      const workspace = which === 'the home itself' ? home : path.dirname(home);
      const r = await runIn(workspace, `${attempts}; echo ok > ~/projects/app/out.txt && echo >> ~/notes.txt && echo done`);
      expect(r.content).not.toContain('wrote:');
      expect(r.content).toMatch(/^done\n/m);
      expect(fs.readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe('# bashrc\n');
      expect(fs.readFileSync(path.join(home, '.profile'), 'utf8')).toBe('# profile\n');
      for (const absent of ['.bash_profile', '.ssh/authorized_keys', '.config/git/config', 'new-top-level-file']) {
        expect(fs.existsSync(path.join(home, absent))).toBe(false);
      }
      expect(fs.readFileSync(path.join(home, 'projects/app/out.txt'), 'utf8')).toBe('ok\n');
      expect(fs.readFileSync(path.join(home, 'notes.txt'), 'utf8')).toMatch(/^notes\n\n+$/);
    });
  }

  it('leaves a workspace beside the home as it was: its own dotfiles writable', async () => {
    const project = path.join(home, 'projects', 'app');
    const r = await runIn(project, 'echo x > .tool-versions && echo done');
    expect(r.content).toMatch(/^done\n/);
    expect(fs.readFileSync(path.join(project, '.tool-versions'), 'utf8')).toBe('x\n');
  });
});
