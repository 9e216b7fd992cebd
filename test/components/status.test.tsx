import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { statusLine, phaseText } from '../../components/StatusBar.js';
import { headerLine } from '../../components/Header.js';
import { exitSummary } from '../../src/app/exit-summary.js';
import { estimateCost } from '../../src/core/providers/models.js';
import { formatCost, paint } from '../../components/text-layout.js';
import { applyPaletteTheme } from '../../components/palette.js';
import stripAnsi from 'strip-ansi';

const usage = (i: number, o: number) => ({ inputTokens: i, outputTokens: o, cacheReadTokens: 0, cacheWriteTokens: 0 });

describe('status line', () => {
  it('says idle, thinking, running N tools and counts the retry down', () => {
    const s = createAppStore().getState();
    expect(phaseText(s, 0)).toBe('● idle');
    // Whole seconds: the clock changes once a second (the store hears of the time that often).
    expect(phaseText({ ...s, phase: 'thinking', turnStartedAt: 0, frame: 2 }, 1500)).toBe('⠹ thinking 1 s');
    expect(phaseText({ ...s, phase: 'thinking', turnStartedAt: 0, frame: 2 }, 75_500)).toBe('⠹ thinking 1m 15s');
    expect(phaseText({ ...s, phase: 'tools', activeToolIds: ['a', 'b', 'c'], turnStartedAt: 0 }, 0)).toMatch(/running 3 tools/);
    expect(phaseText({ ...s, phase: 'waiting', retry: { attempt: 2, until: 4200, status: 529, reason: 'overloaded' } }, 1000)).toBe(
      '⠋ retrying in 4 s (529, attempt 2)',
    );
  });

  it('shows turn and session tokens with a cost estimate, queued prompts and key hints', () => {
    const s = { ...createAppStore().getState(), phase: 'responding' as const, turnStartedAt: 0, queued: ['x'],
      turnUsage: usage(1200, 300), sessionUsage: usage(45_000, 2_100), contextTokens: 1400 };
    const line = statusLine(s, 'claude-sonnet-4-6', 150, 0);
    expect(line).toContain('responding 0 s · 1 queued');
    expect(line).toContain('turn ↑1.2k ↓300 $0.0081');
    expect(line).toContain('session ↑45k ↓2.1k $0.17 · ctx 0.7% of 200k');
    expect(line).toMatch(/Esc interrupt · Enter queue · \? help $/);
    expect(line.length).toBe(150);
    // Narrower: shorter hints first, then the tokens go.
    const medium = statusLine(s, 'claude-sonnet-4-6', 100, 0);
    expect(medium).toContain('session ↑45k');
    expect(medium).toMatch(/Esc interrupt $/);
    // Issue 29's order: the context meter outlasts the tokens and cost, and the hints shorten before it goes.
    const narrow = statusLine(s, 'claude-sonnet-4-6', 75, 0);
    expect(narrow).not.toContain('session');
    expect(narrow).toContain('ctx 0.7% of 200k');
    expect(narrow).toMatch(/Esc interrupt $/);
    const flash = statusLine({ ...s, flash: { text: 'press Ctrl+C again to exit', at: Date.now() } }, 'm', 100, Date.now());
    expect(flash).toContain('press Ctrl+C again to exit');
    // At 60 columns a long flash (the path /export wrote) is cut, not left out.
    const long = 'exported to inkling-bb939bd5-411c-41ce-965d-8efee75076c0.html';
    const cut = statusLine({ ...createAppStore().getState(), flash: { text: long, at: Date.now() } }, 'm', 60, Date.now());
    expect(cut).toContain('exported to inkling-bb939bd5…');
  });

  it('names a mode other than default in colour, auto and yolo in the warning colour; it outlasts the tokens when narrow', () => {
    const s = { ...createAppStore().getState(), turnUsage: usage(1200, 300), sessionUsage: usage(45_000, 2_100) };
    try {
      for (const theme of ['dark', 'light'] as const) {
        applyPaletteTheme(theme, { noColor: false, level: 2 });
        expect(stripAnsi(statusLine({ ...s, permissionMode: 'default' }, 'claude-sonnet-4-6', 150, 0))).not.toContain('mode');
        for (const [mode, role] of [['accept-edits', 'accent'], ['plan', 'accent'], ['auto', 'warn'], ['yolo', 'warn']] as const) {
          const line = statusLine({ ...s, permissionMode: mode }, 'claude-sonnet-4-6', 150, 0);
          expect(line).toContain(paint[role](`${mode} mode`));
          const narrow = statusLine({ ...s, permissionMode: mode }, 'claude-sonnet-4-6', 60, 0);
          expect(stripAnsi(narrow)).toContain(mode);
          expect(stripAnsi(narrow)).not.toContain('session');
        }
      }
    } finally {
      applyPaletteTheme('dark', { noColor: true });
    }
  });

  it("keeps issue 29's order as the width shrinks: running agents before jobs, the context meter after the tokens and cost are gone", () => {
    const s = { ...createAppStore().getState(), phase: 'tools' as const, turnStartedAt: 0, activeToolIds: ['t'],
      turnUsage: usage(1200, 300), sessionUsage: usage(45_000, 2_100), contextTokens: 150_000, agents: 2, jobsRunning: 1 };
    const wide = stripAnsi(statusLine(s, 'claude-sonnet-4-6', 200, 0));
    expect(wide.indexOf('2 agents running')).toBeLessThan(wide.indexOf('jobs 1'));
    expect(wide).toContain('session ↑45k ↓2.1k $0.17 · ctx 75% of 200k');
    // The tokens and cost go first; the meter stays (without its separator), and so do the agents and jobs.
    const widths = Array.from({ length: 140 }, (_, i) => 200 - i);
    const lines = widths.map((w) => stripAnsi(statusLine(s, 'claude-sonnet-4-6', w, 0)));
    const meterOnly = lines.findIndex((l) => !l.includes('session') && l.includes('ctx 75% of 200k'));
    expect(meterOnly).toBeGreaterThan(-1);
    expect(lines[meterOnly]).toMatch(/2 agents? .*j(obs )?1 {2}ctx 75% of 200k/);
    // The meter goes before the agents and jobs shorten.
    const lastMeter = lines.length - 1 - [...lines].reverse().findIndex((l) => l.includes('ctx 75%'));
    expect(lines.slice(0, lastMeter + 1).every((l) => l.includes('2 agents'))).toBe(true);
  });

  it('keeps the hints in place while the elapsed time grows (no jitter every second)', () => {
    const s = { ...createAppStore().getState(), phase: 'responding' as const, turnStartedAt: 0,
      turnUsage: usage(1200, 300), sessionUsage: usage(45_000, 2_100) };
    const times = [340, 1500, 9900, 12_300, 65_000, 615_000];
    for (const q of [[], ['next']]) for (let width = 50; width <= 140; width++) {
      const lines = times.map((t) => statusLine({ ...s, queued: q }, 'claude-sonnet-4-6', width, t));
      // Everything after the elapsed time is the same text at the same column.
      const tails = lines.map((l) => l.slice(l.indexOf('responding') + 'responding'.length + 8 + (q.length ? ' · 1 queued'.length : 0)));
      expect(new Set(tails).size, `width ${width}: ${lines.join(' | ')}`).toBe(1);
    }
  });

  it('header names the model, the workspace and the permission mode', () => {
    expect(headerLine({ modelLabel: 'claude-x', isDemo: false, workspaceRoot: '/srv/app', permissionMode: 'yolo', width: 80 })).toBe(
      ' inkling · claude-x · /srv/app · yolo',
    );
    expect(headerLine({ modelLabel: 'x', isDemo: true, workspaceRoot: '/w', width: 80 })).toContain('demo model');
  });

  it('header at narrow widths drops the endpoint, then shortens the model; the workspace gives way last', () => {
    const p = {
      modelLabel: 'claude-sonnet-4-6 at http://127.0.0.1:41234/v1',
      isDemo: false,
      workspaceRoot: '/tmp/projects/inkling-demo',
      permissionMode: 'auto (no approvals)',
    };
    expect(headerLine({ ...p, width: 120 })).toBe(
      ' inkling · claude-sonnet-4-6 at http://127.0.0.1:41234/v1 · /tmp/projects/inkling-demo · auto (no approvals)',
    );
    expect(headerLine({ ...p, width: 80 })).toBe(' inkling · claude-sonnet-4-6 · /tmp/projects/inkling-demo · auto (no approvals)');
    expect(headerLine({ ...p, width: 76 })).toBe(' inkling · claude-sonnet… · /tmp/projects/inkling-demo · auto (no approvals)');
    expect(headerLine({ ...p, width: 60 })).toBe(' inkling · claude-sonn… · /tmp/projects/inkling-demo · auto');
    expect(headerLine({ ...p, width: 50 })).toBe(' inkling · claude-sonn… · …cts/inkling-demo · auto');
    expect(headerLine({ ...p, width: 40 })).toBe(' inkling · claude-son… · …ng-demo · auto');
  });

  it('header says whether commands are sandboxed, and keeps saying it when narrow', () => {
    const p = { modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/srv/app', permissionMode: 'auto (no approvals)' };
    expect(headerLine({ ...p, sandbox: 'sandboxed', width: 80 })).toBe(' inkling · claude-sonnet-4-6 · /srv/app · auto (no approvals) · sandboxed');
    expect(headerLine({ ...p, sandbox: 'not sandboxed (unavailable)', width: 100 })).toBe(
      ' inkling · claude-sonnet-4-6 · /srv/app · auto (no approvals) · not sandboxed (unavailable)',
    );
    expect(headerLine({ ...p, sandbox: 'not sandboxed (unavailable)', width: 76 })).toBe(' inkling · claude-sonnet-4-6 · /srv/app · auto (no approvals) · unsandboxed');
    expect(headerLine({ ...p, sandbox: 'sandboxed (network on)', width: 52 })).toBe(' inkling · claude-son… · /srv/app · auto · sandboxed');
  });

  it('prices known models only and sums up the session on exit', () => {
    expect(formatCost(estimateCost('claude-sonnet-4-6', usage(1_000_000, 0)))).toBe('$3.00');
    expect(estimateCost('demo model', usage(5, 5))).toBeNull();
    const text = exitSummary({ turns: 2, sessionUsage: usage(12_300, 1_200), childPriced: { usage: usage(0, 0), cost: 0 }, toolCalls: 0 }, 'claude-sonnet-4-6');
    expect(text).toBe('inkling · claude-sonnet-4-6 · 2 turns · 0 tool calls · tokens ↑12k ↓1.2k · ~$0.05\n');
    expect(exitSummary({ turns: 1, sessionUsage: usage(1, 1), childPriced: { usage: usage(0, 0), cost: 0 }, toolCalls: 1 }, 'm', 'abc123')).toContain('resume with: inkling --resume abc123');
  });
});
