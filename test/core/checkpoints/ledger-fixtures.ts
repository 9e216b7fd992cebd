// Real temp workspaces for ledger tests: a plain folder or a real git repository (with a commit,
// a branch and a stash, to prove the ledger never touches them), and the person's .git as a
// fingerprint of every byte in it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChangeLedger, type ChangeLedgerOptions } from '../../../src/core/checkpoints/change-ledger.js';
import type { AgentEvent } from '../../../src/core/events.js';
import type { AgentConfig } from '../../../src/core/agent.js';
import { createAgent } from '../../../src/core/loop.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import { testProvider, type Responder } from '../../helpers/test-provider.js';

export interface LedgerWorkspace {
  root: string;
  home: string;
  write(rel: string, text: string): Promise<void>;
  read(rel: string): Promise<string>;
  exists(rel: string): Promise<boolean>;
  /** Runs git in the person's own repository (as they would). */
  userGit(...args: string[]): string;
  cleanup(): Promise<void>;
}

const USER_GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Person',
  GIT_AUTHOR_EMAIL: 'person@example.com',
  GIT_COMMITTER_NAME: 'Person',
  GIT_COMMITTER_EMAIL: 'person@example.com',
};

export async function ledgerWorkspace(opts: { git?: boolean; files?: Record<string, string> } = {}): Promise<LedgerWorkspace> {
  const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'inkling-ledger-')));
  const root = path.join(base, 'ws');
  const home = path.join(base, 'home');
  await fs.mkdir(root);
  const ws: LedgerWorkspace = {
    root,
    home,
    async write(rel, text) {
      await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await fs.writeFile(path.join(root, rel), text);
    },
    read: (rel) => fs.readFile(path.join(root, rel), 'utf8'),
    exists: (rel) => fs.lstat(path.join(root, rel)).then(() => true, () => false),
    userGit: (...args) => execFileSync('git', args, { cwd: root, env: USER_GIT_ENV, encoding: 'utf8' }),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(opts.files ?? {})) await ws.write(rel, text);
  if (opts.git) {
    ws.userGit('init', '-q', '-b', 'main');
    ws.userGit('add', '-A');
    ws.userGit('commit', '-q', '-m', 'first');
    ws.userGit('branch', 'feature');
    await ws.write('stashed.txt', 'work in progress\n');
    ws.userGit('add', 'stashed.txt');
    ws.userGit('stash', '-q');
  }
  return ws;
}

export function newLedger(ws: LedgerWorkspace, opts: Partial<ChangeLedgerOptions> = {}): ChangeLedger {
  return new ChangeLedger({ workspaceRoot: ws.root, home: ws.home, ...opts });
}

/** The real loop with bash (in a pty) as its only tool, recording into `ledger`, answered by `responders`. */
export function bashAgent(ws: LedgerWorkspace, ledger: ChangeLedger, responders: Responder[], extra: Partial<AgentConfig> = {}) {
  return createAgent({
    provider: testProvider(responders),
    model: 'test',
    workspaceRoot: ws.root,
    tools: [bashTool],
    maxTokens: 100,
    ledger,
    paneSize: { cols: 80, rows: 24 },
    ...extra,
  });
}

/** sha256 of every file under <root>/.git, by path: byte-identical or not. */
export async function dotGitFingerprint(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.set(path.relative(root, full), createHash('sha256').update(await fs.readFile(full)).digest('hex'));
    }
  };
  await walk(path.join(root, '.git'));
  return out;
}

/** An emit that keeps what it was given. */
export function eventLog(): { emit: (e: AgentEvent) => void; events: AgentEvent[]; of<T extends AgentEvent['type']>(type: T): Extract<AgentEvent, { type: T }>[] } {
  const events: AgentEvent[] = [];
  return {
    emit: (e) => events.push(e),
    events,
    of: <T extends AgentEvent['type']>(type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type),
  };
}

/** A call through the ledger that runs `change` as the tool's work. */
export function callThrough(
  ledger: ChangeLedger,
  id: string,
  name: string,
  input: Record<string, unknown>,
  change: () => Promise<void>,
  emit: (e: AgentEvent) => void,
) {
  return ledger.recordCall({ id, name, input }, async () => {
    await change();
    return { content: 'ok', isError: false };
  }, emit);
}
