// /export's file: the person's own write (not a tool call, so no permission check), relative
// paths in the workspace, the folder made when missing, the file replaced whole.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeExport(workspaceRoot: string, file: string, text: string): Promise<string> {
  const target = path.resolve(workspaceRoot, file.startsWith('~/') ? path.join(process.env.HOME ?? '~', file.slice(2)) : file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text, { mode: 0o644 });
  return target;
}
