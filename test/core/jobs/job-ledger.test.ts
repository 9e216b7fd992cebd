// The change ledger with a background job, in a real git workspace with bash in a real pty: what
// the job writes between calls is recorded as changed outside inkling by job 1, a later call that
// ran while it ran may include its changes, and undoing that call, which would put back a file
// the job also wrote, is refused with that reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { collect } from '../../helpers/collect.js';
import { QUICK_FIRST_LINES_MS } from '../../helpers/quick-jobs.js';
import { within } from '../../helpers/survivors.js';
import { respond, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { bashAgent, ledgerWorkspace, newLedger, type LedgerWorkspace } from '../checkpoints/ledger-fixtures.js';

const spaces: LedgerWorkspace[] = [];
const gates: string[] = [];
afterAll(async () => {
  for (const ws of spaces) await ws.cleanup();
  for (const g of gates) fs.rmSync(g, { recursive: true, force: true });
});

describe('the ledger and background jobs', () => {
  it('records a job\'s writes as by job 1, and refuses to undo a later call whose file the job also wrote', async () => {
    const ws = await ledgerWorkspace({ git: true, files: { 'shared.txt': 'start\n', 'other.txt': 'x\n' } });
    spaces.push(ws);
    // The gate lives outside the workspace: opening it is no change the ledger sees.
    const gateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-job-gate-'));
    gates.push(gateDir);
    const gate = path.join(gateDir, 'go');
    const shared = path.join(ws.root, 'shared.txt');
    const ledger = newLedger(ws, { watch: false });
    const whenJobWrote: Responder = async function* (request, signal) {
      fs.writeFileSync(gate, '');
      await within(20_000, () => fs.readFileSync(shared, 'utf8').includes('from-job'));
      yield* respond([toolUse('later', 'bash', { command: 'echo from-call >> shared.txt; echo y >> other.txt', timeout_ms: 10_000 })])(request, signal);
    };
    const agent = bashAgent(ws, ledger, [
      respond([toolUse('job', 'bash', { command: `until [ -e ${gate} ]; do sleep 0.02; done; echo from-job >> shared.txt; sleep 120`, background: true })]),
      whenJobWrote,
      respond([text('done')]),
    ], { jobFirstLinesMs: QUICK_FIRST_LINES_MS });
    const events: AgentEvent[] = await collect(agent.run('start the job, then edit'));
    const outside = events.find((e) => e.type === 'outside_changes');
    expect(outside).toMatchObject({ jobs: [1], changes: [{ path: 'shared.txt' }] });
    const later = events.find((e): e is Extract<AgentEvent, { type: 'tool_changes' }> => e.type === 'tool_changes' && e.id === 'later');
    expect(later?.jobs).toEqual([1]);
    expect(later?.entry).toBeDefined();
    const entries = await ledger.entries();
    expect(entries.find((e) => e.kind === 'outside')?.label).toBe('changed outside inkling (by job 1)');
    const reason = /bash echo from-call .* may include changes by job 1, which also wrote shared\.txt: undoing it could revert the job's work, so it is refused/;
    await expect(ledger.planUndo(later!.entry!)).rejects.toThrow(reason);
    await expect(ledger.undo(later!.entry!)).rejects.toThrow(reason);
    // Nothing was put back.
    expect(fs.readFileSync(shared, 'utf8')).toBe('start\nfrom-job\nfrom-call\n');
    await agent.dispose();
  }, 60_000);
});
