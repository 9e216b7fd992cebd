import { describe, expect, it } from 'vitest';
import { applyReplacements, buildEditDiff } from '../../../src/core/files/edit-diff.js';
import { findExact } from '../../../src/core/files/edit-match.js';

function diffOf(text: string, oldString: string, newString: string) {
  const reps = findExact(text, oldString).map((s) => ({ ...s, text: newString }));
  return { ...buildEditDiff('f.txt', text, reps), after: applyReplacements(text, reps) };
}

describe('buildEditDiff', () => {
  it('gives far-apart replacements their own hunks and merges close ones', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i}`);
    lines[2] = 'X';
    lines[5] = 'X';
    lines[25] = 'X';
    const d = diffOf(lines.join('\n') + '\n', 'X', 'Y');
    expect(d.diff.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,9 +1,9 @@', '@@ -23,7 +23,7 @@']);
    expect(d.hunks).toEqual([
      { oldStart: 3, oldLines: ['X', 'l3', 'l4', 'X'], newStart: 3, newLines: ['Y', 'l3', 'l4', 'Y'] },
      { oldStart: 26, oldLines: ['X'], newStart: 26, newLines: ['Y'] },
    ]);
  });

  it('shifts new line numbers of later hunks by the lines earlier hunks added', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i}`);
    const text = lines.join('\n') + '\n';
    const reps = [
      { ...findExact(text, 'l1\n')[0]!, text: 'l1\nadded1\nadded2\n' },
      { ...findExact(text, 'l20\n')[0]!, text: 'L20\n' },
    ];
    const d = buildEditDiff('f.txt', text, reps);
    expect(d.hunks[1]).toEqual({ oldStart: 21, oldLines: ['l20'], newStart: 23, newLines: ['L20'] });
    expect(d.diff).toContain('@@ -18,7 +20,7 @@');
  });

  it('shows no phantom empty line at the end of a file', () => {
    const d = diffOf('a\nb\n', 'b\n', 'c\n');
    expect(d.diff).toBe('--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n');
    const noEol = diffOf('a\nb\n', 'b\n', 'c');
    expect(noEol.hunks).toEqual([{ oldStart: 2, oldLines: ['b'], newStart: 2, newLines: ['c'] }]);
  });
});
