// `inkling -p` writing to a terminal (a real pseudo-terminal) shows the answer's control
// sequences as visible pictures; writing to a pipe it gives the answer byte for byte.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pty from 'node-pty';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { HOSTILE, unsafeSequences } from '../helpers/hostile-text.js';
import { BIN, cleanEnv, ensureBuilt, runBin } from './run-bin.js';

const ANSWER = `answer ${HOSTILE.osc52Bel} ${HOSTILE.osc0Bel} ${HOSTILE.c1Osc} ${HOSTILE.bidi} ${HOSTILE.dcs}`;
let fake: FakeAnthropic;
let workspace: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic();
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-tty-'));
});
afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

/**
 * Runs the bin with its stdout and stderr on a pseudo-terminal; everything it wrote and its exit
 * code. A shell around it prints the code and holds the pty open until we read it (node-pty can
 * drop the tail of a program that exits at once).
 */
function runInTerminal(args: string[]): Promise<{ output: string; code: number }> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const term = pty.spawn('bash', ['--norc', '--noprofile', '-c', `${quoted}; echo "EXIT:$?"; read -r -s -n1 _`], {
    cwd: workspace,
    cols: 200,
    rows: 40,
    env: cleanEnv({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url }) as Record<string, string>,
  });
  let output = '';
  let seen: { output: string; code: number } | null = null;
  return new Promise((resolve) => {
    term.onData((d) => {
      output += d;
      const m = /EXIT:(\d+)/.exec(output);
      if (!m || seen) return;
      seen = { output: output.slice(0, m.index), code: Number(m[1]) };
      term.write('\r');
    });
    term.onExit(() => resolve(seen ?? { output, code: -1 }));
  });
}

describe('inkling -p and terminal safety', () => {
  it('shows the sequences in an answer printed to a terminal, and sends none of them', async () => {
    fake.enqueue(reply({ text: ANSWER }));
    const r = await runInTerminal(['-p', 'say it']);
    expect(r.code).toBe(0);
    expect(unsafeSequences(r.output)).toEqual([]);
    expect(r.output).toContain('answer clip␛]52;c;SGVsbG8=␇after-osc52');
    expect(r.output).toContain('c1␛]52;c;SGVsbG8=␇after-c1osc');
    expect(r.output).toContain('invoice⟨RLO⟩fdp.exe');
  }, 60_000);

  it('shows the sequences in a server’s error message on a terminal’s stderr', async () => {
    fake.enqueue({ kind: 'error', status: 400, type: 'invalid_request_error', message: `bad ${HOSTILE.osc2St}` });
    const r = await runInTerminal(['-p', 'say it']);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('title␛]2;pwned␛\\after-osc2');
    expect(unsafeSequences(r.output)).toEqual([]);
  }, 60_000);

  it('gives the answer byte for byte to a pipe, and escapes C1 in JSON', async () => {
    fake.enqueue(reply({ text: ANSWER }));
    const piped = await runBin(['-p', 'say it'], { cwd: workspace, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url } });
    expect(piped.stdout).toBe(`${ANSWER}\n`);
    fake.enqueue(reply({ text: ANSWER }));
    const json = await runBin(['-p', 'say it', '--output-format', 'json'], { cwd: workspace, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url } });
    expect(unsafeSequences(json.stdout)).toEqual([]);
    expect(json.stdout).toContain('\\u009d52;c;');
    expect((JSON.parse(json.stdout) as { result: string }).result).toBe(ANSWER);
  }, 60_000);
});
