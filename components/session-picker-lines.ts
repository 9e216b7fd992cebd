// The session picker's rows: one line per session (title, when, turns, size, model), the
// selected one highlighted, scrolled so the selection stays in view.
import type { PickerRow, PickerState } from '../src/store/session-picker.js';
import { ago, visibleRows } from '../src/store/session-picker.js';
import { countOf, fitLine, paint } from './text-layout.js';

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function rowLine(r: PickerRow, all: boolean, width: number, now: number): string {
  const facts = [ago(r.updatedAt, now), countOf(r.turns, 'turn'), sizeLabel(r.bytes), r.model].filter(Boolean).join(' · ');
  const where = all ? `  ${r.workspace}` : '';
  const mark = `${r.current ? ' (this session)' : ''}${r.forkedFrom ? ` · rewound from ${r.forkedFrom.session.slice(0, 8)} at prompt ${r.forkedFrom.prompt}` : ''}`;
  return fitLine(`${r.title}${mark}${where}  ${facts}  ${r.id.slice(0, 8)}`, width - 2);
}

export function pickerHead(p: PickerState): string {
  const where = p.scope === 'workspace' ? 'this workspace' : 'every workspace';
  return `${paint.bold('Resume a session')} ${paint.dim(`from ${where} — type to filter, ↑↓ choose, Enter opens, Tab ${p.scope === 'workspace' ? 'all workspaces' : 'this workspace'}, Esc back`)}`;
}

/** Rows for the list below the filter field, `height` of them at most. */
export function pickerLines(p: PickerState, width: number, height: number, now: number): string[] {
  if (p.phase === 'loading') return [paint.dim('  reading the sessions…')];
  const rows = visibleRows(p);
  if (rows.length === 0) return [paint.dim(p.rows.length === 0 ? '  no sessions yet' : '  no session matches the filter')];
  const start = Math.max(0, Math.min(p.selected - Math.floor(height / 2), rows.length - height));
  return rows.slice(start, start + height).map((r, i) => {
    const line = rowLine(r, p.scope === 'all', width, now);
    return start + i === p.selected ? paint.inverse(`› ${line}`) : `  ${line}`;
  });
}
