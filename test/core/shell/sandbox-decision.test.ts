import { describe, expect, it } from 'vitest';
import { sandboxDecision, sandboxLabel, type CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { sandboxHint } from '../../../src/core/shell/sandbox-hints.js';

const on: CommandSandbox = { mode: 'workspace', network: false, probe: { ok: true, bwrap: '/usr/bin/bwrap' }, allowUnsandboxed: false };

describe('sandboxDecision', () => {
  it('sandboxes a plain call when the probe passed', () => {
    expect(sandboxDecision({}, on)).toEqual({ sandboxed: true });
    expect(sandboxDecision({ sandbox: true }, on)).toEqual({ sandboxed: true });
  });

  it('says why a call is not sandboxed: off, unavailable (with the reason) or requested (with the reason)', () => {
    expect(sandboxDecision({}, undefined)).toEqual({ sandboxed: false, why: 'off' });
    expect(sandboxDecision({}, { ...on, mode: 'off' })).toEqual({ sandboxed: false, why: 'off' });
    expect(sandboxDecision({}, { ...on, probe: { ok: false, reason: 'no bwrap', fix: 'install' } })).toEqual({ sandboxed: false, why: 'unavailable', reason: 'no bwrap' });
    expect(sandboxDecision({ sandbox: false, reason: ' npm install needs the network ' }, on)).toEqual({
      sandboxed: false,
      why: 'requested',
      reason: 'npm install needs the network',
    });
    expect(sandboxDecision({ sandbox: false }, on)).toEqual({ sandboxed: false, why: 'requested' });
  });

  it('labels the session for the header', () => {
    expect(sandboxLabel(on)).toBe('sandboxed');
    expect(sandboxLabel({ ...on, network: true })).toBe('sandboxed (network on)');
    expect(sandboxLabel({ ...on, mode: 'off' })).toBe('not sandboxed (off)');
    expect(sandboxLabel({ ...on, probe: { ok: false, reason: 'x', fix: 'y' } })).toBe('not sandboxed (unavailable)');
  });
});

describe('sandboxHint', () => {
  const opts = { workspace: '/w', network: false };

  it('names the read-only path from bash, touch and npm-style messages', () => {
    expect(sandboxHint('bash: line 1: /home/u/.bashrc: Read-only file system', opts)).toMatch(/^The sandbox blocked a write to \/home\/u\/\.bashrc: /);
    expect(sandboxHint("touch: cannot touch '/etc/x': Read-only file system", opts)).toMatch(/blocked a write to \/etc\/x:/);
    expect(sandboxHint("npm error code EROFS\nnpm error syscall mkdir\nnpm error path /home/u/.npm", opts)).toMatch(/^The sandbox blocked a write:/);
  });

  it('hints at a denied path outside the workspace only, and at a missing network when it is off', () => {
    expect(sandboxHint("cat: /root/secret: Permission denied", opts)).toMatch(/may have blocked access to \/root\/secret/);
    expect(sandboxHint("cat: /w/mine: Permission denied", opts)).toBeNull();
    expect(sandboxHint('curl: (6) Could not resolve host: example.com', opts)).toMatch(/no network\. Rerun with sandbox: false/);
    expect(sandboxHint('curl: (6) Could not resolve host: example.com', { ...opts, network: true })).toBeNull();
    expect(sandboxHint('all fine', opts)).toBeNull();
  });
});
