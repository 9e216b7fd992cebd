// The pieces a `#` prompt line needs: the line, the files it may go to, the new text.
import { describe, expect, it } from 'vitest';
import { memoryLine, memoryLineTargets, withMemoryLine } from '../../../src/core/memory/memory-lines.js';
import type { MemoryFile } from '../../../src/core/memory/project-memory.js';

describe('memory lines', () => {
  it('turns "# rule" into a list line and leaves other prompts alone', () => {
    expect(memoryLine('# always use pnpm')).toBe('- always use pnpm');
    expect(memoryLine('#run tests with -q  ')).toBe('- run tests with -q');
    expect(memoryLine('## heading')).toBeUndefined();
    expect(memoryLine('#')).toBeUndefined();
    expect(memoryLine('# two\nlines')).toBeUndefined();
    expect(memoryLine('fix #12')).toBeUndefined();
  });

  it('appends on a line of its own', () => {
    expect(withMemoryLine('', '- a')).toBe('- a\n');
    expect(withMemoryLine('# Rules\n', '- a')).toBe('# Rules\n- a\n');
    expect(withMemoryLine('# Rules', '- a')).toBe('# Rules\n- a\n');
  });

  it('offers the loaded project file (CLAUDE.md too) or a new AGENTS.md, and the person\'s own', () => {
    const claude: MemoryFile = { scope: 'project', path: '/w/CLAUDE.md', displayPath: 'CLAUDE.md', bytes: 3, inPrompt: true, text: 'x', truncated: false };
    expect(memoryLineTargets({ workspaceRoot: '/w', home: '/h', homeDisplay: '~/.inkling', loaded: [claude] })).toEqual([
      { scope: 'project', path: '/w/CLAUDE.md', label: 'CLAUDE.md (this project)', exists: true },
      { scope: 'user', path: '/h/AGENTS.md', label: '~/.inkling/AGENTS.md (all your projects)', exists: false },
    ]);
    expect(memoryLineTargets({ workspaceRoot: '/w', home: '/h', homeDisplay: '~/.inkling', loaded: [] })[0]).toMatchObject({ path: '/w/AGENTS.md', exists: false });
  });
});
