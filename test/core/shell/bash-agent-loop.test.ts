// The bash tool driven by the real agent loop and scheduler: read-only bash calls overlap, and
// keystrokes reach a running command through agent.writeToTool.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/loop.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';

let workspace: string;
const sessionDirs: string[] = [];

beforeAll(() => {
  workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bash-agent-ws-')));
});

afterAll(() => {
  for (const dir of [workspace, ...sessionDirs]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bash tool in the agent loop', () => {
  function agentWith(responders: Responder[]) {
    const sessionDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bash-agent-'));
    sessionDirs.push(sessionDir);
    return createAgent({
      provider: testProvider(responders),
      model: 'test',
      workspaceRoot: workspace,
      tools: [bashTool],
      maxTokens: 100,
      sessionDir,
      paneSize: { cols: 80, rows: 24 },
    });
  }

  it('runs two provably read-only bash calls at the same time (both block until both started)', async () => {
    for (const f of ['fifo-a', 'fifo-b']) execFileSync('mkfifo', [path.join(workspace, f)]);
    const agent = agentWith([
      respond([toolUse('call-a', 'bash', { command: 'cat fifo-a', timeout_ms: 10_000 }), toolUse('call-b', 'bash', { command: 'cat fifo-b', timeout_ms: 10_000 })]),
      respond([text('done')]),
    ]);
    const running = new Set<string>();
    const results = new Map<string, string>();
    let released = false;
    for await (const e of agent.run('go')) {
      if (e.type === 'tool_call') expect(e.readOnly).toBe(true);
      if (e.type === 'tool_status' && e.status === 'running') running.add(e.id);
      // Each cat blocks until its FIFO gets a writer: if the calls ran one after the other, the
      // second would never start while the first waits, and this would never release them.
      if (!released && running.size === 2) {
        released = true;
        void fs.promises.writeFile(path.join(workspace, 'fifo-a'), 'A\n');
        void fs.promises.writeFile(path.join(workspace, 'fifo-b'), 'B\n');
      }
      if (e.type === 'tool_result') results.set(e.id, e.content);
    }
    expect(released).toBe(true);
    expect(results.get('call-a')).toBe('A\n\nExit code: 0 (supervised)');
    expect(results.get('call-b')).toBe('B\n\nExit code: 0 (supervised)');
  });

  it('takes keystrokes through agent.writeToTool and streams tool_output events', async () => {
    const agent = agentWith([
      respond([toolUse('call-read', 'bash', { command: 'read -r -p "answer? " x; echo "got:$x"', timeout_ms: 10_000 })]),
      respond([text('done')]),
    ]);
    let wrote = false;
    let result = '';
    for await (const e of agent.run('go')) {
      if (e.type === 'tool_output' && !wrote && e.details.kind === 'bash' && e.details.snapshot.lines.some((l) => l.includes('answer?'))) {
        wrote = agent.writeToTool('call-read', 'yes\r');
      }
      if (e.type === 'tool_result') result = e.content;
    }
    expect(wrote).toBe(true);
    expect(result).toMatch(/got:yes\n\nExit code: 0 \(supervised\)$/);
    expect(agent.writeToTool('call-read', 'late')).toBe(false);
  });
});
