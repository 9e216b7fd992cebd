// Every `.env*` file of the workspace, for the sandbox to mask: the whole tree is searched, with
// nothing skipped (dependencies and build output included). The first search reads every folder;
// later ones only look at each folder's change time and read again the folders that changed
// (adding, removing or renaming an entry changes its folder's mtime), so a command pays one stat
// per folder. The search gives the event loop a turn every YIELD_EVERY folders: a workspace of
// many folders (node_modules included) takes a while to search, and the screen, the keys and Esc
// go on meanwhile. (The reads stay synchronous: one asynchronous stat per folder took twice as long.)
import fs from 'node:fs';
import path from 'node:path';

/** Folders looked at between two turns of the event loop (~1–3 ms of stats). */
const YIELD_EVERY = 256;

/** Past this many folders the search stops and says so: the masking is then incomplete. */
export const ENV_SEARCH_MAX_DIRS = 200_000;

interface FolderEntry {
  /** mtime and ctime in ns: either changes when an entry is added, removed or renamed. */
  stamp: string;
  envFiles: string[];
  subdirs: string[];
}

export interface EnvFileSearch {
  files: string[];
  /** False when the workspace had more than ENV_SEARCH_MAX_DIRS folders: files beyond were not looked for. */
  complete: boolean;
  /** Folders looked at, and of them the ones read again (changed or new). */
  folders: number;
  read: number;
}

/** Whether a name is one the sandbox masks: `.env`, `.env.local`, `.envrc`, `.env.production` … */
export const isEnvFileName = (name: string): boolean => name.startsWith('.env');

export class EnvFileIndex {
  private readonly folders = new Map<string, FolderEntry>();

  constructor(readonly root: string, private readonly maxDirs = ENV_SEARCH_MAX_DIRS) {}

  async search(): Promise<EnvFileSearch> {
    const files: string[] = [];
    const seen = new Set<string>();
    const stack = [this.root];
    let read = 0;
    let complete = true;
    while (stack.length > 0) {
      if (seen.size >= this.maxDirs) {
        complete = false;
        break;
      }
      const dir = stack.pop()!;
      seen.add(dir);
      if (seen.size % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const entry = this.folder(dir);
      if (!entry) continue;
      if (entry.fresh) read++;
      files.push(...entry.value.envFiles);
      for (const sub of entry.value.subdirs) stack.push(sub);
    }
    // Folders that are gone (or were beyond the limit) are forgotten.
    for (const dir of this.folders.keys()) if (!seen.has(dir)) this.folders.delete(dir);
    return { files, complete, folders: seen.size, read };
  }

  private folder(dir: string): { value: FolderEntry; fresh: boolean } | null {
    let st: fs.BigIntStats;
    try {
      st = fs.lstatSync(dir, { bigint: true });
    } catch {
      this.folders.delete(dir);
      return null;
    }
    if (!st.isDirectory()) return null;
    const stamp = `${st.mtimeNs}:${st.ctimeNs}:${st.ino}`;
    const cached = this.folders.get(dir);
    if (cached && cached.stamp === stamp) return { value: cached, fresh: false };
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return null;
    }
    const value: FolderEntry = { stamp, envFiles: [], subdirs: [] };
    for (const e of entries) {
      // A symlink to a folder is not followed (it leads elsewhere); one named .env* is masked.
      if (e.isDirectory()) value.subdirs.push(path.join(dir, e.name));
      else if (isEnvFileName(e.name)) value.envFiles.push(path.join(dir, e.name));
    }
    this.folders.set(dir, value);
    return { value, fresh: true };
  }
}

const indexes = new Map<string, EnvFileIndex>();

/** The `.env*` files under `workspace` now, through an index kept for the life of the process. */
export function envFilesIn(workspace: string): Promise<EnvFileSearch> {
  let index = indexes.get(workspace);
  if (!index) indexes.set(workspace, (index = new EnvFileIndex(workspace)));
  return index.search();
}
