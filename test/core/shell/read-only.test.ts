import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand } from '../../../src/core/shell/read-only.js';
import { notReadOnly, readOnly } from './read-only-cases.js';

describe('isReadOnlyCommand', () => {
  it.each(readOnly)('proves %j read-only', (command) => {
    expect(isReadOnlyCommand(command)).toBe(true);
  });

  it.each(notReadOnly)('refuses %j', (command) => {
    expect(isReadOnlyCommand(command)).toBe(false);
  });

  it('does not parse a command longer than bash -c can take', () => {
    expect(isReadOnlyCommand(`ls${' a'.repeat(70_000)}`)).toBe(false);
    expect(isReadOnlyCommand(`ls${' a'.repeat(1000)}`)).toBe(true);
  });

  it('does not throw on non-string input', () => {
    expect(isReadOnlyCommand(undefined as unknown as string)).toBe(false);
    expect(isReadOnlyCommand(42 as unknown as string)).toBe(false);
  });
});
