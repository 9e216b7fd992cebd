// The ledger under folder churn, with the real loop, a real bash call in a pty and a git wrapper
// first on the ledger's PATH that records every git process: however many folders a command
// makes, at most one check-ignore and one other git command are alive at once, every process it
// started has ended, and the call is still recorded and undone whole.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { collect } from '../../helpers/collect.js';
import { respond, text, toolUse } from '../../helpers/test-provider.js';
import { gitRecorder } from './git-recorder.js';
import { bashAgent, ledgerWorkspace, newLedger, type LedgerWorkspace } from './ledger-fixtures.js';

let ws: LedgerWorkspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

const FOLDERS = 3_000;

describe('the ledger under folder churn', () => {
  it(`keeps its git processes bounded through a bash call that makes ${FOLDERS} folders, and undoes the call`, async () => {
    ws = await ledgerWorkspace({ git: true, files: { 'README.md': 'hello\n', 'src/a.ts': 'a\n' } });
    const base = path.dirname(ws.root);
    const record = await gitRecorder(base);
    const logDir = path.join(base, 'session-logs');
    // The budget is long here: this test is about bounds and undo, not about a slow machine (see ledger-pause.test.ts).
    const ledger = newLedger(ws, { env: record.env, snapshotBudgetMs: 120_000, logDir: () => logDir });
    const command = `mkdir -p pkg/{1..${FOLDERS}}/lib && touch pkg/{1..${FOLDERS}}/lib/x`;
    const agent = bashAgent(ws, ledger, [respond([toolUse('b1', 'bash', { command })]), respond([text('done')])]);
    try {
      const events = await collect(agent.run('make the folders'));
      const changes = events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes' && e.id === 'b1');
      expect(changes?.changes.length).toBe(FOLDERS);
      expect(changes?.changes.every((c) => c.status === 'added' && /^pkg\/\d+\/lib\/x$/.test(c.path))).toBe(true);

      const outcome = await ledger.undo(changes!.entry!);
      expect(outcome.restored.length).toBe(FOLDERS);
      expect(outcome.left).toEqual([]);
      // The files are gone, and so are the folders they left empty.
      expect(await ws.exists('pkg')).toBe(false);
      expect(await ws.read('src/a.ts')).toBe('a\n');
    } finally {
      await ledger.close();
    }
    const seen = await record.read();
    expect(seen.starts).toBeGreaterThan(0);
    expect(seen.unended).toEqual([]);
    expect(seen.maxCheckIgnore).toBeLessThanOrEqual(1);
    expect(seen.maxOther).toBeLessThanOrEqual(1);
    // The watcher said why it stopped watching, in the session's ledger.log, readable by the person alone.
    const log = path.join(logDir, 'ledger.log');
    expect(await fs.readFile(log, 'utf8')).toMatch(/stopped watching the workspace: more than \d+/);
    expect((await fs.stat(log)).mode & 0o777).toBe(0o600);
  }, 180_000);
});
