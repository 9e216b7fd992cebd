import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  copyToClipboard,
  findClipboardProgram,
  findOnPath,
  osc52Sequence,
  parseOsc52,
} from '../../src/app/clipboard.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A real executable named `name` that records its argv and stdin into the temp dir. */
function fakeProgram(name: string, exitCode = 0): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkling-clip-'));
  dirs.push(dir);
  const script = `#!/bin/sh\nprintf '%s\\n' "$@" > '${dir}/args'\n/bin/cat > '${dir}/stdin'\nexit ${exitCode}\n`;
  writeFileSync(join(dir, name), script);
  chmodSync(join(dir, name), 0o755);
  return dir;
}

describe('osc52Sequence', () => {
  it('is ESC ] 52 ; c ; base64 of exactly the UTF-8 text, ended by BEL', () => {
    const text = 'héllo — 世界\nline 2';
    const seq = osc52Sequence(text);
    expect(seq).toBe(`\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`);
    expect(parseOsc52(seq)).toEqual({ selection: 'c', text });
  });

  it('wraps for tmux passthrough only when asked, doubling inner ESCs', () => {
    const seq = osc52Sequence('hi', { tmuxPassthrough: true });
    expect(seq).toBe('\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\');
  });

  it('encodes the empty string as an empty payload', () => {
    expect(osc52Sequence('')).toBe('\x1b]52;c;\x07');
  });
});

describe('finding a clipboard program', () => {
  it('finds executables on PATH and ignores non-executable files', () => {
    const dir = fakeProgram('xclip');
    writeFileSync(join(dir, 'wl-copy'), 'not executable');
    expect(findOnPath('xclip', `/nonexistent:${dir}`)).toBe(join(dir, 'xclip'));
    expect(findOnPath('wl-copy', dir)).toBeNull();
  });

  it('picks the program for the display server, and none over ssh', () => {
    const dir = fakeProgram('xclip');
    const x11 = findClipboardProgram({ PATH: dir, DISPLAY: ':0' }, 'linux');
    expect(x11).toEqual({ name: 'xclip', path: join(dir, 'xclip'), args: ['-selection', 'clipboard'] });
    expect(findClipboardProgram({ PATH: dir }, 'linux')).toBeNull();
    expect(findClipboardProgram({ PATH: dir, DISPLAY: ':0', SSH_CONNECTION: '1 2 3 4' }, 'linux')).toBeNull();
  });
});

describe('copyToClipboard', () => {
  it('writes the OSC 52 sequence and pipes to the program with its argv', async () => {
    const dir = fakeProgram('xclip');
    const written: string[] = [];
    const text = 'exit 0\n$ echo "quoted; not a shell" && ls';
    const report = await copyToClipboard(text, {
      write: (s) => written.push(s),
      env: { PATH: dir, DISPLAY: ':0' },
    });
    expect(parseOsc52(written.join(''))?.text).toBe(text);
    expect(readFileSync(join(dir, 'stdin'), 'utf8')).toBe(text);
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe('-selection\nclipboard\n');
    expect(report).toMatchObject({ ok: true, osc52: true, program: 'xclip', lines: 2, problems: [] });
    expect(report.summary).toBe(`copied 2 lines (${Buffer.byteLength(text)} B) via OSC 52 + xclip`);
  });

  it('reports a failing program as a problem, not an exception', async () => {
    const dir = fakeProgram('wl-copy', 3);
    const report = await copyToClipboard('x', { env: { PATH: dir, WAYLAND_DISPLAY: 'wayland-0' } });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual(['wl-copy exited with code 3']);
    expect(report.summary).toMatch(/^nothing copied/);
  });

  it('reports a program that cannot start', async () => {
    const report = await copyToClipboard('x', {
      program: { name: 'pbcopy', path: '/nonexistent/pbcopy', args: [] },
    });
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/pbcopy: .*ENOENT/);
  });

  it('skips OSC 52 above the size cap and says so', async () => {
    const written: string[] = [];
    const report = await copyToClipboard('x'.repeat(2000), { write: (s) => written.push(s), osc52MaxBytes: 1000, program: null });
    expect(written).toEqual([]);
    expect(report.ok).toBe(false);
    expect(report.summary).toContain('too large for OSC 52');
  });
});
