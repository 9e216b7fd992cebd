// The bash tool's warm-up runs a command's terminal in memory once, and only while that can still
// help the first command: not when a call is already streaming in (the command runs in a moment and
// compiles the same code), not again, and not once a command has run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToolContext, type TestToolContext } from '../../helpers/tool-context.js';

// Each test gets its own copy of the warm-up's once-per-process state.
beforeEach(() => vi.resetModules());

let workspace: string;
const contexts: TestToolContext[] = [];
beforeAll(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bash-warm-')));
});
afterAll(() => {
  fs.rmSync(workspace, { recursive: true, force: true });
  for (const ctx of contexts) fs.rmSync(ctx.session.sessionDir, { recursive: true, force: true });
});

async function fresh() {
  const [{ bashTool }, { commandWarmUpStats }] = await Promise.all([import('../../../src/core/tools/bash.js'), import('../../../src/core/shell/command-warmup.js')]);
  return { bashTool, stats: commandWarmUpStats };
}

async function run(bashTool: Awaited<ReturnType<typeof fresh>>['bashTool'], command: string) {
  const ctx = makeToolContext({ workspaceRoot: workspace });
  contexts.push(ctx);
  return bashTool.execute({ command }, ctx);
}

describe('the bash tool warming up', () => {
  it('runs the terminal in an idle moment once, however often it is asked', async () => {
    const { bashTool, stats } = await fresh();
    await bashTool.warmUp!();
    await Promise.all([bashTool.warmUp!(), bashTool.warmUp!('idle')]);
    expect(stats.terminalRuns).toBe(1);
  });

  it('only loads when a call is streaming in: the command itself runs the terminal in a moment', async () => {
    const { bashTool, stats } = await fresh();
    await bashTool.warmUp!('call');
    expect(stats.terminalRuns).toBe(0);
    const result = await run(bashTool, 'echo first-$((40 + 2))');
    expect(result).toMatchObject({ isError: false, content: expect.stringContaining('first-42') });
  });

  it('does not run the terminal once a command has run', async () => {
    const { bashTool, stats } = await fresh();
    const result = await run(bashTool, 'echo ran-$((40 + 2))');
    expect(result).toMatchObject({ isError: false, content: expect.stringContaining('ran-42') });
    await bashTool.warmUp!();
    expect(stats.terminalRuns).toBe(0);
  });
});
