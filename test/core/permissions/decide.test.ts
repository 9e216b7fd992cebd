import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser, type BashParser } from '../../../src/core/permissions/bash-parser.js';
import { decide, PLAN_MODE_MESSAGE, type PermissionPolicy, type SandboxDecision } from '../../../src/core/permissions/decide.js';
import { parseRule, type PermissionRule } from '../../../src/core/permissions/rules.js';
import { staysInside } from '../../../src/core/permissions/paths.js';
import type { PermissionMode } from '../../../src/core/permissions/approval.js';

let parser: BashParser;
beforeAll(async () => {
  parser = await loadBashParser();
});

const rules = (...texts: string[]): PermissionRule[] =>
  texts.map((t) => {
    const r = parseRule(t, 'settings.json');
    if (!r.ok) throw new Error(r.problem);
    return r.rule;
  });

function policy(over: Partial<PermissionPolicy> = {}): PermissionPolicy {
  return { mode: 'default', allow: [], ask: [], deny: [], session: [], protectedPaths: [], workspaceRoot: '/w/p', home: '/home/u', ...over };
}

const bash = (command: string, p: PermissionPolicy = policy()) => decide(parser, p, { name: 'bash', input: { command }, readOnly: false });
const edit = (file: string, p: PermissionPolicy = policy()) => decide(parser, p, { name: 'edit_file', input: { path: file, old_string: 'a', new_string: 'b' }, readOnly: false });
const read = (file: string, p: PermissionPolicy = policy()) => decide(parser, p, { name: 'read_file', input: { path: file }, readOnly: true });

describe('commands', () => {
  it('runs what the parser proves read-only and asks for the rest', () => {
    expect(bash('ls -la | grep x').kind).toBe('allow');
    expect(bash('npm test').kind).toBe('ask');
    expect(bash('ls > out.txt').kind).toBe('ask');
  });

  it('matches an exact command and a prefix only at a word boundary', () => {
    const p = policy({ allow: rules('bash(npm test)', 'bash(git status:*)') });
    expect(bash('npm test', p).kind).toBe('allow');
    expect(bash('npm test --watch', p).kind).toBe('ask');
    expect(bash('git status', p).kind).toBe('allow');
    expect(bash('git status --short', p).kind).toBe('allow');
    expect(bash('git statusx', p).kind).toBe('ask');
    expect(bash('git  status', p).kind).toBe('allow');
    expect(bash("git 'status'", p).kind).toBe('allow');
  });

  it('allows a compound command only when every part is allowed', () => {
    const p = policy({ allow: rules('bash(git status:*)', 'bash(npm test)') });
    expect(bash('git status && npm test', p).kind).toBe('allow');
    expect(bash('git status && ls', p).kind).toBe('allow');
    expect(bash('git status; rm -rf x', p).kind).toBe('ask');
    expect(bash('git status | tee log', p).kind).toBe('ask');
    expect(bash('git status $(rm x)', p).kind).toBe('ask');
    expect(bash('(git status; touch y)', p).kind).toBe('ask');
    expect(bash('FOO=1 npm test', p).kind).toBe('ask');
  });

  it('asks for what the parser cannot understand, even when a rule names it', () => {
    const p = policy({ allow: rules('bash(git status:*)') });
    expect(bash('for i in 1; do git status; done', p).kind).toBe('ask');
    expect(bash('git status "unterminated', p).kind).toBe('ask');
    expect(bash('$CMD status', p).kind).toBe('ask');
  });

  it('lets deny beat allow, also through sudo and paths', () => {
    const p = policy({ allow: rules('bash'), deny: rules('bash(rm:*)') });
    expect(bash('rm x', p).kind).toBe('deny');
    expect(bash('ls && sudo rm x', p).kind).toBe('deny');
    expect(bash('/bin/rm x', p).kind).toBe('deny');
    expect(bash('ls', p).kind).toBe('allow');
    expect(bash('echo rm x', p).kind).toBe('allow');
    const denied = bash('rm x', p);
    expect(denied.kind === 'deny' && denied.message).toContain('"bash(rm:*)" (from settings.json)');
  });

  it('refuses catastrophic commands in every mode, even with bash allowed', () => {
    for (const mode of ['default', 'accept-edits', 'plan', 'yolo'] as PermissionMode[]) {
      const v = bash('rm -rf ~', policy({ mode, allow: rules('bash') }));
      expect(v.kind).toBe('deny');
      expect(v.kind === 'deny' && v.hard).toBe(true);
    }
  });

  it('offers to remember the command prefix, and -p names it', () => {
    const v = bash('git commit -m "fix it"');
    expect(v.kind).toBe('ask');
    if (v.kind !== 'ask') return;
    expect(v.remember).toEqual({ label: 'commands starting with `git commit`', rule: 'bash(git commit:*)' });
    expect(v.headless).toBe("This command needs approval: rerun with --allowed-tools 'bash(git commit:*)' or --yolo.");
  });

  it('honours a remembered prefix for the next matching call', () => {
    const p = policy({ session: rules('bash(npm run build:*)') });
    expect(bash('npm run build -- --prod', p).kind).toBe('allow');
    expect(bash('npm run lint', p).kind).toBe('ask');
  });

  it('says what the parser found', () => {
    const v = bash('rm a b c && echo done > out.txt');
    expect(v.kind === 'ask' && v.findings).toEqual(['rm of 3 paths', 'writes to out.txt']);
  });

  it('says a finding repeated by many parts once, with how many times', () => {
    const v = bash(['touch a', 'touch b', 'touch c', 'rm d'].join('\n'));
    expect(v.kind === 'ask' && v.findings).toEqual(['touch of 1 path (3 times)', 'rm of 1 path']);
  });

  it('treats a redirection into the workspace as an edit', () => {
    expect(bash('echo hi > notes.txt', policy({ mode: 'accept-edits' })).kind).toBe('allow');
    expect(bash('echo hi > /tmp/notes.txt', policy({ mode: 'accept-edits' })).kind).toBe('ask');
    expect(bash('echo hi > .env', policy({ mode: 'yolo' })).kind).toBe('ask');
    expect(bash('echo hi > notes.txt', policy({ allow: rules('bash(echo:*)', 'edit(notes.txt)') })).kind).toBe('allow');
  });

  it('follows the sandbox: sandboxed commands run in auto (not accept-edits), a request to leave it asks', () => {
    const sandboxed = (): SandboxDecision => ({ sandboxed: true });
    const requested = (): SandboxDecision => ({ sandboxed: false, why: 'requested', reason: 'needs the network' });
    expect(bash('npm test', policy({ mode: 'auto', sandbox: sandboxed })).kind).toBe('allow');
    expect(bash('rm -rf src', policy({ mode: 'auto', sandbox: sandboxed })).kind).toBe('allow');
    expect(bash('npm test', policy({ mode: 'accept-edits', sandbox: sandboxed })).kind).toBe('ask');
    expect(bash('rm -rf src', policy({ mode: 'accept-edits', sandbox: sandboxed })).kind).toBe('ask');
    expect(bash('npm test', policy({ mode: 'default', sandbox: sandboxed })).kind).toBe('ask');
    expect(bash('npm install', policy({ mode: 'auto', sandbox: requested })).kind).toBe('ask');
    const v = bash('npm install', policy({ mode: 'accept-edits', sandbox: requested }));
    expect(v.kind === 'ask' && v.sandboxReason).toBe('needs the network');
    expect(bash('npm install', policy({ mode: 'yolo', sandbox: requested })).kind).toBe('allow');
    expect(bash('npm install', policy({ mode: 'plan', sandbox: requested })).kind).toBe('deny');
  });
});

describe('accept-edits: edits only', () => {
  const sandboxed = (): SandboxDecision => ({ sandboxed: true });
  const accept = (over: Partial<PermissionPolicy> = {}) => policy({ mode: 'accept-edits', sandbox: sandboxed, ...over });

  it('runs mkdir, touch, mv and cp whose every operand is a literal path inside the workspace', () => {
    for (const command of ['mkdir -p src/new/deep', 'touch notes.txt src/a.ts', 'mv src/a.ts src/b.ts', 'cp -r src lib', 'cp -- a.txt b.txt', 'mkdir /w/p/abs', 'touch a.txt && mkdir b']) {
      expect(bash(command, accept()), command).toMatchObject({ kind: 'allow' });
    }
  });

  it('asks when an operand is outside the workspace, protected, not literal, or an option carries a value', () => {
    for (const command of ['mkdir /tmp/x', 'cp src/a.ts ../elsewhere', 'mv ~/x y', 'cp /etc/passwd .', 'touch .env', 'mv a .inkling/settings.json', 'touch $F', 'cp *.ts lib', 'touch "$(rm x)"', 'cp --target-directory=/tmp a', 'cp -t /tmp a', 'mkdir', 'touch .', 'FOO=1 touch a']) {
      expect(bash(command, accept()).kind, command).toBe('ask');
    }
  });

  it('asks for rm and for sandboxed commands; a redirection into the workspace runs', () => {
    expect(bash('rm -rf src', accept()).kind).toBe('ask');
    expect(bash('rm notes.txt', accept()).kind).toBe('ask');
    expect(bash('npm test', accept()).kind).toBe('ask');
    expect(bash('echo hi > notes.txt', accept()).kind).toBe('allow');
    expect(bash('echo hi > ../notes.txt', accept()).kind).toBe('ask');
    expect(bash('mkdir out && echo hi > out/log.txt', accept()).kind).toBe('allow');
    expect(bash('mkdir out && npm test', accept()).kind).toBe('ask');
  });

  it('asks for workspace file commands in default mode, naming accept-edits to -p', () => {
    const v = bash('mkdir src/new', policy({ sandbox: sandboxed }));
    expect(v.kind === 'ask' && v.headless).toBe("This command needs approval: rerun with --allowed-tools 'bash(mkdir:*)', --permission-mode accept-edits or --yolo.");
  });

  it('tells -p about auto when the command would run in the sandbox', () => {
    const v = bash('npm test', accept());
    expect(v.kind === 'ask' && v.headless).toBe("This command needs approval: rerun with --allowed-tools 'bash(npm test:*)', --permission-mode auto (sandboxed commands run) or --yolo.");
    const off = bash('npm test', policy({ mode: 'accept-edits' }));
    expect(off.kind === 'ask' && off.headless).toBe("This command needs approval: rerun with --allowed-tools 'bash(npm test:*)' or --yolo.");
  });
});

describe('accept-edits: what counts as a workspace edit, on a real folder', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-edits-')));
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-edits-outside-')));
    fs.mkdirSync(path.join(root, 'src'));
    fs.mkdirSync(path.join(root, '.git', 'hooks'), { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'elsewhere'));
    fs.symlinkSync(path.join(outside, 'not-there-yet'), path.join(root, 'dangling'));
    fs.symlinkSync(path.join(root, 'src'), path.join(root, 'src-link'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
  const real = () => policy({ mode: 'accept-edits', workspaceRoot: root, realInside: (rel) => staysInside(root, rel), sandbox: () => ({ sandboxed: true }) });

  it('runs what stays inside once symlinks are followed', () => {
    for (const command of ['touch src/a.ts', 'mkdir -p src/new/deep', 'cp src/a.ts src-link/b.ts', 'echo hi > src-link/c.txt']) {
      expect(bash(command, real()).kind, command).toBe('allow');
    }
  });

  it('asks for a path through a symlink that leaves the workspace, a dangling link, and .git/', () => {
    for (const command of ['touch elsewhere/x', 'mkdir elsewhere/d', 'echo hi > elsewhere/x', 'touch dangling', 'echo x > dangling', 'cp src/a.ts .git/hooks/pre-commit', 'echo "#!/bin/sh" > .git/hooks/pre-commit']) {
      expect(bash(command, real()).kind, command).toBe('ask');
    }
  });
});

describe('modes', () => {
  const cases: [PermissionMode, string, string, string][] = [
    // mode, edit, command, read-only command
    ['default', 'ask', 'ask', 'allow'],
    ['accept-edits', 'allow', 'ask', 'allow'],
    ['auto', 'allow', 'ask', 'allow'],
    ['plan', 'deny', 'deny', 'allow'],
    ['yolo', 'allow', 'allow', 'allow'],
  ];
  it.each(cases)('%s: edit %s, command %s, read-only command %s', (mode, e, c, r) => {
    expect(edit('src/a.ts', policy({ mode })).kind).toBe(e);
    expect(bash('npm test', policy({ mode })).kind).toBe(c);
    expect(bash('cat a.txt', policy({ mode })).kind).toBe(r);
    expect(read('src/a.ts', policy({ mode })).kind).toBe('allow');
  });

  it('asks for an MCP tool without readOnlyHint in default, accept-edits and auto; runs it in yolo or with readOnlyHint', () => {
    const mcp = (mode: PermissionMode, readOnly = false) => decide(parser, policy({ mode }), { name: 'mcp__github__create_issue', input: { title: 't' }, readOnly }).kind;
    expect((['default', 'accept-edits', 'auto'] as PermissionMode[]).map((m) => mcp(m))).toEqual(['ask', 'ask', 'ask']);
    expect(mcp('yolo')).toBe('allow');
    expect(mcp('plan')).toBe('deny');
    expect(mcp('default', true)).toBe('allow');
  });

  it('tells the model in plan mode to present a plan', () => {
    const v = edit('a.ts', policy({ mode: 'plan' }));
    expect(v.kind === 'deny' && v.message).toBe(PLAN_MODE_MESSAGE);
  });

  it('applies deny rules in yolo too', () => {
    expect(edit('src/a.ts', policy({ mode: 'yolo', deny: rules('edit(src/**)') })).kind).toBe('deny');
    expect(bash('git push', policy({ mode: 'yolo', deny: rules('bash(git push:*)') })).kind).toBe('deny');
  });
});

describe('file rules and protected paths', () => {
  it('matches gitignore-style globs relative to the workspace', () => {
    const p = policy({ allow: rules('edit(src/**)') });
    expect(edit('src/a/b.ts', p).kind).toBe('allow');
    expect(edit('/w/p/src/x.ts', p).kind).toBe('allow');
    expect(edit('lib/x.ts', p).kind).toBe('ask');
    const q = policy({ deny: rules('read(**/.env)') });
    expect(read('.env', q).kind).toBe('deny');
    expect(read('a/b/.env', q).kind).toBe('deny');
    expect(read('a/.envrc', q).kind).toBe('allow');
  });

  it('always asks for protected paths, in accept-edits, yolo and inside a remembered folder', () => {
    for (const mode of ['default', 'accept-edits', 'yolo'] as PermissionMode[]) {
      const v = edit('.env.local', policy({ mode, session: rules('edit(**)') }));
      expect(v.kind).toBe('ask');
      expect(v.kind === 'ask' && v.remember).toBeUndefined();
    }
    expect(edit('.inkling/settings.json', policy({ mode: 'accept-edits' })).kind).toBe('ask');
    expect(edit('config/secrets.yml', policy({ mode: 'accept-edits', protectedPaths: ['secrets.yml'] })).kind).toBe('ask');
    expect(edit('.env', policy({ allow: rules('edit(.env)') })).kind).toBe('allow');
  });

  it('offers edits in the file\'s folder', () => {
    const v = edit('src/app/x.ts');
    expect(v.kind === 'ask' && v.remember).toEqual({ label: 'edits in src/app/', rule: 'edit(src/app/**)' });
    const top = edit('README.md');
    expect(top.kind === 'ask' && top.remember).toEqual({ label: 'edits of README.md', rule: 'edit(README.md)' });
    expect(top.kind === 'ask' && top.headless).toBe("edit_file README.md needs approval: rerun with --permission-mode accept-edits, --allowed-tools 'edit(README.md)' or --yolo.");
  });

  it('lets the tools refuse paths outside the workspace themselves', () => {
    expect(edit('../elsewhere.txt').kind).toBe('allow');
  });
});

describe('MCP tools', () => {
  const mcp = (name: string, readOnly: boolean, p = policy()) => decide(parser, p, { name, input: { a: 1 }, readOnly });
  it('asks unless readOnlyHint or a rule says otherwise', () => {
    expect(mcp('mcp__gh__create_issue', false).kind).toBe('ask');
    expect(mcp('mcp__gh__list_issues', true).kind).toBe('allow');
    expect(mcp('mcp__gh__create_issue', false, policy({ allow: rules('mcp__gh__*') })).kind).toBe('allow');
    expect(mcp('mcp__gh__create_issue', false, policy({ allow: rules('mcp__gh') })).kind).toBe('allow');
    expect(mcp('mcp__gh__list_issues', true, policy({ deny: rules('mcp__gh') })).kind).toBe('deny');
    const v = mcp('mcp__gh__create_issue', false);
    expect(v.kind === 'ask' && v.headless).toBe("mcp__gh__create_issue needs approval: rerun with --allowed-tools 'mcp__gh__create_issue' or --yolo.");
  });
});

describe('background job tools', () => {
  const job = (name: string, mode: PermissionMode, readOnly = false) => decide(parser, policy({ mode }), { name, input: { id: 1 }, readOnly });

  it('job_output is read-only; job_input asks like a command; job_kill runs unasked in accept-edits and auto only', () => {
    expect(job('job_output', 'plan', true).kind).toBe('allow');
    expect(job('job_input', 'default').kind).toBe('ask');
    expect(job('job_input', 'accept-edits').kind).toBe('ask');
    expect(job('job_kill', 'default').kind).toBe('ask');
    expect(job('job_kill', 'accept-edits')).toMatchObject({ kind: 'allow', why: 'accept-edits mode: a job this session started' });
    expect(job('job_kill', 'auto').kind).toBe('allow');
    expect(job('job_kill', 'plan').kind).toBe('deny');
  });
});
