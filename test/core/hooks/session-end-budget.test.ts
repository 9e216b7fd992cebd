// SessionEnd's budget as Claude Code's hooks reference sets it: 1.5 s, raised by the highest
// SessionEnd hook's own timeout up to 60 s, or exactly CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS.
import { describe, expect, it } from 'vitest';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { sessionEndBudgetMs, sessionEndLimitMs } from '../../../src/core/hooks/session-end-budget.js';

const hooks = (block: unknown) => readHooksBlock(block, '~/.claude/settings.json', 'user').hooks;
const end = (timeout?: number) => ({ hooks: [{ type: 'command', command: 'true', ...(timeout ? { timeout } : {}) }] });

describe('SessionEnd budget', () => {
  it('is 1.5 s unless a SessionEnd hook asks for more, up to 60 s; other events do not count', () => {
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end()] }), {})).toBe(1500);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end(1)] }), {})).toBe(1500);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end(5), end(20)] }), {})).toBe(20_000);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end(600)] }), {})).toBe(60_000);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end()], Stop: [end(30)] }), {})).toBe(1500);
  });

  it('is what CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS says when it is a positive number', () => {
    const env = (v: string) => ({ CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: v });
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end(20)] }), env('5000'))).toBe(5000);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end()] }), env('90000'))).toBe(90_000);
    expect(sessionEndBudgetMs(hooks({ SessionEnd: [end()] }), env('soon'))).toBe(1500);
    expect(sessionEndLimitMs(env('90000'))).toBe(90_000);
    expect(sessionEndLimitMs({})).toBe(60_000);
  });
});
