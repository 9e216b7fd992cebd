// The unified diff and structured hunks of an edit, built from the replaced spans so that the cost
// depends on the size of the change, not of the file.
import type { Span } from './edit-match.js';

export interface Replacement extends Span {
  text: string;
}

export interface EditHunk {
  /** 1-based first changed line in the old file (0 when nothing was there). */
  oldStart: number;
  oldLines: string[];
  newStart: number;
  newLines: string[];
}

const CONTEXT = 3;
// Above this many cell comparisons the region is shown as all-removed then all-added.
const MAX_LCS_CELLS = 250_000;

type Op = { tag: ' ' | '-' | '+'; line: string };

/** Applies non-overlapping, sorted replacements to `text`. */
export function applyReplacements(text: string, reps: Replacement[]): string {
  let out = '';
  let pos = 0;
  for (const r of reps) {
    out += text.slice(pos, r.start) + r.text;
    pos = r.end;
  }
  return out + text.slice(pos);
}

export function buildEditDiff(displayPath: string, oldText: string, reps: Replacement[]): { diff: string; hunks: EditHunk[] } {
  const lineStarts = [0];
  for (let i = oldText.indexOf('\n'); i !== -1; i = oldText.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number): number => upperBound(lineStarts, index) - 1;
  const oldLines = oldText.split('\n').map(stripCr);
  // A final '\n' ends the last line; it does not start an empty line worth showing.
  if (oldText.endsWith('\n')) oldLines.pop();

  // Group replacements whose context would overlap into one hunk.
  const groups: { first: number; last: number; reps: Replacement[] }[] = [];
  for (const r of reps) {
    const first = lineOf(r.start);
    // Through the line holding r.end, so a replaced trailing newline stays inside the region.
    const last = lineOf(r.end);
    const g = groups[groups.length - 1];
    if (g && first - g.last <= 2 * CONTEXT) {
      g.last = Math.max(g.last, last);
      g.reps.push(r);
    } else groups.push({ first, last, reps: [r] });
  }

  const hunks: EditHunk[] = [];
  let diff = `--- a/${displayPath}\n+++ b/${displayPath}\n`;
  let delta = 0;
  for (const g of groups) {
    const regionStart = lineStarts[g.first]!;
    const regionEnd = g.last + 1 < lineStarts.length ? lineStarts[g.last + 1]! - 1 : oldText.length;
    const shifted = g.reps.map((r) => ({ ...r, start: r.start - regionStart, end: r.end - regionStart }));
    const before = oldText.slice(regionStart, regionEnd).split('\n').map(stripCr);
    const after = applyReplacements(oldText.slice(regionStart, regionEnd), shifted).split('\n').map(stripCr);
    if (g.last >= oldLines.length && before.at(-1) === '') {
      // The region reached past the final newline: drop the empty pseudo-line after it on both sides.
      before.pop();
      if (after.at(-1) === '') after.pop();
    }
    const ops = diffLines(before, after);
    if (!ops.some((o) => o.tag !== ' ')) continue;

    // The structured hunk covers the changed lines only (leading and trailing equal lines trimmed).
    const lead = ops.findIndex((o) => o.tag !== ' ');
    let trail = 0;
    while (ops[ops.length - 1 - trail]!.tag === ' ') trail++;
    const core = ops.slice(lead, ops.length - trail);
    hunks.push({
      oldStart: g.first + lead + 1,
      oldLines: core.filter((o) => o.tag !== '+').map((o) => o.line),
      newStart: g.first + delta + lead + 1,
      newLines: core.filter((o) => o.tag !== '-').map((o) => o.line),
    });

    const ctxBefore = oldLines.slice(Math.max(0, g.first - CONTEXT), g.first).map((line): Op => ({ tag: ' ', line }));
    const ctxAfter = oldLines.slice(g.last + 1, g.last + 1 + CONTEXT).map((line): Op => ({ tag: ' ', line }));
    let all = [...ctxBefore, ...ops, ...ctxAfter];
    // Unchanged lines inside the region count as context too: keep CONTEXT lines on each side.
    const headDrop = Math.max(0, leadingEqual(all) - CONTEXT);
    all = all.slice(headDrop);
    all = all.slice(0, all.length - Math.max(0, leadingEqual([...all].reverse()) - CONTEXT));
    const oldCount = all.filter((o) => o.tag !== '+').length;
    const newCount = all.filter((o) => o.tag !== '-').length;
    const oldStart = g.first - ctxBefore.length + headDrop + 1;
    diff += `@@ -${oldStart},${oldCount} +${oldStart + delta},${newCount} @@\n`;
    diff += all.map((o) => `${o.tag}${o.line}\n`).join('');
    delta += after.length - before.length;
  }
  return { diff, hunks };
}

/** The diff of a file created from nothing. */
export function buildCreateDiff(displayPath: string, text: string): { diff: string; hunks: EditHunk[] } {
  const lines = text.split('\n').map(stripCr);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const diff = `--- /dev/null\n+++ b/${displayPath}\n@@ -0,0 +1,${lines.length} @@\n${lines.map((l) => `+${l}\n`).join('')}`;
  return { diff, hunks: [{ oldStart: 0, oldLines: [], newStart: 1, newLines: lines }] };
}

// Longest-common-subsequence line diff; regions are small because they come from one edit.
function diffLines(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const head: Op[] = a.slice(0, pre).map((line) => ({ tag: ' ', line }));
  const tail: Op[] = a.slice(a.length - suf).map((line) => ({ tag: ' ', line }));
  const x = a.slice(pre, a.length - suf);
  const y = b.slice(pre, b.length - suf);
  let middle: Op[];
  if (x.length * y.length > MAX_LCS_CELLS) {
    middle = [...x.map((line): Op => ({ tag: '-', line })), ...y.map((line): Op => ({ tag: '+', line }))];
  } else {
    const w = y.length + 1;
    const table = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        table[i * w + j] = x[i] === y[j] ? table[(i + 1) * w + j + 1]! + 1 : Math.max(table[(i + 1) * w + j]!, table[i * w + j + 1]!);
      }
    }
    middle = [];
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ tag: ' ', line: x[i]! });
        i++;
        j++;
      } else if (j < y.length && (i === x.length || table[i * w + j + 1]! >= table[(i + 1) * w + j]!)) {
        middle.push({ tag: '+', line: y[j++]! });
      } else {
        middle.push({ tag: '-', line: x[i++]! });
      }
    }
    // Show removals before additions inside each changed run, as unified diffs usually do.
    middle = reorderRuns(middle);
  }
  return [...head, ...middle, ...tail];
}

function reorderRuns(ops: Op[]): Op[] {
  const out: Op[] = [];
  let minus: Op[] = [];
  let plus: Op[] = [];
  const flush = (): void => {
    out.push(...minus, ...plus);
    minus = [];
    plus = [];
  };
  for (const o of ops) {
    if (o.tag === '-') minus.push(o);
    else if (o.tag === '+') plus.push(o);
    else {
      flush();
      out.push(o);
    }
  }
  flush();
  return out;
}

function leadingEqual(ops: Op[]): number {
  let n = 0;
  while (n < ops.length && ops[n]!.tag === ' ') n++;
  return n;
}

function upperBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
