// What the status line says in history mode, in the filter prompt and while a pane has the keys:
// the mode, where the selection is, and the keys that work now (longest first; the status line
// takes the first that fits).
import type { AppState } from '../src/store/app-store.js';
import { visibleStops } from '../src/store/history-mode.js';

/** Hint choices joined by "\n" (a string, so a selector can return it), or '' outside these modes. */
export function modeHintText(s: Pick<AppState, 'mode' | 'items' | 'history' | 'shellFocus'>): string {
  if (s.mode === 'shell') return ['keys go to the command — Ctrl+T to return', 'keys → command · Ctrl+T returns'].join('\n');
  if (s.mode === 'revert') {
    return ['y/Enter put back · f restore conflicting files too · ↑↓ scroll · Esc change nothing', 'y put back · f anyway · Esc cancel'].join('\n');
  }
  if (s.mode !== 'history') return '';
  const p = s.history.filterPrompt;
  if (p) return [`filter: ${p.text}▏ Enter keep · Esc clear`, `filter: ${p.text}▏`].join('\n');
  const stops = visibleStops(s);
  const at = stops.findIndex((it) => it.id === s.history.selectedId) + 1;
  const where = `${at}/${stops.length}${s.history.filter ? ` matching “${s.history.filter}”` : ''}`;
  return [
    `HISTORY ${where} · ↑↓ [ ] Enter expand · o open · y/Y copy · u undo · R rewind · d/s/p drop/shrink/pin · / filter · Esc back`,
    `HISTORY ${where} · ↑↓ [ ] Enter expand · o open · y/Y copy · u undo · R rewind · / filter · Esc back`,
    `HISTORY ${where} · ↑↓ [ ] Enter expand · o open · y/Y copy · / filter · Esc back`,
    `HISTORY ${where} · ↑↓ Enter o y/Y / · Esc back`,
    `HISTORY ${where} · Esc back`,
    'HISTORY',
  ].join('\n');
}
