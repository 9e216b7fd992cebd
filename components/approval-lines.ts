// The approval prompt as lines: which call asks and why, what it would do (an edit's exact diff,
// a command with its folder and what the parser found, any other tool's arguments), then the
// four choices. The preview is cut to fit the screen; the choices always show.
import type { SafeDeep } from '../src/core/text/safe-text.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import type { EditDetails } from '../src/core/tools/edit-details.js';
import type { ApprovalsState, ApprovalAsk } from '../src/store/approval-state.js';
import { choiceAvailable } from '../src/store/approval-actions.js';
import { diffLines } from './tools/diff-lines.js';
import { countOf, fitLine, paint, stringWidth, wrapWithPrefix } from './text-layout.js';

const CHOICE_ROWS = 4;
/** Title, the choices, the text field and the bottom rule. */
export const APPROVAL_CHROME_ROWS = 2 + CHOICE_ROWS + 2;

function previewLines(ask: ApprovalAsk, width: number, maxRows: number): string[] {
  const p = ask.preview;
  const bar = paint.warn('│ ');
  let rows: string[];
  if (p.kind === 'edit') {
    const head = p.created ? paint.dim(`  new file ${toSafeText(p.path)}`) : paint.dim(`  ${toSafeText(p.path)}`);
    rows = [head, ...diffLines({ hunks: p.hunks } as unknown as SafeDeep<EditDetails>, width - 2, Number.MAX_SAFE_INTEGER)];
  } else if (p.kind === 'command') {
    rows = toSafeText(p.command).split('\n').flatMap((line, i) => wrapWithPrefix(line, width - 2, i === 0 ? paint.accent('$ ') : '  ', '  '));
    rows.push(paint.dim(`  in ${toSafeText(p.cwd)}`));
    if (p.findings.length > 0) rows.push(...wrapWithPrefix(p.findings.map(toSafeText).join(' · '), width - 2, paint.dim('  found: '), '         '));
    if (p.sandboxReason) rows.push(...wrapWithPrefix(toSafeText(p.sandboxReason), width - 2, paint.warn('  outside the sandbox because: '), '  '));
  } else {
    rows = toSafeText(JSON.stringify(p.input, null, 2) ?? 'null').split('\n').flatMap((l) => wrapWithPrefix(l, width - 2, '  ', '    '));
  }
  if (rows.length > maxRows) {
    const more = rows.length - (maxRows - 1);
    rows = [...rows.slice(0, Math.max(0, maxRows - 1)), paint.dim(`  … ${countOf(more, 'more line')}`)];
  }
  return rows.map((r) => fitLine(bar + r, width));
}

const LABELS = (ask: ApprovalAsk): string[] => [
  'Yes',
  ask.remember ? `Yes, and don't ask again this session for ${toSafeText(ask.remember.label)}` : "Yes, and don't ask again (nothing to remember for this call)",
  ask.remember ? `Yes, always: allow ${toSafeText(ask.remember.rule)} (saved to .inkling/settings.local.json)` : 'Yes, always (nothing to remember for this call)',
  'No, and tell the model what to do instead',
];

/** Every row but the text field's (App draws that one with the input component). */
export function approvalLines(a: ApprovalsState, width: number, height: number): string[] {
  const ask = a.queue[0];
  if (!ask) return [];
  const waiting = a.queue.length - 1 + ask.waiting;
  const more = waiting > 0 ? paint.dim(`  (${waiting} more waiting)`) : '';
  const title = `${paint.warn('╭─ ')}${paint.bold(`${toSafeText(ask.tool)} asks to run`)} ${paint.dim(`— ${toSafeText(ask.reason)}`)}${more}`;
  const out = [fitLine(title, width)];
  out.push(...previewLines(ask, width, Math.max(2, height - APPROVAL_CHROME_ROWS)));
  LABELS(ask).forEach((label, i) => {
    const on = a.selected === i;
    const available = choiceAvailable(a, i);
    const text = `${on ? '❯' : ' '} ${i + 1} ${label}`;
    out.push(fitLine(paint.warn('│ ') + (!available ? paint.dim(text) : on ? paint.accent(paint.bold(text)) : text), width));
  });
  return out;
}

/** Rows of the text field at most (a longer message shows the rows around the cursor). */
export const FIELD_MAX_ROWS = 6;

/** Cuts `text` into rows of at most `width` columns, each with the offset of its first character. */
function hardRows(text: string, width: number): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    let row = '';
    let rowAt = at;
    let used = 0;
    for (const ch of line) {
      const w = stringWidth(ch);
      if (used + w > width && row !== '') {
        out.push({ at: rowAt, text: row });
        rowAt += row.length;
        row = '';
        used = 0;
      }
      row += ch;
      used += w;
    }
    out.push({ at: rowAt, text: row });
    at += line.length + 1;
  }
  return out;
}

/** Choice 4's text field: its lines as typed or pasted, an inverse cell at the cursor. */
export function fieldLines(message: string, cursor: number, width: number): string[] {
  const lead = paint.warn('│ ');
  const room = Math.max(4, width - 7);
  if (message === '') return [`${lead}${paint.accent('  ✎ ')}${paint.dim('what should the model do instead? ')}${paint.inverse(' ')}`];
  const rows = hardRows(message, room);
  // The cursor's row: the last row starting at or before it (a row ends where the next starts).
  let on = 0;
  rows.forEach((r, i) => {
    if (r.at <= cursor) on = i;
  });
  const first = Math.max(0, Math.min(on - FIELD_MAX_ROWS + 1, rows.length - FIELD_MAX_ROWS));
  const shown = rows.slice(Math.max(0, first), Math.max(0, first) + FIELD_MAX_ROWS);
  return shown.map((r, i) => {
    const index = Math.max(0, first) + i;
    let text = toSafeText(r.text) as string;
    if (index === on) {
      const chars = [...r.text];
      const k = [...r.text.slice(0, cursor - r.at)].length;
      text = `${toSafeText(chars.slice(0, k).join(''))}${paint.inverse(toSafeText(chars[k] ?? ' '))}${toSafeText(chars.slice(k + 1).join(''))}`;
    }
    return `${lead}${index === 0 ? paint.accent('  ✎ ') : '    '}${text}`;
  });
}

export function approvalHint(a: ApprovalsState): string {
  return a.typing ? 'type what the model should do instead · Enter sends it with No · Esc No' : '1-4 or ↑↓ Enter choose · Esc No';
}
