// -p and background jobs, through the real bin and a scripted model: a job is allowed, -p waits
// for none and kills it at exit (stderr and json say so), and kill -9 of inkling leaves no process
// of any of the ten backgrounding techniques started in a job, sandboxed or not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_TECHNIQUES, uniqueMarker } from '../helpers/background-techniques.js';
import { killSleepers, sleepersWith, within } from '../helpers/survivors.js';
import { ensureBuilt, finished, runBin, startBin } from './run-bin.js';

let base: string;
const markers: string[] = [];

beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-pjobs-')));
}, 120_000);

afterAll(() => {
  for (const m of markers) killSleepers(m);
  fs.rmSync(base, { recursive: true, force: true });
});

function script(name: string, calls: Array<Record<string, unknown>>): string {
  const file = path.join(base, `${name}.json`);
  const responses = calls.map((input, i) => ({ content: [{ type: 'tool_use', id: `toolu_${name}_${i}`, name: 'bash', input }] }));
  fs.writeFileSync(file, JSON.stringify([...responses, { content: [{ type: 'text', text: 'done' }] }]));
  return file;
}

describe('-p with a background job (sandboxed, the default)', () => {
  it('allows a job, waits for none, and kills it at exit, saying so on stderr and in json', async () => {
    const marker = uniqueMarker();
    markers.push(marker);
    const file = script('exit', [{ command: `echo job-up; sleep ${marker}`, background: true }]);
    const r = await runBin(['-p', 'go', '--yolo', '--sandbox', '--script', file, '--output-format', 'json'], { cwd: base });
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout) as { result: string; jobs_killed: Array<{ id: number; command: string; pid: number; log: string }> };
    expect(summary.result).toBe('done');
    expect(summary.jobs_killed).toMatchObject([{ id: 1, command: `echo job-up; sleep ${marker}` }]);
    expect(r.stderr).toMatch(new RegExp(`background job 1 \\(echo job-up; sleep ${marker.replace('.', '\\.')}\\) was still running at exit: killed it and everything it started; its log: \\S+\\.log`));
    expect(fs.readFileSync(summary.jobs_killed[0]!.log, 'utf8')).toContain('job-up');
    expect(sleepersWith(marker)).toEqual([]);
  }, 60_000);
});

describe.each([['--no-sandbox'], ['--sandbox']])('-p %s with background jobs', (flag) => {
  it('kill -9 of inkling leaves no process of a job, for all ten backgrounding techniques', async () => {
    const own = BACKGROUND_TECHNIQUES.map(() => uniqueMarker());
    markers.push(...own);
    const command = `${BACKGROUND_TECHNIQUES.map((t, i) => t.command(own[i]!)).join('\n')}\necho started; sleep 60`;
    // The job starts, then a foreground call keeps the turn running until the kill.
    const file = script(`kill9${flag}`, [{ command, background: true }, { command: 'sleep 60', timeout_ms: 60_000 }]);
    const child = startBin(['-p', 'go', '--yolo', flag, '--script', file], { cwd: base });
    const done = finished(child);
    expect(await within(30_000, () => own.every((m) => sleepersWith(m).length > 0))).toBe(true);
    child.kill('SIGKILL');
    await done;
    expect(await within(3000, () => own.every((m) => sleepersWith(m).length === 0))).toBe(true);
  }, 60_000);
});
