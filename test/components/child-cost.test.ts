// A child's tokens are priced at the child's own model: the status line, /cost and the exit summary
// price the parent's requests at the parent's model and a cheaper child's at its own, live and after
// resume (the sidechain keeps its requests' usage). The real loop and SDK against the fake server.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { BUILT_IN_AGENTS, type AgentDefinition } from '../../src/core/agents/agent-definitions.js';
import { createRedactor } from '../../src/core/redact.js';
import { SessionRecorder } from '../../src/core/sessions/recorder.js';
import { parseSessionText } from '../../src/core/sessions/session-reader.js';
import { restoreSession } from '../../src/core/sessions/session-restore.js';
import { sessionPaths } from '../../src/core/sessions/session-paths.js';
import { createAppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { costText } from '../../src/store/context-actions.js';
import { showReplay } from '../../src/store/session-replay.js';
import { exitSummary } from '../../src/app/exit-summary.js';
import { statusLine } from '../../components/StatusBar.js';
import { reply } from '../helpers/fake-anthropic.js';
import { childServerAndWorkspace, parentAgent } from '../core/agents/agent-fixtures.js';

const fx = childServerAndWorkspace();
const MILLION = 1_000_000;
const cheap: AgentDefinition = { ...BUILT_IN_AGENTS.find((d) => d.name === 'general')!, name: 'cheap', description: 'a cheap helper', model: 'haiku' };

describe("a child's tokens", () => {
  it("are priced at the child's model in the status line, /cost and the exit summary, also after resume", { timeout: 30_000 }, async () => {
    // The parent on Sonnet ($3 per million input), the child on Haiku ($0.80): a million input tokens each.
    fx.routes.set('CHEAP', [reply({ text: 'done cheaply', usage: { input_tokens: MILLION, output_tokens: 0 } })]);
    fx.server.enqueue(
      reply({ toolUses: [{ name: 'task', id: 'c', input: { description: 'cheap work', prompt: '[CHEAP] do it', agent: 'cheap' } }], usage: { input_tokens: MILLION, output_tokens: 0 } }),
      reply({ text: 'parent done', usage: { input_tokens: 0, output_tokens: 0 } }),
    );
    const rec = new SessionRecorder({
      paths: sessionPaths(fx.ws.outside, fx.ws.root),
      workspaceRoot: fx.ws.root,
      describe: () => ({ model: 'claude-sonnet-4-6', provider: 'anthropic' }),
      inklingVersion: '0.0.0-test',
      redact: createRedactor([]),
    });
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo', model: 'claude-sonnet-4-6', definitions: [cheap], recorder: rec });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('hand it over')) events.push(e);
    await rec.sync();
    rec.close();
    // The child ran on Haiku.
    expect(events.some((e) => e.type === 'agent_event' && e.agent.model === 'claude-haiku-4-5')).toBe(true);
    const store = createAppStore();
    store.setState((s) => applyEvents(s, events, Date.now()));
    const s = store.getState();
    expect(s.sessionUsage.inputTokens).toBe(2 * MILLION);
    // $3.00 for the parent's million, $0.80 for the child's (all at Sonnet it would be $6.00).
    expect(stripVTControlCharacters(statusLine(s, 'claude-sonnet-4-6', 200, Date.now()))).toContain('session ↑2.0M ↓0 $3.80');
    expect(costText(s, 'claude-sonnet-4-6')).toContain('cost: $3.8000 at list prices');
    expect(exitSummary(s, 'claude-sonnet-4-6')).toContain('~$3.80');

    const resumed = createAppStore();
    await showReplay(resumed, restoreSession(rec.id, parseSessionText(readFileSync(rec.filePath, 'utf8')).records).replay);
    expect(costText(resumed.getState(), 'claude-sonnet-4-6')).toContain('cost: $3.8000 at list prices');
  });
});
