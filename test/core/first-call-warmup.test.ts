// Agent.warmUp, with the real gate, bash tool, change ledger and loop: what the first command
// would load (the grammar, node-pty and the emulator, the ledger's git probe) is loaded before any
// call, nothing is written, and a command sent while it is still loading works and loads once.
// A call that begins to stream in starts its own loads before its input is complete.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { collect } from '../helpers/collect.js';
import { respond, testProvider, text, toolUse, type Responder } from '../helpers/test-provider.js';

// Each test gets its own copies of the modules: bash-parser.ts holds the grammar once loaded.
beforeEach(() => vi.resetModules());

const cjs = createRequire(import.meta.url);
/** node-pty (with its native addon) and the emulator are CommonJS: loading them fills the require cache. */
const loadedFrom = (pkg: string) => Object.keys(cjs.cache).filter((file) => file.includes(`/node_modules/${pkg}/`));

let base: string;
let gitLog: string;
beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-warm-')));
  for (const dir of ['ws', 'home', 'bin']) fs.mkdirSync(path.join(base, dir));
  fs.writeFileSync(path.join(base, 'ws', 'a.txt'), 'alpha\n');
  // The real git behind a shim that notes each command line, for counting the ledger's probes.
  gitLog = path.join(base, 'git.log');
  const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  fs.writeFileSync(path.join(base, 'bin', 'git'), `#!/bin/sh\necho "$*" >> "$INKLING_TEST_GIT_LOG"\nexec ${git} "$@"\n`, { mode: 0o755 });
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

async function setup(responders: Responder[]) {
  const [{ createAgent }, { PermissionGate }, { bashTool }, { ChangeLedger }, parser] = await Promise.all([
    import('../../src/core/loop.js'),
    import('../../src/core/permissions/gate.js'),
    import('../../src/core/tools/bash.js'),
    import('../../src/core/checkpoints/change-ledger.js'),
    import('../../src/core/permissions/bash-parser.js'),
  ]);
  const ws = path.join(base, 'ws');
  const home = path.join(base, 'home');
  const permissions = new PermissionGate({ mode: 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: ws, home, canAsk: true });
  const env = { ...process.env, PATH: `${path.join(base, 'bin')}:${process.env.PATH ?? ''}`, INKLING_TEST_GIT_LOG: gitLog };
  const ledger = new ChangeLedger({ workspaceRoot: ws, home, env, watch: false });
  const agent = createAgent({ provider: testProvider(responders), model: 'test', workspaceRoot: ws, maxTokens: 1000, tools: [bashTool], permissions, ledger });
  return { agent, ledger, ws, home, parserLoaded: () => parser.bashParserIfLoaded() !== undefined };
}

const gitCalls = () => (fs.existsSync(gitLog) ? fs.readFileSync(gitLog, 'utf8').trim().split('\n') : []);
const listing = (dir: string) => fs.readdirSync(dir, { recursive: true }).map(String).sort();

/** Runs a turn, saying yes to every approval request. */
async function runApproving(agent: Awaited<ReturnType<typeof setup>>['agent'], prompt: string): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of agent.run(prompt)) {
    events.push(e);
    if (e.type === 'approval_request') agent.respondToApproval!(e.id, { kind: 'yes' });
  }
  return events;
}

describe('warming up for the first call', () => {
  it('loads the grammar, node-pty and the emulator before any call, and only reads', async () => {
    const { agent, ledger, ws, home, parserLoaded } = await setup([]);
    expect(parserLoaded()).toBe(false);
    expect(loadedFrom('node-pty')).toEqual([]);
    expect(loadedFrom('@xterm/headless')).toEqual([]);
    await agent.warmUp!();
    expect(parserLoaded()).toBe(true);
    expect(loadedFrom('node-pty').some((f) => f.endsWith('pty.node'))).toBe(true);
    expect(loadedFrom('@xterm/headless')).not.toEqual([]);
    // The shadow repository does not exist yet: git was asked whether it runs, and nothing was made.
    expect(gitCalls()).toEqual(['--version']);
    expect(listing(home)).toEqual([]);
    expect(listing(ws)).toEqual(['a.txt']);
    expect(ledger.status).toEqual({ state: 'starting' });
    // Once per agent.
    await agent.warmUp!();
    expect(gitCalls()).toEqual(['--version']);
    await agent.dispose();
  });

  it('a command sent while the warm-up is loading runs, and the grammar and the git probe load once', async () => {
    const { Language } = await import('web-tree-sitter');
    const load = vi.spyOn(Language, 'load');
    try {
      const { agent, home } = await setup([respond([toolUse('b1', 'bash', { command: 'echo warm-$((40 + 2))' })]), respond([text('done')])]);
      const warming = agent.warmUp!();
      const events = await runApproving(agent, 'run it');
      await warming;
      const result = events.find((e) => e.type === 'tool_result');
      expect(result).toMatchObject({ id: 'b1', isError: false, content: expect.stringContaining('warm-42') });
      expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      expect(load).toHaveBeenCalledTimes(1);
      expect(gitCalls().filter((c) => c === '--version')).toHaveLength(1);
      // The first turn made the shadow repository, as it does without a warm-up.
      expect(listing(home)).toContain('checkpoints');
      await agent.dispose();
    } finally {
      load.mockRestore();
    }
  });

  it('a call that begins to stream in loads what it needs before its input is complete', async () => {
    let loadedMidCall: { parser: boolean; tool: boolean } | undefined;
    let toolWarmed: Promise<void> | undefined;
    const { agent, parserLoaded } = await setup([
      async function* (req, signal) {
        yield { type: 'tool_use_start', index: 0, id: 'b1', name: 'bash' };
        // As its input streams: until the loads are done, or 15 s have passed.
        const until = Date.now() + 15_000;
        while (!(parserLoaded() && toolWarmed) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        await toolWarmed;
        loadedMidCall = { parser: parserLoaded(), tool: toolWarmed !== undefined };
        yield* respond([toolUse('b1', 'bash', { command: 'echo streamed-$((40 + 2))' })])(req, signal);
      },
      respond([text('done')]),
    ]);
    // node-pty and the emulator stay in the require cache across tests: the bash tool's own loads are watched instead.
    const { bashTool } = await import('../../src/core/tools/bash.js');
    const warmUp = bashTool.warmUp!.bind(bashTool);
    const spy = vi.spyOn(bashTool, 'warmUp').mockImplementation((reason) => (toolWarmed = warmUp(reason)));
    try {
      expect(parserLoaded()).toBe(false);
      const events = await runApproving(agent, 'run it');
      expect(loadedMidCall).toEqual({ parser: true, tool: true });
      expect(spy).toHaveBeenCalledTimes(1);
      // Only its loads: the call runs the terminal itself a moment later (bash-warmup.test.ts).
      expect(spy).toHaveBeenCalledWith('call');
      expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ isError: false, content: expect.stringContaining('streamed-42') });
      await agent.dispose();
    } finally {
      spy.mockRestore();
    }
  });
});
