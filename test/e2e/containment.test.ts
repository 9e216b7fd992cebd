// The TUI in tmux: a signal to inkling while a command that left daemons behind is running ends
// the program only once every process of that command is gone, and the sandbox shows in the header.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_TECHNIQUES, uniqueMarker } from '../helpers/background-techniques.js';
import { killSleepers, sleepersWith, within } from '../helpers/survivors.js';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-contain-')));
const apps: TmuxApp[] = [];
const markers: string[] = [];
afterAll(() => {
  for (const app of apps) app.kill();
  for (const m of markers) killSleepers(m);
  fs.rmSync(dir, { recursive: true, force: true });
});

function scriptFor(command: string): string {
  const file = path.join(dir, `script-${uniqueMarker()}.json`);
  fs.writeFileSync(file, JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_bg', name: 'bash', input: { command } }] }, { content: [{ type: 'text', text: 'done' }] }]));
  return file;
}

describe.each([['--sandbox', 'sandboxed'], ['--no-sandbox', 'not sandboxed (off)']])('the TUI with %s', (flag, label) => {
  it(`says "${label}" and, on SIGTERM mid-command, exits 143 with nothing of the command left`, async () => {
    const own = BACKGROUND_TECHNIQUES.map(() => uniqueMarker());
    markers.push(...own);
    const command = `${BACKGROUND_TECHNIQUES.map((t, i) => t.command(own[i]!)).join('\n')}\necho started; sleep 30`;
    const app = startTmuxApp({ cwd: dir, env: {}, args: ['--yolo', '--script', scriptFor(command), flag] });
    apps.push(app);
    await app.waitFor((s) => s.includes(`· ${label}`), 'the sandbox label in the header');
    app.type('go');
    app.keys('Enter');
    expect(await within(20_000, () => own.every((m) => sleepersWith(m).length > 0))).toBe(true);
    process.kill(app.appPid(), 'SIGTERM');
    await app.waitFor((s) => s.includes('EXITED 143'), 'the exit');
    expect(own.filter((m) => sleepersWith(m).length > 0)).toEqual([]);
  }, 60_000);
});

describe('the TUI without bubblewrap', () => {
  it('says once that commands run without the sandbox, why, and how to fix it; the header says so too', async () => {
    // A PATH with node and a shell but no bwrap.
    const bin = path.join(dir, 'no-bwrap-bin');
    fs.mkdirSync(bin, { recursive: true });
    for (const tool of ['bash', 'sh', 'env']) fs.symlinkSync(`/usr/bin/${tool}`, path.join(bin, tool));
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const app = startTmuxApp({ cwd: dir, env: { PATH: bin }, args: ['--script', scriptFor('true')] });
    apps.push(app);
    const screen = await app.waitFor((s) => s.includes('Commands run without the sandbox'), 'the notice');
    expect(screen).toContain('bubblewrap (bwrap) is not on PATH');
    expect(screen).toContain('apt-get install bubblewrap');
    expect(screen.split('Commands run without the sandbox')).toHaveLength(2);
    await app.waitFor((s) => s.includes('· not sandboxed (unavailable)') || s.includes('· unsandboxed'), 'the header label');
  }, 40_000);
});
