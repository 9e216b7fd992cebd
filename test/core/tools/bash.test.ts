import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bashTool } from '../../../src/core/tools/bash.js';
import type { ToolDetails } from '../../../src/core/tools/details.js';
import { readProcess } from '../../../src/core/shell/process-tree.js';
import { truncateHeadTail } from '../../../src/core/truncate.js';
import { makeToolContext, type TestToolContext } from '../../helpers/tool-context.js';

type BashDetails = Extract<ToolDetails, { kind: 'bash' }>;

let workspace: string;
const contexts: TestToolContext[] = [];

beforeAll(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bash-')));
});

afterAll(() => {
  fs.rmSync(workspace, { recursive: true, force: true });
  for (const ctx of contexts) fs.rmSync(ctx.session.sessionDir, { recursive: true, force: true });
});

function context(signal?: AbortSignal): TestToolContext {
  const ctx = makeToolContext({ workspaceRoot: workspace, signal });
  contexts.push(ctx);
  return ctx;
}

async function run(command: string, opts: { timeout_ms?: number; ctx?: TestToolContext } = {}) {
  const ctx = opts.ctx ?? context();
  const result = await bashTool.execute({ command, timeout_ms: opts.timeout_ms }, ctx);
  return { ...result, ctx, details: result.details as BashDetails };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Alive and not a zombie. */
const alive = (pid: number): boolean => { const p = readProcess(pid); return p !== null && p.state !== 'Z'; };

/** The pids a command wrote into a workspace file. */
const pidsFrom = (file: string): number[] => fs.readFileSync(path.join(workspace, file), 'utf8').split(/\s+/).filter(Boolean).map(Number);

const SECRET = 'sk-test-not-a-secret';
const savedKey = process.env.ANTHROPIC_API_KEY;
afterEach(() => {
  if (savedKey === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = savedKey;
  delete process.env.INKLING_TEST_TOKEN;
});

describe('bash tool: results for the model', () => {
  it('returns output and exit code 0 as a success', async () => {
    const r = await run('echo hello');
    expect(r.isError).toBe(false);
    expect(r.content).toBe('hello\n\nExit code: 0 (supervised)');
    expect(r.details).toMatchObject({ kind: 'bash', running: false, exitCode: 0, signal: null, timedOut: false, totalBytes: 7 });
  });

  it('makes a non-zero exit an error result with the code', async () => {
    const r = await run('echo before; exit 3');
    expect(r.isError).toBe(true);
    expect(r.content).toBe('before\n\nExit code: 3 (supervised)');
    expect(r.details.exitCode).toBe(3);
  });

  it('merges stderr into the output', async () => {
    const r = await run('echo out; echo err >&2; echo out2');
    expect(r.content).toBe('out\nerr\nout2\n\nExit code: 0 (supervised)');
  });

  it('says (no output) when there is none', async () => {
    const r = await run('true');
    expect(r.content).toBe('(no output)\n\nExit code: 0 (supervised)');
  });

  it('reports a syntax error with bash\'s own status', async () => {
    const r = await run('echo a; (');
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/syntax error/);
    expect(r.content).toMatch(/Exit code: 2 \(supervised\)$/);
  });

  it("names the command's own line numbers in bash's messages", async () => {
    const r = await run('echo a\ncd /no-such-dir-here\necho "at $LINENO"\nif then');
    expect(r.content).toMatch(/^a\nbash: line 2: cd: \/no-such-dir-here: No such file or directory\nat 3\n/);
    expect(r.content).toMatch(/line 4: syntax error near unexpected token `then'/);
  });

  it('ends promptly when the command redirected its own stdout (exec >file)', async () => {
    const r = await run('echo before; exec >redirected.txt 2>&1; echo into-file; exit 4', { timeout_ms: 8000 });
    expect(r.details.timedOut).toBe(false);
    expect(r.content).toBe('before\n\nExit code: 4 (supervised)');
    expect(fs.readFileSync(path.join(workspace, 'redirected.txt'), 'utf8')).toBe('into-file\n');
  });

  it('reports a shell killed by a signal', async () => {
    const r = await run('kill -9 $$');
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/Terminated by signal SIGKILL \(supervised\)$/);
    expect(r.details.signal).toBe('SIGKILL');
  });

  it('still returns the output when the command replaces the shell with exec', async () => {
    const r = await run('exec echo via-exec');
    expect(r.content).toBe('via-exec\n\nExit code: 0 (supervised)');
  });

  it('runs in the workspace root with a terminal environment', async () => {
    const r = await run('pwd; echo "$TERM $PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT"; [ -t 0 ] && [ -t 1 ] && echo tty');
    expect(r.content).toBe(`${workspace}\nxterm-256color cat cat 0\ntty\n\nExit code: 0 (supervised)`);
  });

  it('runs the command in its own process group and session, led by the supervisor', async () => {
    const r = await run('read -r _ _ _ _ pgrp sid _ < /proc/$$/stat; echo "$PPID $pgrp $sid $(cat /proc/$PPID/comm)"');
    const [parent, pgrp, sid, comm] = r.content.split('\n')[0]!.split(' ');
    expect(pgrp).toBe(parent);
    expect(sid).toBe(parent);
    expect(comm).toBe('inkling-supervi'); // the kernel keeps 15 characters of the name
  });

  it('tells the model the limits and the non-interactive setting in its description', () => {
    const d = bashTool.description;
    for (const fact of ['120000', '600000', 'Non-interactive', 'PAGER=cat', 'GIT_ASKPASS', 'log file', 'Exit code: N']) {
      expect(d).toContain(fact);
    }
  });

  it('refuses a command longer than one exec argument may be, saying what to do instead', async () => {
    const r = await run(`echo ${'a'.repeat(200_000)}`);
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^The command is 200005 bytes; bash -c takes at most \d+\. Write a long script/);
  });

  it('rejects an empty command as an error result', async () => {
    const r = await bashTool.execute({ command: '  ' }, context());
    expect(r).toMatchObject({ isError: true });
  });

  it('does not run at all when the turn is already interrupted', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await bashTool.execute({ command: `touch ${workspace}/should-not-exist` }, context(ac.signal));
    expect(r.isError).toBe(true);
    expect(fs.existsSync(path.join(workspace, 'should-not-exist'))).toBe(false);
  });
});

describe('bash tool: rendering', () => {
  it('keeps colours in the UI snapshot and strips them for the model', async () => {
    const r = await run("printf '\\033[31mred\\033[0m plain \\033[1;32mbold green\\033[0m\\n'");
    expect(r.content).toBe('red plain bold green\n\nExit code: 0 (supervised)');
    const line = r.details.snapshot.lines[0]!;
    expect(line).toContain('\x1b[0;31mred');
    expect(line).toContain('\x1b[0;1;32mbold green');
    expect(line.endsWith('\x1b[0m')).toBe(true);
  });

  it('renders a carriage-return progress bar to its final state', async () => {
    const r = await run("for i in 1 2 3 4 5; do printf '\\r[%-5s] %d%%' $(printf '#%.0s' $(seq $i)) $((i*20)); done; echo; echo done");
    expect(r.content).toBe('[#####] 100%\ndone\n\nExit code: 0 (supervised)');
  });

  it('applies cursor movement and clear-line like a terminal', async () => {
    const r = await run("printf 'aaaa\\nbbbb\\033[1A\\r\\033[2KAA\\033[1B\\rB\\n'");
    expect(r.content).toBe('AA\nBbbb\n\nExit code: 0 (supervised)');
  });

  it('joins a long line the pane wrapped back into one line for the model', async () => {
    const r = await run("printf '%0200d\\n' 7");
    expect(r.content.split('\n')[0]).toBe(`${'0'.repeat(199)}7`);
    expect(r.details.snapshot.lines.length).toBeGreaterThanOrEqual(3); // 80 columns: three rows
  });

  it('answers terminal queries such as the cursor position, as a real terminal does', async () => {
    // stty first: the answer may arrive before `read -s` turns echo off, and would then be echoed.
    const r = await run("stty -echo; printf 'ab\\033[6n'; IFS= read -rs -d R pos; echo; echo \"pos=${pos#*[}\"", { timeout_ms: 10_000 });
    expect(r.content).toBe('ab\npos=1;3\n\nExit code: 0 (supervised)');
  });

  it('keeps a space that falls exactly on the wrap boundary', async () => {
    const r = await run("printf '%079d b\\n' 0");
    expect(r.content.split('\n')[0]).toBe(`${'0'.repeat(79)} b`);
  });

  it('survives invalid UTF-8, binary garbage and a very long line', async () => {
    // Random bytes without ESC and C1 lead bytes: NULs, C0 controls, invalid UTF-8. (With them,
    // any sequence may occur, including queries whose echoed answers would land after "end".)
    const r = await run(
      "printf 'a\\xff\\xfe\\xc3(b\\n'; head -c 200000 /dev/zero | tr '\\0' x; printf '\\n'; " +
        "head -c 30000 /dev/urandom | tr -d '\\033\\302'; printf '\\030\\033c'; echo end",
    );
    // The emulator's decoder drops the invalid bytes (no replacement characters).
    expect(r.content).toMatch(/^a[^\n]*\(b\n/);
    expect(r.content).toMatch(/\nx{1000}/);
    // The 200,000-character line was cut; a last line says where it is in full.
    expect(r.content).toMatch(/\nend\n\.\.\. \[1 long line cut; full output: [^\n]+\.log\]\n\nExit code: 0 \(supervised\)$/);
    expect(r.content.length).toBeLessThan(60_000);
  });
});

describe('bash tool: large output', () => {
  it('truncates head and tail with the total line count and keeps the full log on disk', async () => {
    const r = await run('seq 1 100000');
    expect(r.isError).toBe(false);
    expect(r.content.startsWith('1\n2\n3\n')).toBe(true);
    expect(r.content).toMatch(/\n99999\n100000\n\nExit code: 0 \(supervised\)$/);
    expect(r.content).toMatch(/100000 lines in total/);
    expect(r.content).toContain(r.details.logPath);
    // The shared truncation after the tool must find nothing to cut (it would cut out the note).
    expect(truncateHeadTail(r.content)).toBe(r.content);
    const log = fs.readFileSync(r.details.logPath, 'utf8');
    expect(log.split('\n').filter(Boolean)).toHaveLength(100000);
    expect(log.endsWith('99999\n100000\n')).toBe(true);
    expect(r.details.logPath.startsWith(path.join(r.ctx.session.sessionDir, 'bash'))).toBe(true);
    expect(r.details.snapshot.totalLines).toBe(100000);
  });
});

describe('bash tool: logs', () => {
  it('gives a repeated tool call id its own log file', async () => {
    const ctx = context();
    const first = await run('echo one', { ctx });
    const second = await run('echo two', { ctx });
    expect(second.details.logPath).not.toBe(first.details.logPath);
    expect(fs.readFileSync(first.details.logPath, 'utf8')).toBe('one\n');
    expect(fs.readFileSync(second.details.logPath, 'utf8')).toBe('two\n');
  });
});

describe('bash tool: live log', () => {
  it('writes rows that scrolled off the screen to the log while the command still runs', async () => {
    const ctx = context();
    const done = bashTool.execute({ command: 'seq 1 40; echo marker; read -r _', timeout_ms: 10_000 }, ctx);
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.includes('marker')), 'marker');
    const logPath = (ctx.reported[0] as BashDetails).logPath;
    // 41 rows on a 24-row screen: at least the first 17 have scrolled off and are in the log.
    await until(() => fs.existsSync(logPath) && fs.readFileSync(logPath, 'utf8').startsWith('1\n2\n'), 'log lines');
    expect(fs.readFileSync(logPath, 'utf8').split('\n').slice(0, 17)).toEqual(Array.from({ length: 17 }, (_, i) => String(i + 1)));
    for (const ch of ctx.inputs) ch.write('\r');
    await done;
  });
});

describe('bash tool: live output and input', () => {
  it('reports running snapshots before the result', async () => {
    const ctx = context();
    // The Enter that releases read must not be echoed. `read -s` turns echo off only once it runs,
    // and an Enter typed as soon as "first" shows may come before that (then a terminal shows an
    // empty line: 'first\n\nsecond'); stty before the marker makes the order certain.
    const done = bashTool.execute({ command: 'echo first; stty -echo; echo ready; read -r _; echo second', timeout_ms: 10_000 }, ctx);
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.includes('ready')), 'first snapshot');
    const live = ctx.reported[0] as BashDetails;
    expect(live.running).toBe(true);
    expect(live.exitCode).toBeNull();
    for (const ch of ctx.inputs) ch.write('\r');
    const r = await done;
    expect(r.content).toBe('first\nready\nsecond\n\nExit code: 0 (supervised)');
  });

  it('delivers keystrokes written to the attached channel to read', async () => {
    const ctx = context();
    const done = bashTool.execute({ command: 'read -r -p "name? " n; echo "got:$n"', timeout_ms: 10_000 }, ctx);
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.some((l) => l.includes('name?'))), 'prompt');
    expect(ctx.inputs.size).toBe(1);
    for (const ch of ctx.inputs) ch.write('bob\r');
    const r = await done;
    expect(r.content).toMatch(/got:bob\n\nExit code: 0 \(supervised\)$/);
    expect(ctx.inputs.size).toBe(0); // detached at the end
  });

  it('resizes the pty and the emulator through the channel', async () => {
    const ctx = context();
    const done = bashTool.execute({ command: 'echo ready; read -r _; tput cols; tput lines', timeout_ms: 10_000 }, ctx);
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.includes('ready')), 'ready');
    for (const ch of ctx.inputs) {
      ch.resize(100, 30);
      ch.write('\r');
    }
    const r = await done;
    // The typed Enter is echoed by read: a real terminal shows that empty line too.
    expect(r.content).toBe('ready\n\n100\n30\n\nExit code: 0 (supervised)');
    expect((r.details as BashDetails).snapshot).toMatchObject({ cols: 100, rows: 30 });
  });
});

describe('bash tool: bad input from the UI side', () => {
  it('ignores odd pane sizes and survives a throwing output listener', async () => {
    const ctx = context();
    let calls = 0;
    ctx.reportOutput = () => {
      calls++;
      throw new Error('listener failed');
    };
    const done = bashTool.execute({ command: 'echo ready; read -r _; tput cols', timeout_ms: 10_000 }, ctx);
    await until(() => calls > 0 && ctx.inputs.size === 1, 'a report');
    for (const ch of ctx.inputs) {
      for (const [c, r] of [[Number.NaN, 10], [0, 10], [-5, 3], [1e9, 10], [90.7, 20.2]] as const) {
        expect(() => ch.resize(c, r)).not.toThrow();
      }
      ch.write('\r');
    }
    const r = await done;
    expect(r.content).toBe('ready\n\n90\n\nExit code: 0 (supervised)');
  });
});

describe('bash tool: secrets', () => {
  it('removes API keys and session secrets from the environment', async () => {
    process.env.ANTHROPIC_API_KEY = SECRET;
    process.env.INKLING_TEST_TOKEN = 'tok-test-not-a-secret';
    const ctx = context();
    ctx.session.secretEnvNames.add('INKLING_TEST_TOKEN');
    const r = await run('printenv; echo "[${ANTHROPIC_API_KEY:-unset}]"', { ctx });
    expect(r.content).not.toContain(SECRET);
    expect(r.content).not.toContain('tok-test-not-a-secret');
    expect(r.content).toContain('[unset]');
    expect(r.content).toContain('TERM=xterm-256color');
  });
});

describe('bash tool: ending the whole process tree', () => {
  it('on timeout kills background and setsid children and says so with the output so far', async () => {
    const r = await run(
      'sleep 30 & echo $! > tree-bg; setsid sh -c \'echo $$ > tree-sid; exec sleep 30\' & nohup sleep 30 >/dev/null 2>&1 & echo $! > tree-nohup; ' +
        'while [ ! -s tree-sid ]; do sleep 0.01; done; echo started; sleep 30',
      { timeout_ms: 2500 },
    );
    expect(r.isError).toBe(true);
    expect(r.details.timedOut).toBe(true);
    expect(r.content).toMatch(/^started\n\nCommand timed out after 2500 ms/);
    expect(r.content).not.toContain('waiting for input');
    const pids = [...pidsFrom('tree-bg'), ...pidsFrom('tree-sid'), ...pidsFrom('tree-nohup')];
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });

  it('on timeout says when the command was waiting for someone to type', async () => {
    const r = await run('read -r -p "Continue? [y/N] " answer; echo "got $answer"', { timeout_ms: 1500 });
    expect(r.details.timedOut).toBe(true);
    expect(r.content).toMatch(/^Continue\? \[y\/N\] ?\n\nCommand timed out after 1500 ms while waiting for input/);
  });

  it('on interrupt kills the tree, including a daemon whose parent already exited', async () => {
    const ac = new AbortController();
    const ctx = context(ac.signal);
    const done = bashTool.execute(
      {
        command:
          "sh -c 'setsid sleep 30 & echo $! > int-daemon' ; sleep 30 & echo $! > int-bg; " +
          'while [ ! -s int-daemon ]; do sleep 0.01; done; echo started; wait',
      },
      ctx,
    );
    await until(() => ctx.reported.some((d) => d.kind === 'bash' && d.snapshot.lines.includes('started')), 'started');
    const pids = [...pidsFrom('int-daemon'), ...pidsFrom('int-bg')];
    for (const pid of pids) expect(alive(pid)).toBe(true);
    // The daemon's parent shell has exited: only the environment marker still ties it to us.
    expect(readProcess(pids[0]!)!.ppid).not.toBe(process.pid);
    ac.abort();
    const r = await done;
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^started\n\nCommand interrupted/);
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false);
  });

  it('kills background processes a finished command left behind', async () => {
    const r = await run('sleep 30 & echo $! > left-bg; echo ok');
    expect(r.content).toBe('ok\n\nExit code: 0 (supervised)');
    const [pid] = pidsFrom('left-bg');
    expect(alive(pid!)).toBe(false);
  });
});

describe('bash tool: concurrency', () => {
  it('runs two commands in parallel ptys (each waits for the other to start)', async () => {
    const wait = (mine: string, other: string) =>
      `touch ${mine}; i=0; while [ ! -e ${other} ]; do sleep 0.02; i=$((i+1)); [ $i -gt 400 ] && exit 9; done; echo saw-${other}`;
    const [a, b] = await Promise.all([run(wait('par-a', 'par-b')), run(wait('par-b', 'par-a'))]);
    expect(a.content).toBe('saw-par-b\n\nExit code: 0 (supervised)');
    expect(b.content).toBe('saw-par-a\n\nExit code: 0 (supervised)');
  });
});

describe('bash tool: read-only calls', () => {
  it('is read-only only for commands the parser proves so', () => {
    expect(bashTool.readOnly).toBe(false);
    expect(bashTool.isReadOnlyCall!({ command: 'ls -la | head' })).toBe(true);
    expect(bashTool.isReadOnlyCall!({ command: 'rm -rf x' })).toBe(false);
    expect(bashTool.isReadOnlyCall!({} as { command: string })).toBe(false);
  });
});
