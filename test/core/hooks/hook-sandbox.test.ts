// A workspace's hooks run in the session's real bubblewrap sandbox and without the provider's key:
// a write outside the workspace does not land and the key is not in the hook's environment, while
// the person's own hook (from ~/.claude/settings.json) runs as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';
import { sandboxWrapper, type CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { probeSandbox, type SandboxProbe } from '../../../src/core/shell/sandbox-probe.js';

let base: string;
let workspace: string;
let outside: string;
let probe: SandboxProbe;
beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-hook-sandbox-'));
  workspace = path.join(base, 'ws');
  outside = fs.mkdtempSync(path.join(os.homedir(), '.inkling-hook-outside-'));
  fs.mkdirSync(workspace);
  probe = await probeSandbox();
}, 60_000);
afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

function hooksOf(origin: 'user' | 'workspace', marker: string): SessionHooks {
  const command = `touch ${path.join(outside, marker)}; touch in-workspace-${marker}; echo "key=[$HOOK_TEST_KEY]"`;
  const read = readHooksBlock({ PreToolUse: [{ hooks: [{ type: 'command', command }] }] }, 'settings.json', origin);
  const sandbox: CommandSandbox = { mode: 'workspace', network: false, probe, allowUnsandboxed: false };
  const sessionDir = path.join(base, 'session');
  return new SessionHooks({
    hooks: read.hooks,
    workspaceRoot: workspace,
    sessionId: 's',
    transcriptPath: '/t',
    permissionMode: () => 'default',
    workspace: {
      wrapper: () => (probe.ok ? sandboxWrapper({ ...sandbox, probe }, { workspace, sessionDir, logDir: path.join(sessionDir, 'hooks') }) : undefined),
      unsetEnv: ['HOOK_TEST_KEY'],
    },
  });
}

describe("a workspace's hooks", () => {
  it('run sandboxed and without the key; the person\'s own hook runs as it is', async () => {
    expect(probe.ok).toBe(true);
    process.env.HOOK_TEST_KEY = 'sk-hook-test';
    try {
      const call = { id: 't', name: 'bash', input: { command: 'ls' }, knownFields: ['command'] };
      const ws = await hooksOf('workspace', 'ws-marker').tool('PreToolUse', call);
      expect(ws.runs[0]!.stdout.trim()).toBe('key=[]');
      expect(fs.existsSync(path.join(outside, 'ws-marker'))).toBe(false);
      expect(fs.existsSync(path.join(workspace, 'in-workspace-ws-marker'))).toBe(true);
      const user = await hooksOf('user', 'user-marker').tool('PreToolUse', call);
      expect(user.runs[0]!.stdout.trim()).toBe('key=[sk-hook-test]');
      expect(fs.existsSync(path.join(outside, 'user-marker'))).toBe(true);
    } finally {
      delete process.env.HOOK_TEST_KEY;
    }
  }, 30_000);
});
