// A key the terminal wraps onto several rows is hidden in the pane's snapshot too: no row holds
// the whole key, so per-row redaction alone would show it in pieces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import xterm from '@xterm/headless';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED, createRedactor } from '../../../src/core/redact.js';
import { takeSnapshot } from '../../../src/core/shell/screen-text.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import type { ToolDetails } from '../../../src/core/tools/details.js';
import { makeToolContext } from '../../helpers/tool-context.js';

const { Terminal } = xterm;
const KEY = 'sk-ant-wrapped-Qm4Zt8Rw2Xn6Lp9Vd3Hk';
const redact = createRedactor([KEY]);
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

/** Any run of 6 characters of the key, anywhere in the text. */
function showsPieceOfKey(text: string): boolean {
  for (let i = 0; i + 6 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 6))) return true;
  return false;
}

async function snapshotOf(data: string, cols = 16) {
  const term = new Terminal({ cols, rows: 6, scrollback: 50, allowProposedApi: true });
  await new Promise<void>((r) => term.write(data, r));
  const buffer = term.buffer.active;
  return takeSnapshot(buffer, cols, 6, 20, 0, buffer.getNullCell(), redact).lines.map((l) => redact(l));
}

const sessionDirs: string[] = [];
const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-wrap-')));
afterAll(() => {
  fs.rmSync(workspace, { recursive: true, force: true });
  for (const dir of sessionDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('secrets wrapped across rows', () => {
  it('hides a key split over three rows, in its colour, and leaves the rest of the line', async () => {
    const lines = await snapshotOf(`key=\x1b[32m${KEY}\x1b[0m end\r\nnext`);
    expect(lines.length).toBe(4);
    expect(showsPieceOfKey(lines.join('\n'))).toBe(false);
    const joined = lines.slice(0, 3).map(plain).join('');
    expect(joined).toBe(`key=${REDACTED} end`);
    expect(lines[0]).toContain('\x1b[0;32m');
    expect(plain(lines[3]!)).toBe('next');
  });

  it('still finds it when the line began above the rows the snapshot keeps', async () => {
    const term = new Terminal({ cols: 16, rows: 2, scrollback: 50, allowProposedApi: true });
    await new Promise<void>((r) => term.write(`${'x'.repeat(8)}${KEY}`, r));
    const buffer = term.buffer.active;
    // The snapshot keeps the two screen rows; the line's first row is in the scrollback above them.
    const lines = takeSnapshot(buffer, 16, 2, 0, 0, buffer.getNullCell(), redact).lines.map((l) => redact(l));
    // Row 0 (above) shows `xxxxxxxx[redacte`, so row 1 starts with the marker's end; row 2 held only key.
    expect(lines.map(plain)).toEqual(['d]']);
    expect(showsPieceOfKey(lines.join('\n'))).toBe(false);
  });

  it('leaves a key inside one row to the per-row redaction, and a line without a key alone', async () => {
    const lines = await snapshotOf(`${KEY.slice(0, 10)}\r\nplain text that wraps around`, 40);
    expect(lines.map(plain)).toEqual([KEY.slice(0, 10), 'plain text that wraps around']);
  });

  it('never shows the key in the bash pane of a narrow terminal, live or at the end', async () => {
    const ctx = makeToolContext({ workspaceRoot: workspace });
    sessionDirs.push(ctx.session.sessionDir);
    ctx.session.redact = redact;
    ctx.paneSize = () => ({ cols: 17, rows: 8 });
    const half = KEY.length >> 1;
    const r = await bashTool.execute({ command: `a='${KEY.slice(0, half)}'; b='${KEY.slice(half)}'; echo "token: $a$b"; sleep 0.3; echo done` }, ctx);
    const snapshots = [...ctx.reported, r.details as ToolDetails].flatMap((d) => (d.kind === 'bash' ? [d.snapshot] : []));
    expect(snapshots.length).toBeGreaterThan(1);
    for (const snap of snapshots) expect(showsPieceOfKey(snap.lines.map((l) => redact(l)).join('\n'))).toBe(false);
    // The model's text joins wrapped rows, so the loop's redaction of the result finds the key whole.
    expect(r.content).toContain('token: sk-ant-wrapped');
    expect(showsPieceOfKey(redact(r.content))).toBe(false);
    const last = snapshots.at(-1)!.lines.map(plain);
    expect(last.join('')).toContain(`token: ${REDACTED}`);
  });
});
