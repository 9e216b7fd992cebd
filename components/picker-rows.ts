// The rows of the list pickers under their filter line (ListPicker.tsx draws them): the sessions,
// the session's prompts and the models, each list kept around its selection, or what it says
// when there is nothing to show.
import type { PickerRow, PickerState } from '../src/store/session-picker.js';
import { ago, visibleRows } from '../src/store/session-picker.js';
import type { RewindPickerState, RewindRow } from '../src/store/rewind-picker.js';
import { visibleRewindRows } from '../src/store/rewind-picker.js';
import { filteredModels, type ModelPickerState } from '../src/store/model-picker.js';
import { filesCount } from '../src/store/ledger-text.js';
import { searchedPrompts, type PromptSearchState } from '../src/store/prompt-search.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { countOf, fitLine, paint } from './text-layout.js';

/** The first row shown of `count`, `room` at a time, with the selection kept near the middle. */
export function windowStart(selected: number, count: number, room: number): number {
  return Math.max(0, Math.min(selected - Math.floor(room / 2), count - room));
}

/** What an empty list (or one still loading) says instead of rows. */
export const emptyRow = (text: string): string => paint.dim(`  ${text}`);

// Sessions: title, when, turns, size, model; the selected one inverse.

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function sessionLine(r: PickerRow, all: boolean, width: number, now: number): string {
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
  if (p.phase === 'loading') return [emptyRow('reading the sessions…')];
  const rows = visibleRows(p);
  if (rows.length === 0) return [emptyRow(p.rows.length === 0 ? 'no sessions yet' : 'no session matches the filter')];
  const start = windowStart(p.selected, rows.length, height);
  return rows.slice(start, start + height).map((r, i) => {
    const line = sessionLine(r, p.scope === 'all', width, now);
    return start + i === p.selected ? paint.inverse(`› ${line}`) : `  ${line}`;
  });
}

// The session's prompts, newest first: number, when, what the turn changed, first line; the
// selected one inverse with its files below it.

function clock(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function changed(r: RewindRow): string {
  return r.files.length === 0 ? 'no file changed' : `${filesCount(r.files.length)} +${r.added} −${r.removed}`;
}

function promptLine(r: RewindRow, width: number): string {
  return fitLine(`${String(r.ordinal).padStart(3)}  ${clock(r.at)}  ${changed(r).padEnd(18)}  ${r.firstLine}`, width - 2);
}

export function rewindPickerHead(): string {
  return `${paint.bold('Rewind to before a prompt')} ${paint.dim('— type to filter, ↑↓ choose, Enter previews what goes back (nothing changes before y there), Esc back')}`;
}

/** Rows for the list below the filter field, `height` of them at most. */
export function rewindPickerLines(p: RewindPickerState, width: number, height: number): string[] {
  if (p.phase === 'loading') return [emptyRow('reading the change ledger…')];
  const rows = visibleRewindRows(p);
  if (rows.length === 0) return [emptyRow('no prompt matches the filter')];
  // The selected row takes a second row for its files.
  const room = Math.max(1, height - 1);
  const start = windowStart(p.selected, rows.length, room);
  const out: string[] = [];
  rows.slice(start, start + room).forEach((r, i) => {
    if (start + i !== p.selected) return void out.push(`  ${promptLine(r, width)}`);
    out.push(paint.inverse(`› ${promptLine(r, width)}`));
    if (r.files.length > 0) out.push(paint.dim(fitLine(`        ${r.files.join(', ')}`, width)));
  });
  return out.slice(0, height);
}

// The models: the current one marked, each with its context window ("unknown window" when the
// catalog does not know it); the selected one with a bar.

function windowText(tokens: number | null): string {
  if (tokens === null) return 'unknown window';
  return tokens >= 1_000_000 ? `${tokens / 1_000_000}M window` : `${Math.round(tokens / 1000)}k window`;
}

/** The rows under the filter line: the list (kept around the selection), or why there is none. */
export function modelPickerLines(p: ModelPickerState, width: number, rows: number): string[] {
  if (p.phase === 'loading') return [emptyRow('asking for the list of models…')];
  const out: string[] = [];
  if (p.error) out.push(paint.error(fitLine(`  ${toSafeText(p.error)}`, width)));
  const shown = filteredModels(p);
  if (shown.length === 0 && !p.error) out.push(emptyRow(p.models.length === 0 ? 'the provider lists no models' : `no model matches “${toSafeText(p.filter)}”`));
  const room = Math.max(1, rows - out.length - 1);
  const top = windowStart(p.selected, shown.length, room);
  shown.slice(top, top + room).forEach((m, i) => {
    const at = top + i;
    const mark = at === p.selected ? paint.accent('▌ ') : '  ';
    const current = m.id === p.current ? paint.ok(' (current)') : '';
    out.push(fitLine(`${mark}${toSafeText(m.id)}${current}  ${paint.dim(windowText(m.contextWindow))}`, width));
  });
  if (shown.length > room) out.push(paint.dim(`  ${shown.length} models · ↑/↓ to see more`));
  if (p.phase === 'switching') out.push(paint.dim('  switching…'));
  return out;
}

/** Ctrl+R's rows: each prompt's first line (and how many more it has), the selected one marked. */
export function promptSearchLines(p: PromptSearchState, width: number, rows: number): string[] {
  const shown = searchedPrompts(p);
  const out: string[] = [];
  if (shown.length === 0) out.push(emptyRow(`no prompt matches “${toSafeText(p.filter)}”`));
  const room = Math.max(1, rows - out.length - 1);
  const top = windowStart(p.selected, shown.length, room);
  shown.slice(top, top + room).forEach((prompt, i) => {
    const mark = top + i === p.selected ? paint.accent('▌ ') : '  ';
    const [first, ...more] = toSafeText(prompt).split('\n');
    out.push(fitLine(`${mark}${first}${more.length > 0 ? paint.dim(`  (+${countOf(more.length, 'line')})`) : ''}`, width));
  });
  if (shown.length > room) out.push(paint.dim(`  ${shown.length} prompts · ↑/↓ to see more`));
  return out;
}
