// A complete ToolContext for tool tests: a fresh session, and the live output a tool reported.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ToolDetails } from '../../src/core/tools/details.js';
import type { SessionState, ToolContext, ToolInputChannel } from '../../src/core/tools/tool.js';

export interface TestToolContext extends ToolContext {
  /** Everything the tool passed to reportOutput, in order. */
  reported: ToolDetails[];
  /** Input channels currently attached by the tool. */
  inputs: Set<ToolInputChannel>;
}

let callCounter = 0;

export function makeToolContext(opts: { workspaceRoot: string; signal?: AbortSignal; session?: SessionState }): TestToolContext {
  const session: SessionState = opts.session ?? {
    readFiles: new Map(),
    // Not created here: tools create it on demand.
    sessionDir: path.join(os.tmpdir(), `inkling-test-session-${process.pid}-${randomBytes(4).toString('hex')}`),
    secretEnvNames: new Set(),
  };
  const reported: ToolDetails[] = [];
  const inputs = new Set<ToolInputChannel>();
  return {
    workspaceRoot: opts.workspaceRoot,
    signal: opts.signal ?? new AbortController().signal,
    toolCallId: `test-call-${++callCounter}`,
    session,
    reportOutput: (details) => reported.push(details),
    attachInput: (channel) => {
      inputs.add(channel);
      return () => inputs.delete(channel);
    },
    paneSize: () => ({ cols: 80, rows: 24 }),
    reported,
    inputs,
  };
}

/** A real temp directory to act as the workspace, and a sibling directory outside it. */
export async function makeTempWorkspace(): Promise<{ root: string; outside: string; cleanup(): Promise<void> }> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'inkling-ws-')));
  const root = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  await fs.mkdir(root);
  await fs.mkdir(outside);
  return { root, outside, cleanup: () => fs.rm(base, { recursive: true, force: true }) };
}
