// Project memory: the instructions a person keeps for the agent. AGENTS.md, CLAUDE.md and
// CLAUDE.local.md at the workspace root (each that exists, in that order), the person's own
// $INKLING_HOME/AGENTS.md and ~/.claude/CLAUDE.md, and nested AGENTS.md files (else CLAUDE.md),
// which are listed by path rather than included so the prompt stays small. A CLAUDE*.md's
// `@path` imports are brought in as Claude Code does (claude-imports.ts).
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { walkWorkspace } from '../files/workspace-walk.js';
import { withClaudeImports } from './claude-imports.js';

/** Each file's text is cut at this size, with a note saying so. */
export const MEMORY_FILE_CAP_BYTES = 40 * 1024;
/** Nested files are looked for this deep, and the walk stops after this many entries. */
const NESTED_MAX_DEPTH = 6;
const NESTED_MAX_ENTRIES = 20_000;
const NESTED_MAX_LISTED = 50;
const ROOT_NAMES = ['AGENTS.md', 'CLAUDE.md'] as const;
/** At the root CLAUDE.local.md (the person's own notes for the project, not committed) comes too. */
const ROOT_FILES = [...ROOT_NAMES, 'CLAUDE.local.md'] as const;

export interface MemoryFile {
  scope: 'user' | 'project' | 'nested';
  path: string;
  /** Relative to the workspace for project files, "~/.inkling/AGENTS.md"-style for the user's. */
  displayPath: string;
  bytes: number;
  /** False for nested files: listed by path only. */
  inPrompt: boolean;
  /** The text that goes into the prompt (cut at the cap); empty for nested files. */
  text: string;
  truncated: boolean;
}

export interface MemoryOptions {
  workspaceRoot: string;
  home: string;
  /** How the user file is named in the prompt and /memory. */
  homeDisplay?: string;
  /** The person's home folder: ~/.claude/CLAUDE.md is read beside $INKLING_HOME/AGENTS.md (unless readClaude is false), and imports may reach it. */
  userHome?: string;
  /** compat.claude: false leaves ~/.claude alone. */
  readClaude?: boolean;
}

export async function loadProjectMemory(opts: MemoryOptions): Promise<MemoryFile[]> {
  const userPath = path.join(opts.home, 'AGENTS.md');
  const claudeUser = opts.userHome && opts.readClaude !== false ? path.join(opts.userHome, '.claude', 'CLAUDE.md') : undefined;
  const [user, claude, project, nested] = await Promise.all([
    readMemoryFile(userPath, 'user', `${opts.homeDisplay ?? opts.home}/AGENTS.md`),
    claudeUser ? readMemoryFile(claudeUser, 'user', '~/.claude/CLAUDE.md') : null,
    Promise.all(ROOT_FILES.map((name) => readMemoryFile(path.join(opts.workspaceRoot, name), 'project', name))),
    nestedMemory(opts.workspaceRoot),
  ]);
  const files = [user, claude, ...project, ...nested].filter((f): f is MemoryFile => f !== null);
  const bounds = { workspaceRoot: opts.workspaceRoot, userHome: opts.userHome ?? opts.workspaceRoot };
  return Promise.all(files.map(async (f) => (f.inPrompt && /CLAUDE(\.local)?\.md$/.test(f.path) ? { ...f, text: await withClaudeImports(f.text, f.path, bounds) } : f)));
}

async function readMemoryFile(file: string, scope: 'user' | 'project', displayPath: string): Promise<MemoryFile | null> {
  let handle;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(Math.min(info.size, MEMORY_FILE_CAP_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    let text = buffer.subarray(0, bytesRead).toString('utf8');
    const truncated = info.size > MEMORY_FILE_CAP_BYTES;
    // A cut inside a multi-byte character leaves a replacement character at the end.
    if (truncated) text = text.replace(/\uFFFD+$/, '');
    return { scope, path: file, displayPath, bytes: info.size, inPrompt: true, text, truncated };
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** AGENTS.md (or CLAUDE.md where a folder has no AGENTS.md) below the root, honouring .gitignore. */
async function nestedMemory(root: string): Promise<MemoryFile[]> {
  const found = new Map<string, { rel: string; abs: string }>();
  let entries = 0;
  await walkWorkspace({
    root,
    start: root,
    maxDepth: NESTED_MAX_DEPTH,
    onEntry(entry) {
      entries++;
      if (!entry.isDir && entry.depth > 1 && (ROOT_NAMES as readonly string[]).includes(path.posix.basename(entry.relPath))) {
        const dir = path.posix.dirname(entry.relPath);
        const name = path.posix.basename(entry.relPath);
        if (!found.has(dir) || name === 'AGENTS.md') found.set(dir, { rel: entry.relPath, abs: entry.absPath });
      }
      return entries < NESTED_MAX_ENTRIES && found.size < NESTED_MAX_LISTED;
    },
  }).catch(() => undefined);
  const out: MemoryFile[] = [];
  for (const { rel, abs } of found.values()) {
    const info = await stat(abs).catch(() => null);
    if (info?.isFile()) out.push({ scope: 'nested', path: abs, displayPath: rel, bytes: info.size, inPrompt: false, text: '', truncated: false });
  }
  return out.sort((a, b) => (a.displayPath < b.displayPath ? -1 : 1));
}

/** The prompt section for the loaded files; empty when there are none. */
export function memorySection(files: readonly MemoryFile[]): string {
  const parts: string[] = [];
  const cutNote = (f: MemoryFile) =>
    f.truncated ? `\n\n[${f.displayPath} is ${formatSize(f.bytes)}; only its first ${formatSize(MEMORY_FILE_CAP_BYTES)} are shown here. Read the file for the rest.]` : '';
  for (const f of files.filter((m) => m.scope === 'user')) {
    parts.push(`# The person's own instructions (${f.displayPath})\n\nThese apply in every workspace.\n\n${f.text.trim()}${cutNote(f)}`);
  }
  for (const f of files.filter((m) => m.scope === 'project')) {
    parts.push(`# Project instructions (${f.displayPath})\n\nThe workspace's ${f.displayPath}; follow it.\n\n${f.text.trim()}${cutNote(f)}`);
  }
  const nested = files.filter((m) => m.scope === 'nested');
  if (nested.length > 0) {
    parts.push(
      '# Instructions in subfolders\n\nThese folders have their own instructions; read the file before you work in its folder:\n' +
        nested.map((f) => `- ${f.displayPath}`).join('\n'),
    );
  }
  return parts.join('\n\n');
}

export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
}
