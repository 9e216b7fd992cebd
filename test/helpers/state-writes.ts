// Where state is written outside the store: `setState(` in src/ and components/ outside
// src/store/ (comments ignored). ARCHITECTURE.md: named store actions are the store's only
// writers; keys, components and the app call those.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Files that own a store of their own: the pager engine's view state, written by its methods. */
export const OWN_STORES: Record<string, string> = {
  'src/pager/pager-model.ts': "the pager engine's own store (PagerView), written only by its private set()",
};

function sources(root: string, dir: string, out: string[]): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) sources(root, rel, out);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** Blanks comments but keeps line breaks, so line numbers stay true. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
}

/** "file:line" for every `setState(` outside src/store/ (and the files that own their store). */
export function stateWritesOutsideStore(root: string): string[] {
  const found: string[] = [];
  for (const file of [...sources(root, 'src', []), ...sources(root, 'components', [])]) {
    if (file.startsWith('src/store/') || file in OWN_STORES) continue;
    const lines = withoutComments(readFileSync(path.join(root, file), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (/\bsetState\s*\(/.test(line)) found.push(`${file}:${i + 1}`);
    });
  }
  return found.sort();
}
