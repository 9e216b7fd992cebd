// For tests of what a hook reads on stdin: a hook command that appends its input (one JSON line) to
// a file, the inputs the file holds, and the session's hooks from a Claude Code hooks block as
// ~/.claude/settings.json would give it.
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { readHooksBlock } from '../../../src/core/hooks/hook-settings.js';
import { SessionHooks } from '../../../src/core/hooks/session-hooks.js';

export const appendStdinTo = (file: string) => `cat >> ${file}; echo >> ${file}`;

export async function loggedInputs(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function userHooks(block: unknown, session: { root: string; id: string; transcriptPath: string }): SessionHooks {
  const read = readHooksBlock(block, '~/.claude/settings.json', 'user');
  expect(read.problems).toEqual([]);
  return new SessionHooks({ hooks: read.hooks, workspaceRoot: session.root, sessionId: session.id, transcriptPath: session.transcriptPath, permissionMode: () => 'default' });
}
