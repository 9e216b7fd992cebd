// The askpass bridge end to end in the agent loop: bash in a real pty inside real bubblewrap, the
// helper over the session's unix socket, git against a local server that demands basic auth.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import type { CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../../../src/core/shell/sandbox-probe.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { startGitAuthServer, type GitAuthServer } from '../../helpers/git-basic-auth-server.js';
import { respond, testProvider, text, toolUse } from '../../helpers/test-provider.js';

const SECRET = 'hunter2-askpass-Zq81';
let base: string;
let workspace: string;
let probe: CommandSandbox['probe'];
let git: GitAuthServer;

beforeAll(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-askpass-')));
  workspace = path.join(base, 'workspace');
  fs.mkdirSync(workspace);
  const repos = path.join(base, 'repos');
  execFileSync('git', ['init', '-q', '--bare', path.join(repos, 'project.git')]);
  const seed = path.join(base, 'seed');
  execFileSync('git', ['init', '-q', '-b', 'main', seed]);
  execFileSync('git', ['-C', seed, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'first']);
  execFileSync('git', ['-C', seed, 'push', '-q', path.join(repos, 'project.git'), 'main']);
  git = await startGitAuthServer(repos, 'alice', SECRET);
  probe = await probeSandbox();
});

afterAll(async () => {
  await git?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

type SecretRequest = Extract<AgentEvent, { type: 'secret_request' }>;

/** One turn that runs `command`; `answer` answers each secret request (null: Esc). */
async function turn(
  command: string,
  answer: (r: SecretRequest) => string | null,
  opts: { askSecrets?: boolean; network?: boolean; sudoAskpass?: boolean; sandboxOff?: boolean; timeoutMs?: number; answerAfterMs?: number } = {},
) {
  const sessionDir = path.join(base, `session-${Math.random().toString(36).slice(2)}`);
  const provider = testProvider([respond([toolUse('call-1', 'bash', { command, timeout_ms: opts.timeoutMs ?? 20_000 })]), respond([text('after the command')])]);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: workspace,
    tools: [bashTool],
    maxTokens: 100,
    sessionDir,
    askSecrets: opts.askSecrets ?? true,
    sandbox: { mode: opts.sandboxOff ? 'off' : 'workspace', network: opts.network ?? false, probe, allowUnsandboxed: false },
    ...(opts.sudoAskpass ? { sudoAskpass: true } : {}),
  });
  const events: AgentEvent[] = [];
  for await (const e of agent.run('go')) {
    events.push(e);
    // answerAfterMs: a person slower than the command's timeout.
    if (e.type === 'secret_request') setTimeout(() => agent.answerSecret(e.request, answer(e)), opts.answerAfterMs ?? 0);
  }
  const result = events.find((e) => e.type === 'tool_result');
  const requests = events.filter((e): e is SecretRequest => e.type === 'secret_request');
  // Read before dispose, which removes a session folder that no recorder keeps.
  const files = filesUnder(sessionDir);
  await agent.dispose();
  return { events, requests, result: result?.type === 'tool_result' ? result.content : '', provider, files };
}

/** Every file under `dir`, read whole. */
function filesUnder(dir: string): Array<{ file: string; text: string }> {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
    const file = path.join(e.parentPath, e.name);
    return { file, text: fs.readFileSync(file, 'latin1') };
  });
}

// The command holds the secret's hash, not the secret: the secret must appear nowhere but the answer.
const SECRET_HASH = createHash('sha256').update(SECRET).digest('hex');
const ASK_LIKE_SSH = `pw=$("$SSH_ASKPASS" "alice@example's password: ") && [ "$(printf %s "$pw" | sha256sum | cut -d' ' -f1)" = ${SECRET_HASH} ] && echo GOT-THE-SECRET || echo NO-SECRET`;

describe('the askpass bridge (real pty, real bubblewrap)', () => {
  it('gives a script that asks the way ssh does the secret, and keeps it out of every record', async () => {
    expect(probe).toMatchObject({ ok: true });
    const { requests, result, events, provider, files } = await turn(ASK_LIKE_SSH, () => SECRET);
    expect(result).toContain('GOT-THE-SECRET');
    expect(result).toContain('(sandboxed)');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ id: 'call-1', prompt: "alice@example's password: ", kind: 'secret', command: ASK_LIKE_SSH, cwd: workspace });
    expect(events.some((e) => e.type === 'secret_request_end')).toBe(true);
    // Not in the events (the pane's snapshots are tool_output), the session's files, or the next request.
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(provider.requests)).not.toContain(SECRET);
    expect(files.length).toBeGreaterThan(0);
    for (const { file, text } of files) expect(text, file).not.toContain(SECRET);
  }, 30_000);

  it('warns when the helper is called by something other than ssh, git or sudo', async () => {
    const { requests, result } = await turn(ASK_LIKE_SSH, () => SECRET);
    expect(result).toContain('GOT-THE-SECRET');
    // The script's bash called the helper directly: the card must say so.
    expect(requests[0]?.warning).toMatch(/^asked by \/(usr\/)?bin\/bash, not by ssh\/git\/sudo — your answer goes to that program$/);
    expect(requests[0]?.asker.exe).toMatch(/bash$/);
  }, 30_000);

  it('answers empty on Esc: the program fails as on a wrong password and the turn goes on', async () => {
    const { result, events } = await turn(ASK_LIKE_SSH, () => null);
    expect(result).toContain('NO-SECRET');
    expect(result).toContain('inkling-askpass: no answer given');
    expect(events.some((e) => e.type === 'text_delta' && e.text === 'after the command')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
  }, 30_000);

  it("shows ssh's host-key question as a yes/no question and answers yes", async () => {
    const hostKey = `ans=$("$SSH_ASKPASS" "Are you sure you want to continue connecting (yes/no/[fingerprint])?"); echo "ANSWER=$ans"`;
    const { requests, result } = await turn(hostKey, () => 'yes');
    expect(requests[0]).toMatchObject({ kind: 'confirm' });
    expect(result).toContain('ANSWER=yes');
  }, 30_000);

  it('without a person to ask (-p) the helper refuses at once', async () => {
    const { requests, result } = await turn(ASK_LIKE_SSH, () => SECRET, { askSecrets: false });
    expect(requests).toHaveLength(0);
    expect(result).toContain('inkling-askpass: no terminal to ask');
    expect(result).toContain('NO-SECRET');
  }, 30_000);

  it('lets git authenticate over HTTP through GIT_ASKPASS, asked by git itself', async () => {
    const cmd = `GIT_CONFIG_GLOBAL=/dev/null git ls-remote ${git.url}/project.git`;
    const { requests, result } = await turn(cmd, (r) => (r.prompt.startsWith('Username') ? 'alice' : SECRET), { network: true });
    expect(result).toMatch(/[0-9a-f]{40}\s+refs\/heads\/main/);
    expect(requests.map((r) => r.prompt)).toEqual([`Username for '${git.url}': `, `Password for 'http://alice@${git.url.slice(7)}': `]);
    for (const r of requests) {
      expect(r.warning).toBeUndefined();
      expect(r.asker.exe).toMatch(/git/);
    }
    expect(git.authorizations).toContain(`Basic ${Buffer.from(`alice:${SECRET}`).toString('base64')}`);
  }, 30_000);

  it('with bash.sudoAskpass, sudo means sudo -A through the helper outside the sandbox only', async () => {
    const probeSudo = 'type sudo | head -2; echo "SUDO_ASKPASS=${SUDO_ASKPASS:-none}"';
    const outside = await turn(probeSudo, () => null, { sudoAskpass: true, sandboxOff: true });
    expect(outside.result).toContain('sudo is a function');
    expect(outside.result).toMatch(/SUDO_ASKPASS=\S*bin\/inkling-askpass\.cjs/);
    // In bubblewrap sudo can never become root (no new privileges): no function, no SUDO_ASKPASS.
    const inside = await turn(probeSudo, () => null, { sudoAskpass: true });
    expect(inside.result).not.toContain('sudo is a function');
    expect(inside.result).toContain('SUDO_ASKPASS=none');
  }, 30_000);

  it("does not count the person's typing against the command's timeout", async () => {
    const { result } = await turn(ASK_LIKE_SSH, () => SECRET, { timeoutMs: 1500, answerAfterMs: 2500 });
    expect(result).toContain('GOT-THE-SECRET');
    expect(result).not.toContain('timed out');
  }, 30_000);
});
