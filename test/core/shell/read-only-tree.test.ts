// The read-only table again, with the bash grammar loaded: isReadOnlyCommand then needs both readings.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser, type BashParser } from '../../../src/core/permissions/bash-parser.js';
import { isReadOnlyByTree, isReadOnlyCommand } from '../../../src/core/shell/read-only.js';
import { notReadOnly, readOnly } from './read-only-cases.js';

let parser: BashParser;
beforeAll(async () => {
  parser = await loadBashParser();
});

describe('isReadOnlyCommand with the syntax tree loaded', () => {
  it.each(readOnly)('proves %j read-only', (command) => {
    expect(isReadOnlyCommand(command)).toBe(true);
  });

  it.each(notReadOnly)('refuses %j', (command) => {
    expect(isReadOnlyCommand(command)).toBe(false);
  });
});

describe('isReadOnlyByTree on its own', () => {
  it.each(readOnly)('proves %j read-only', (command) => {
    expect(isReadOnlyByTree(parser, command)).toBe(true);
  });

  it.each([
    'ls; rm x', 'echo $(rm -rf x)', 'cat a > b', 'ls &', 'X=1 ls', 'find . -delete', 'cat <(rm x)', 'ls {a,b}',
    'echo $HOME', 'rg foo *', 'cat <<EOF\nhi\nEOF', 'f() { ls; }; f', 'for f in a; do cat $f; done', 'ls\u00a0; rm x',
    'ls # note\nrm -rf x', 'echo a\\ #; rm -rf x', '"rm" x', 'sort -o out.txt in.txt', 'ls 2> err.txt',
  ])('refuses %j', (command) => {
    expect(isReadOnlyByTree(parser, command)).toBe(false);
  });
});
