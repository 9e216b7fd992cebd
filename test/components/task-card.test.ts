// The task card against a real child: the parent's loop over the real SDK, one child that answers
// and one the fake server stalls. The stalled child's row keeps its place, the clock keeps running
// while it runs (the row is redrawn every second), and 30 s without a token or tool event says
// "no progress"; a finished child folds to one line.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppState } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { needsTicks } from '../../src/store/ticker.js';
import type { ToolItem } from '../../src/store/transcript.js';
import { toolCardLines } from '../../components/tools/renderers.js';
import { taskRenderer } from '../../components/tools/task.js';
import { statusLine } from '../../components/StatusBar.js';
import { runningChildren } from '../../src/store/child-agents.js';
import { reply, stall } from '../helpers/fake-anthropic.js';
import { childServerAndWorkspace, firstPrompt, parentAgent } from '../core/agents/agent-fixtures.js';

const fx = childServerAndWorkspace();

const task = (id: string, key: string, description: string) => ({ name: 'task', id, input: { description, prompt: `[${key}] look`, agent: 'explore' } });
const card = (s: AppState, id: string, now: number) => stripVTControlCharacters(toolCardLines(s.items[s.index[id]!] as ToolItem, 100, 0, now).join('\n'));

describe('the task card', () => {
  it('shows a stalled child running, redrawn every second, and says "no progress for 30 s" after 30 s of silence', async () => {
    writeFileSync(path.join(fx.ws.root, 'a.txt'), 'alpha\n');
    fx.routes.set('QUICK', [reply({ toolUses: [{ name: 'read_file', input: { path: 'a.txt' } }] }), reply({ text: 'found it' })]);
    fx.routes.set('STUCK', [stall()]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'QUICK', 'find the config'), task('t2', 'STUCK', 'read the logs')] }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const run = (async () => {
      for await (const e of agent.run('look', { signal: controller.signal })) events.push(e);
    })();
    await vi.waitFor(() => {
      expect(fx.server.requests.some((r) => firstPrompt(r).includes('[STUCK]'))).toBe(true);
      expect(events.some((e) => e.type === 'tool_result' && e.id === 't1')).toBe(true);
    }, { timeout: 15_000 });
    const s = { ...createAppStore().getState(), ...applyEvents(createAppStore().getState(), events, Date.now()) } as AppState;
    const stuck = s.items[s.index['t2']!] as ToolItem;
    expect(stuck.status).toBe('running');
    // While a child runs the one clock runs, so its row is drawn again every second.
    expect(needsTicks(s)).toBe(true);
    // The status line counts the running children.
    expect(stripVTControlCharacters(statusLine({ ...s, agents: runningChildren(s) }, 'claude-test', 160, Date.now()))).toContain('1 agent running');
    const since = stuck.details?.kind === 'task' ? stuck.details.lastProgressAt! : 0;
    const fresh = card(s, 't2', since + 5_000);
    expect(fresh).toContain('task explore · read the logs');
    expect(fresh).toContain('↳ thinking');
    expect(fresh).not.toContain('no progress');
    expect(card(s, 't2', since + 31_000)).toContain('no progress for 31 s');
    // The finished child is one line: what it did, in counts.
    const done = card(s, 't1', Date.now()).split('\n');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatch(/✓ task explore · find the config .*done · 1 call · \d+ tokens/);
    // Expanded (history mode's Enter), the card lists the child's calls, then its answer.
    const expanded = stripVTControlCharacters(taskRenderer.expandedOutput(s.items[s.index['t1']!] as ToolItem, 100).join('\n'));
    expect(expanded).toMatch(/the agent's calls:\n\s+✓ read_file a\.txt\n\n[\s\S]*found it/);
    controller.abort();
    await run;
  });
});
