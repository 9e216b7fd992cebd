// What a command writes that counts as an edit of the workspace, like write_file: a redirection
// into a workspace file, and mkdir, touch, mv, cp whose every operand is such a path. A path counts
// when it is literal, inside the workspace (through symlinks too, when the gate can look), not in
// .git/ (hooks there run code; the file tools refuse it too) and not protected (protected paths ask).
import type { ShellRedirect, SimpleCommand } from './command-analysis.js';
import { workspacePath } from './paths.js';
import { isSafeRedirect } from '../shell/read-only.js';

export interface EditScope {
  workspaceRoot: string;
  isProtected(rel: string): boolean;
  /** Whether the workspace-relative path stays inside the workspace once symlinks are followed (absent: by the text alone). */
  realInside?: (rel: string) => boolean;
}

/** The workspace-relative path a literal path edits, or undefined when it is not an edit of the workspace. */
function editedPath(scope: EditScope, literal: string): string | undefined {
  const where = workspacePath(scope.workspaceRoot, literal);
  if (!where.inside || where.rel === '.' || where.rel.split('/')[0] === '.git') return undefined;
  if (scope.realInside && !scope.realInside(where.rel)) return undefined;
  return where.rel;
}

const WORKSPACE_FILE_PROGRAMS = new Set(['mkdir', 'touch', 'mv', 'cp']);
/** Options without a value glued on: `-p`, `-rf`, `--parents` (not `--target-directory=/etc`). */
const PLAIN_OPTION = /^(-[A-Za-z]+|--[a-z][a-z-]*)$/;

/**
 * mkdir, touch, mv, cp whose every operand edits the workspace and is not protected. An option's
 * value (`-t DIR`, `-m 755`) counts as an operand, so it must be such a path too.
 */
export function isWorkspaceFileCommand(scope: EditScope, part: SimpleCommand): boolean {
  if (part.assignments.length > 0 || part.inner.length > 0) return false;
  const [program, ...rest] = part.words;
  if (!program || program.glob || !WORKSPACE_FILE_PROGRAMS.has(program.value ?? '')) return false;
  let operands = 0;
  let optionsEnded = false;
  for (const w of rest) {
    if (w.value === null || w.glob) return false;
    if (!optionsEnded && w.value === '--') {
      optionsEnded = true;
      continue;
    }
    if (!optionsEnded && w.value.startsWith('-')) {
      if (!PLAIN_OPTION.test(w.value)) return false;
      continue;
    }
    const rel = editedPath(scope, w.value);
    if (rel === undefined || scope.isProtected(rel)) return false;
    operands++;
  }
  return operands > 0;
}

export interface OutputFile {
  shown: string;
  rel?: string;
  /** A literal path that edits the workspace: an edit like any other. */
  editable: boolean;
  protected: boolean;
}

/** The files a command's redirections write (not /dev/null and the like). */
export function outputFiles(scope: EditScope, redirects: readonly ShellRedirect[]): OutputFile[] {
  const out: OutputFile[] = [];
  for (const r of redirects) {
    if (r.kind !== 'file' || !r.op.includes('>') || isSafeRedirect(r)) continue;
    const target = r.target;
    if (!target || target.value === null || target.glob) {
      out.push({ shown: target?.text ?? '?', editable: false, protected: false });
      continue;
    }
    const rel = editedPath(scope, target.value);
    if (rel === undefined) {
      const where = workspacePath(scope.workspaceRoot, target.value);
      out.push({ shown: where.inside ? where.rel : target.value, editable: false, protected: false });
    } else out.push({ shown: rel, rel, editable: true, protected: scope.isProtected(rel) });
  }
  return out;
}
