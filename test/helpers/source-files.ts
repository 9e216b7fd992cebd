// The source files (.ts, .tsx) below a folder of the repository, as repo-relative "/"-separated paths.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.posix.join(path.relative(ROOT, e.parentPath).split(path.sep).join('/'), e.name));
}
