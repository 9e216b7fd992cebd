// The /rewind picker's rows: one line per prompt of the session (its number, when, what its turn
// changed, its first line), newest first; the selected one highlighted with its files below it.
import type { RewindPickerState, RewindRow } from '../src/store/rewind-picker.js';
import { visibleRewindRows } from '../src/store/rewind-picker.js';
import { filesCount } from '../src/store/ledger-text.js';
import { fitLine, paint } from './text-layout.js';

function clock(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function changed(r: RewindRow): string {
  return r.files.length === 0 ? 'no file changed' : `${filesCount(r.files.length)} +${r.added} −${r.removed}`;
}

function rowLine(r: RewindRow, width: number): string {
  return fitLine(`${String(r.ordinal).padStart(3)}  ${clock(r.at)}  ${changed(r).padEnd(18)}  ${r.firstLine}`, width - 2);
}

export function rewindPickerHead(): string {
  return `${paint.bold('Rewind to before a prompt')} ${paint.dim('— type to filter, ↑↓ choose, Enter previews what goes back (nothing changes before y there), Esc back')}`;
}

/** Rows for the list below the filter field, `height` of them at most. */
export function rewindPickerLines(p: RewindPickerState, width: number, height: number): string[] {
  if (p.phase === 'loading') return [paint.dim('  reading the change ledger…')];
  const rows = visibleRewindRows(p);
  if (rows.length === 0) return [paint.dim('  no prompt matches the filter')];
  // The selected row takes a second row for its files.
  const room = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(p.selected - Math.floor(room / 2), rows.length - room));
  const out: string[] = [];
  rows.slice(start, start + room).forEach((r, i) => {
    if (start + i !== p.selected) return void out.push(`  ${rowLine(r, width)}`);
    out.push(paint.inverse(`› ${rowLine(r, width)}`));
    if (r.files.length > 0) out.push(paint.dim(fitLine(`        ${r.files.join(', ')}`, width)));
  });
  return out.slice(0, height);
}
