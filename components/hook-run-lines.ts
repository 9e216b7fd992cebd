// Hook runs under a call's card, one row each: which hook, how it ended, how long it took and the
// first line of what it said ("↳ PreToolUse hook ./lint.sh: exit 2 in 0.1 s · use rg"), or
// "running…" while it runs. A hook that failed or blocked is in the warning colour; /hooks has
// each hook's whole output.
import type { HookRow, ToolItem } from '../src/store/transcript.js';
import { fitLine, paint } from './text-layout.js';

const LEAD = '  ↳ ';

export function hookRunLines(item: ToolItem, width: number): string[] {
  return (item.hooks ?? []).map((h) => {
    if (h.running) return paint.dim(fitLine(`${LEAD}${h.event} hook ${h.command}: running…`, width));
    const said = h.output.split('\n').find((l) => l.trim());
    const text = fitLine(`${LEAD}${h.event} hook ${h.command}: ${endText(h)}${said ? ` · ${said.trim()}` : ''}`, width);
    return h.exitCode === 0 ? paint.dim(text) : paint.warn(text);
  });
}

function endText(h: HookRow): string {
  const how = h.timedOut ? 'stopped at its timeout' : h.exitCode === null ? 'killed' : h.exitCode === 0 ? 'ok' : `exit ${h.exitCode}`;
  return `${how} in ${(h.durationMs / 1000).toFixed(1)} s`;
}
