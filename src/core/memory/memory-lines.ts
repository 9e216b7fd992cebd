// A `#` prompt line ("# always use pnpm") offers to add that line to a memory file: which files
// it can go to, and the file's new text. The UI asks which file and sends the change through the
// permission pipeline as an edit; nothing here writes.
import path from 'node:path';
import type { MemoryFile } from './project-memory.js';

export interface MemoryLineTarget {
  scope: 'project' | 'user';
  path: string;
  /** "AGENTS.md (this project)", "~/.inkling/AGENTS.md (all your projects)". */
  label: string;
  exists: boolean;
}

/** The project's memory file (the loaded one, else a new AGENTS.md) and the person's own. */
export function memoryLineTargets(opts: { workspaceRoot: string; home: string; homeDisplay: string; loaded: readonly MemoryFile[] }): MemoryLineTarget[] {
  const project = opts.loaded.find((f) => f.scope === 'project');
  const userPath = path.join(opts.home, 'AGENTS.md');
  // ~/.claude/CLAUDE.md is read too, but a `#` line goes to inkling's own file.
  const user = opts.loaded.find((f) => f.scope === 'user' && f.path === userPath);
  return [
    {
      scope: 'project',
      path: project?.path ?? path.join(opts.workspaceRoot, 'AGENTS.md'),
      label: `${project?.displayPath ?? 'AGENTS.md'} (this project)`,
      exists: project !== undefined,
    },
    { scope: 'user', path: userPath, label: `${opts.homeDisplay}/AGENTS.md (all your projects)`, exists: user !== undefined },
  ];
}

/** `# always use pnpm` → the line to keep ("- always use pnpm"); undefined for a bare "#". */
export function memoryLine(prompt: string): string | undefined {
  const m = /^#(?!#)\s*(.+?)\s*$/s.exec(prompt.trim());
  if (!m || m[1]!.includes('\n')) return undefined;
  return `- ${m[1]}`;
}

/** The file's text with the line appended at the end, on a line of its own. */
export function withMemoryLine(existing: string, line: string): string {
  if (existing === '') return `${line}\n`;
  return `${existing}${existing.endsWith('\n') ? '' : '\n'}${line}\n`;
}
