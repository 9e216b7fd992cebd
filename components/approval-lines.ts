// The approval prompt as the waiting call's own card: its header row as in the transcript, then
// why it asks, what it would do (an edit's exact diff, a command with its folder and what the
// parser found, any other tool's arguments), the four choices and choice 4's text field. A
// preview taller than the card's room shows a window of it that PgUp/PgDn move; the choices
// always show.
import type { SafeDeep } from '../src/core/text/safe-text.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import type { EditDetails } from '../src/core/tools/edit-details.js';
import type { ApprovalsState, ApprovalAsk } from '../src/store/approval-state.js';
import { choiceAvailable } from '../src/store/approval-actions.js';
import type { ToolItem } from '../src/store/transcript.js';
import { diffLines, unifiedDiffLines } from './tools/diff-lines.js';
import { headerLine } from './tools/card-parts.js';
import { rendererFor } from './tools/renderers.js';
import { countOf, fitLine, paint, stringWidth, wrapWithPrefix } from './text-layout.js';

const CHOICE_ROWS = 4;
/** The card's header, the "asks to run" row, the choices and the bottom rule. */
const CHROME_ROWS = 2 + CHOICE_ROWS + 1;
/** Rows of the text field at most (a longer message shows the rows around the cursor). */
export const FIELD_MAX_ROWS = 6;

const bar = () => paint.warn('│ ');

const previews = new WeakMap<ApprovalAsk, { width: number; epoch: number; rows: string[] }>();

/** Every row of the call's preview at `width` (before the card's bar), kept per ask and width. */
export function previewRows(ask: ApprovalAsk, width: number, epoch = 0): string[] {
  const hit = previews.get(ask);
  if (hit && hit.width === width && hit.epoch === epoch) return hit.rows;
  const rows = drawPreview(ask, width - 2);
  previews.set(ask, { width, epoch, rows });
  return rows;
}

function drawPreview(ask: ApprovalAsk, width: number): string[] {
  const p = ask.preview;
  if (p.kind === 'edit') {
    const head = p.created ? paint.dim(`  new file ${toSafeText(p.path)}`) : paint.dim(`  ${toSafeText(p.path)}`);
    // With three unchanged rows around each change, as git diff shows: where in the file it is.
    const rows = unifiedDiffLines(toSafeText(p.diff), width);
    return [head, ...(rows.length > 0 ? rows : diffLines({ hunks: p.hunks } as unknown as SafeDeep<EditDetails>, width, Number.MAX_SAFE_INTEGER))];
  }
  if (p.kind === 'command') {
    const rows = toSafeText(p.command).split('\n').flatMap((line, i) => wrapWithPrefix(line, width, i === 0 ? paint.accent('$ ') : '  ', '  '));
    rows.push(paint.dim(`  in ${toSafeText(p.cwd)}`));
    if (p.findings.length > 0) rows.push(...wrapWithPrefix(p.findings.map(toSafeText).join(' · '), width, paint.dim('  found: '), '         '));
    if (p.sandboxReason) rows.push(...wrapWithPrefix(toSafeText(p.sandboxReason), width, paint.warn('  outside the sandbox because: '), '  '));
    return rows;
  }
  return toSafeText(JSON.stringify(p.input, null, 2) ?? 'null').split('\n').flatMap((l) => wrapWithPrefix(l, width, '  ', '    '));
}

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
  if (message === '') return [`${bar()}${paint.accent('  ✎ ')}${paint.dim('what should the model do instead? ')}${paint.inverse(' ')}`];
  const rows = hardRows(message, Math.max(4, width - 7));
  // The cursor's row: the last row starting at or before it (a row ends where the next starts).
  let on = 0;
  rows.forEach((r, i) => {
    if (r.at <= cursor) on = i;
  });
  const first = Math.max(0, Math.min(on - FIELD_MAX_ROWS + 1, rows.length - FIELD_MAX_ROWS));
  return rows.slice(first, first + FIELD_MAX_ROWS).map((r, i) => {
    const index = first + i;
    let text: string = toSafeText(r.text);
    if (index === on) {
      const chars = [...r.text];
      const k = [...r.text.slice(0, cursor - r.at)].length;
      text = `${toSafeText(chars.slice(0, k).join(''))}${paint.inverse(toSafeText(chars[k] ?? ' '))}${toSafeText(chars.slice(k + 1).join(''))}`;
    }
    return `${bar()}${index === 0 ? paint.accent('  ✎ ') : '    '}${text}`;
  });
}

/** The card's most rows on a view of `height`: the rows just above it (the prompt that led to it) stay in sight. */
export const cardBudget = (height: number): number => Math.max(CHROME_ROWS + 3, height - 2);

/**
 * The preview's measure in a card of at most `maxRows`: all its rows, and how many the window
 * shows when they do not all fit (the window's two edge rows say what is above and below).
 */
export function previewWindow(a: ApprovalsState, width: number, maxRows: number, epoch = 0): { total: number; window: number; fits: boolean } {
  const ask = a.queue[0];
  if (!ask) return { total: 0, window: 0, fits: true };
  const total = previewRows(ask, width, epoch).length;
  const field = a.typing ? fieldLines(a.message, a.cursor, width).length : 0;
  const wrapped = choiceRows(a, ask, width).length - CHOICE_ROWS;
  const room = Math.max(3, maxRows - CHROME_ROWS - wrapped - field);
  return total <= room ? { total, window: total, fits: true } : { total, window: Math.max(1, room - 2), fits: false };
}

const LABELS = (ask: ApprovalAsk): string[] => [
  'Yes',
  ask.remember ? `Yes, and don't ask again this session for ${toSafeText(ask.remember.label)}` : "Yes, and don't ask again (nothing to remember for this call)",
  ask.remember ? `Yes, always: allow ${toSafeText(ask.remember.rule)} (saved for you, in this workspace)` : 'Yes, always (nothing to remember for this call)',
  'No, and tell the model what to do instead',
];

/** The four choices, each wrapped under its text (a narrow terminal cuts no folder or rule file off). */
function choiceRows(a: ApprovalsState, ask: ApprovalAsk, width: number): string[] {
  return LABELS(ask).flatMap((label, i) => {
    const on = a.selected === i;
    const style = (text: string) => (!choiceAvailable(a, i) ? paint.dim(text) : on ? paint.accent(paint.bold(text)) : text);
    return wrapWithPrefix(label, Math.max(8, width - 2), `${on ? '❯' : ' '} ${i + 1} `, '    ').map((row) => fitLine(bar() + style(row), width));
  });
}

function windowRows(a: ApprovalsState, ask: ApprovalAsk, width: number, maxRows: number, epoch: number): string[] {
  const rows = previewRows(ask, width, epoch);
  const w = previewWindow(a, width, maxRows, epoch);
  if (w.fits) return rows;
  const top = Math.max(0, Math.min(a.previewTop, w.total - w.window));
  const below = w.total - top - w.window;
  const up = top > 0 ? paint.dim(`  ↑ ${countOf(top, 'more line')} above · PgUp`) : paint.dim(`  ${countOf(w.total, 'line')} · PgUp/PgDn scroll`);
  const down = below > 0 ? paint.dim(`  ↓ ${countOf(below, 'more line')} below · PgDn`) : paint.dim('  (end)');
  return [up, ...rows.slice(top, top + w.window), down];
}

/** The waiting call's card as the prompt: at most `maxRows` rows (`item` is its transcript card). */
export function approvalCardLines(a: ApprovalsState, item: ToolItem | undefined, width: number, maxRows: number, frame: number, now: number, epoch = 0): string[] {
  const ask = a.queue[0];
  if (!ask) return [];
  const header = item ? headerLine(rendererFor(item), item, width, frame, now) : fitLine(`${paint.warn('?')} ${paint.bold(toSafeText(ask.tool))}`, width);
  const waiting = a.queue.length - 1 + ask.waiting;
  const more = waiting > 0 ? paint.dim(`  (${waiting} more waiting)`) : '';
  const who = ask.agent ? `${toSafeText(ask.agent.name)} agent wants to run ${toSafeText(ask.tool)}` : `${toSafeText(ask.tool)} asks to run`;
  const out = [header, fitLine(`${paint.warn('╭─ ')}${paint.bold(who)} ${paint.dim(`— ${toSafeText(ask.reason)}`)}${more}`, width)];
  out.push(...windowRows(a, ask, width, maxRows, epoch).map((r) => fitLine(bar() + r, width)));
  out.push(...choiceRows(a, ask, width));
  if (a.typing) out.push(...fieldLines(a.message, a.cursor, width).map((r) => fitLine(r, width)));
  out.push(paint.warn('╰─'));
  return out;
}

