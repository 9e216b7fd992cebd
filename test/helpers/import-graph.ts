// The import graph of src/ and components/, read from the sources (static imports, re-exports,
// dynamic import() with a literal path), and the two rules ARCHITECTURE.md sets for it: no file
// imports a folder above its own, and no file reaches itself through its imports.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The floors, lowest first: a file may import its own floor and the ones before it. */
export const FLOORS = ['src/core', 'src/store', 'src/pager', 'src/keys', 'components', 'src/app', 'src/cli'] as const;

/** Packages a floor must not import (core is headless; the store and engines know no React). */
export const FORBIDDEN_PACKAGES: Record<string, readonly string[]> = {
  'src/core': ['react', 'ink', 'ink-spinner', 'zustand'],
  'src/store': ['react', 'ink', 'ink-spinner'],
  'src/pager': ['react', 'ink', 'ink-spinner'],
  'src/keys': ['react', 'ink', 'ink-spinner'],
};

/** How an import loads its target: with the importing file, never (types only), or when the code asks. */
export type ImportKind = 'static' | 'type' | 'dynamic';

export interface ImportEdge { from: string; to: string; spec: string; kind: ImportKind }

export interface ImportGraph {
  files: string[];
  /** Relative imports resolved to files of the tree (repo-relative, "/"-separated). */
  edges: ImportEdge[];
  /** Package imports: file → package names. */
  packages: Map<string, string[]>;
  /** Package imports that load with the file (not type-only, not dynamic): file → package names. */
  loadedPackages: Map<string, string[]>;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(root: string, dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(root, rel, out);
    else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Drops comments, so an import named in a comment does not count. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

export function readImportGraph(root: string, dirs: readonly string[] = ['src', 'components']): ImportGraph {
  const files: string[] = [];
  for (const d of dirs) walk(root, d, files);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  const packages = new Map<string, string[]>();
  const loadedPackages = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, file: string, name: string) => m.set(file, [...(m.get(file) ?? []), name]);
  for (const file of files) {
    const text = code(readFileSync(path.join(root, file), 'utf8'));
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2] ?? m[3])!;
      const kind: ImportKind = m[3] !== undefined ? 'dynamic' : /\b(?:import|export)\s+type\s/.test(m[0]) ? 'type' : 'static';
      if (spec.startsWith('.')) {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.(js|jsx|ts|tsx)$/, '');
        const to = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => known.has(f));
        edges.push({ from: file, to: to ?? `${base} (not found)`, spec, kind });
      } else if (!spec.startsWith('node:')) {
        add(packages, file, packageName(spec));
        if (kind === 'static') add(loadedPackages, file, packageName(spec));
      }
    }
  }
  return { files, edges, packages, loadedPackages };
}

/** The floor a file sits on (its longest matching folder), or null outside the floors. */
export function floorOf(file: string): number | null {
  let best: number | null = null;
  let bestLength = -1;
  FLOORS.forEach((f, i) => {
    if ((file.startsWith(`${f}/`)) && f.length > bestLength) {
      best = i;
      bestLength = f.length;
    }
  });
  return best;
}

/** Imports of a floor above the importing file's, as "from → to". */
export function upwardImports(g: ImportGraph): string[] {
  const out: string[] = [];
  for (const e of g.edges) {
    const from = floorOf(e.from);
    const to = floorOf(e.to);
    if (from === null || to === null) {
      if (e.to.endsWith('(not found)')) out.push(`${e.from} → ${e.spec} (not found)`);
      continue;
    }
    if (to > from) out.push(`${e.from} → ${e.to} (${FLOORS[from]} may not import ${FLOORS[to]})`);
  }
  return out;
}

/** Package imports a floor must not make, as "file → package". */
export function forbiddenPackages(g: ImportGraph): string[] {
  const out: string[] = [];
  for (const [file, pkgs] of g.packages) {
    const floor = floorOf(file);
    const banned = floor === null ? [] : (FORBIDDEN_PACKAGES[FLOORS[floor]] ?? []);
    for (const p of pkgs) if (banned.includes(p)) out.push(`${file} → ${p}`);
  }
  return out;
}

/**
 * The chains of static imports from `start` to a file that loads one of `names` with itself, as
 * "a → b → c (pkg)": what such a package costs the program before it asks for it.
 */
export function packagesLoadedWith(g: ImportGraph, start: string, names: readonly string[]): string[] {
  const via = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  const out: string[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const p of g.loadedPackages.get(file) ?? []) {
      if (!names.includes(p)) continue;
      const chain: string[] = [];
      for (let at: string | null | undefined = file; at; at = via.get(at)) chain.unshift(at);
      out.push(`${chain.join(' → ')} (${p})`);
    }
    for (const e of g.edges) {
      if (e.from !== file || e.kind !== 'static' || via.has(e.to)) continue;
      via.set(e.to, file);
      queue.push(e.to);
    }
  }
  return out;
}

/** Every import circle (strongly connected set of files), each as its files in a stable order. */
export function importCircles(g: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const e of g.edges) {
    if (e.from === e.to) continue;
    const list = next.get(e.from) ?? [];
    list.push(e.to);
    next.set(e.from, list);
  }
  // Tarjan's strongly connected components, iteratively (deep trees do not blow the stack).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  for (const start of g.files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.node) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const members: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          members.push(w);
        } while (w !== top.node);
        if (members.length > 1) circles.push(members.sort());
      }
    }
  }
  return circles;
}
