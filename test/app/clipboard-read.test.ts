// Ctrl+V's clipboard read with a fake `xclip` on PATH (a real program, spawned as the real one
// is): an offered PNG is saved as a scratch file, text comes back as text, and a failing,
// missing or remote clipboard says why.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readClipboard } from '../../src/app/clipboard-read.js';
import { saveClipboardImage } from '../../src/app/clipboard-image-file.js';
import { scratchRootName } from '../../src/core/cleanup/scratch-root.js';
import { tinyPng } from '../helpers/tiny-images.js';

let dir: string;
let bin: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-clipboard-read-'));
  bin = path.join(dir, 'bin');
  writeFileSync(path.join(dir, 'shot.png'), tinyPng(30, 20));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake xclip: TARGETS lists `targets`; -t image/png prints the PNG; no -t prints `text`. Each call is logged. */
function fakeXclip(targets: string[], text: string, exit = 0) {
  mkdirSync(bin, { recursive: true });
  const script = `#!/bin/sh
echo "$@" >> "${dir}/calls"
[ ${exit} -ne 0 ] && { echo "Error: target STRING not available" >&2; exit ${exit}; }
case "$*" in
  *TARGETS*) printf '%s\\n' ${targets.map((t) => `'${t}'`).join(' ')} ;;
  *image/png*) cat "${dir}/shot.png" ;;
  *) printf '%s' '${text}' ;;
esac
`;
  writeFileSync(path.join(bin, 'xclip'), script);
  chmodSync(path.join(bin, 'xclip'), 0o755);
}

const env = () => ({ PATH: `${bin}:/usr/bin:/bin`, DISPLAY: ':99' });

describe('reading the clipboard for Ctrl+V', () => {
  it('saves an offered PNG as a private scratch file', async () => {
    fakeXclip(['TARGETS', 'image/png', 'text/plain'], 'ignored');
    const got = await readClipboard({ env: env(), platform: 'linux', scratchDir: dir });
    expect(got).toEqual({ kind: 'image', file: expect.stringMatching(new RegExp(`^${dir}/inkling-${process.pid}-clipboard-\\d+\\.png$`)) });
    const file = (got as { file: string }).file;
    expect(readFileSync(file)).toEqual(readFileSync(path.join(dir, 'shot.png')));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'calls'), 'utf8')).toBe('-selection clipboard -t TARGETS -o\n-selection clipboard -t image/png -o\n');
  });

  it('gives the text when no image is offered', async () => {
    fakeXclip(['TARGETS', 'UTF8_STRING'], 'hello from the clipboard');
    expect(await readClipboard({ env: env(), platform: 'linux', scratchDir: dir })).toEqual({ kind: 'text', text: 'hello from the clipboard' });
  });

  it('says why when the program fails, when there is none, and over ssh', async () => {
    fakeXclip([], '', 1);
    expect(await readClipboard({ env: env(), platform: 'linux', scratchDir: dir })).toEqual({ kind: 'none', reason: expect.stringMatching(/^xclip could not read the clipboard: /) });
    expect(await readClipboard({ env: { PATH: dir }, platform: 'linux' })).toEqual({ kind: 'none', reason: 'nothing to paste: no clipboard program found (install wl-clipboard or xclip)' });
    expect(await readClipboard({ env: { ...env(), SSH_TTY: '/dev/pts/3' }, platform: 'linux' })).toEqual({ kind: 'none', reason: expect.stringMatching(/over ssh/) });
  });
});

describe('where a pasted image is saved', () => {
  it('in one private folder of this process in the scratch root, never straight in $TMPDIR', () => {
    const before = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      const first = saveClipboardImage(tinyPng(2, 2), 'image/png');
      const second = saveClipboardImage(tinyPng(2, 2), 'image/png');
      const folder = path.dirname(first);
      expect(path.dirname(second)).toBe(folder);
      // <TMPDIR>/inkling-<uid>/inkling-<pid>-clipboard-XXXXXX: the sweep removes it once we are gone.
      expect(path.dirname(folder)).toBe(path.join(dir, scratchRootName()));
      expect(path.basename(folder)).toMatch(new RegExp(`^inkling-${process.pid}-clipboard-\\w{6}$`));
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(readFileSync(first)).toEqual(Buffer.from(tinyPng(2, 2)));
      expect(readdirSync(dir).filter((n) => n.includes('clipboard'))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});
