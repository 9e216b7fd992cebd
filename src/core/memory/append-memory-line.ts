// Writes a `#` line into the memory file the person chose: the file's text plus the line, replaced
// atomically (a crash leaves the old file or the new one, never half of either). The person's own
// file lives in $INKLING_HOME, whose folders are 0700 and files 0600.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { MemoryLineTarget } from './memory-lines.js';
import { withMemoryLine } from './memory-lines.js';

/**
 * A memory file that is a link (CLAUDE.md → AGENTS.md) is written through to the file it names,
 * as long as that stays in the same folder tree: a link to ~/.bashrc is refused.
 */
async function resolveTarget(file: string): Promise<string> {
  const real = await fs.realpath(file);
  const folder = await fs.realpath(path.dirname(file));
  if (real !== folder && !real.startsWith(folder + path.sep)) throw new Error(`${file} links outside its folder (to ${real}); not written`);
  return real;
}

export async function appendMemoryLine(target: MemoryLineTarget, line: string): Promise<void> {
  let existing = '';
  let mode: number | undefined;
  let file = target.path;
  try {
    file = await resolveTarget(target.path);
    const st = await fs.stat(file);
    if (!st.isFile()) throw new Error(`${target.path} is not a regular file`);
    existing = await fs.readFile(file, 'utf8');
    mode = st.mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (target.scope === 'user') {
      await fs.mkdir(path.dirname(target.path), { recursive: true, mode: 0o700 });
      mode = 0o600;
    }
  }
  await writeFileAtomic(file, withMemoryLine(existing, line), mode === undefined ? {} : { mode });
}
