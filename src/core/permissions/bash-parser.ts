// The bash grammar (tree-sitter-bash, compiled to WebAssembly, run by web-tree-sitter), loaded on
// first use: it costs ~40 ms and ~5 MB, so nothing on the way to the first frame may wait for it.
// Once loaded, parsing is synchronous and takes well under a millisecond for a typical command.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Node as SyntaxNode, Parser as TreeSitterParser } from 'web-tree-sitter';
import { liftoffOnly } from '../liftoff-only.js';

export type { SyntaxNode };

export interface BashParser {
  /** The syntax tree of `command`; the caller must call `done()` on the result. */
  parse(command: string): { root: SyntaxNode; done(): void } | null;
}

let loading: Promise<BashParser> | undefined;
let loaded: BashParser | undefined;

/** Loads the grammar once; later calls share it. Rejects when the WebAssembly cannot be loaded. */
export function loadBashParser(): Promise<BashParser> {
  loading ??= load().then(
    (p) => (loaded = p),
    (err: unknown) => {
      loading = undefined; // a later call may try again
      throw err;
    },
  );
  return loading;
}

/** The parser when it has finished loading, else undefined (never starts a load). */
export function bashParserIfLoaded(): BashParser | undefined {
  return loaded;
}

async function load(): Promise<BashParser> {
  // Else V8 tiers the grammar up on its background threads while the first command's modules wait.
  liftoffOnly();
  const { Parser, Language } = await import('web-tree-sitter');
  const resolve = createRequire(import.meta.url).resolve;
  // Its runtime looks for its wasm beside its own file, which in the bundle is the bundle's folder
  // (scripts/bundle-cli.ts SIDE_PACKAGES): named where the package has it.
  const runtime = resolve('web-tree-sitter/web-tree-sitter.wasm');
  await Parser.init({ locateFile: () => runtime });
  // Its bytes, not its path: given a path the runtime imports fs/promises, and a dynamic import in a
  // file run from a code cache has no loader to ask.
  const language = await Language.load(await readFile(resolve('tree-sitter-bash/tree-sitter-bash.wasm')));
  const parser: TreeSitterParser = new Parser();
  parser.setLanguage(language);
  return {
    parse(command) {
      const tree = parser.parse(command);
      if (!tree) return null;
      return { root: tree.rootNode, done: () => tree.delete() };
    },
  };
}
