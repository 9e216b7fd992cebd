// The esbuild plugins both bundles share (scripts/bundle-ui.ts: ESM with chunks; scripts/bundle-cli.ts:
// one CommonJS file run through V8's code cache). Each patch checks that the text it replaces is
// there exactly once and fails the build when a package changed under it. They only make the start
// cheaper (yoga's wasm bytes, terminal-size's lazy child_process, string-width's lazy emoji table):
// none changes how a dependency draws or measures a row (issue 42).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** `source` with `from` replaced by `to`; `from` must occur exactly once. */
export function replaceOnce(source: string, from: string, to: string, file: string, step: string): string {
  if (source.split(from).length !== 2) throw new Error(`${file}: ${JSON.stringify(from)} not found once; update the ${step} step of the bundle scripts (scripts/bundle-*.ts)`);
  return source.replace(from, to);
}

/**
 * Yoga's Emscripten loader fetches its wasm from a data: URL whenever fetch exists, and the first
 * fetch in a process loads undici (with http2, tls, zlib and workers) and decodes the 90 KB URL in
 * JS: about 50 ms before the first frame. Giving it the bytes skips that.
 */
export const yogaWasmBytes: Plugin = {
  name: 'yoga-wasm-bytes',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[/\\]dist[/\\]binaries[/\\]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      if (!source.includes('H="data:application/octet-stream;base64,')) throw new Error(`${args.path}: yoga's wasm URL not found; update the yoga-wasm-bytes step`);
      const contents = replaceOnce(source, 'function ya(){return w||', 'function ya(){w||(w=Buffer.from(H.slice(37),"base64"));return w||', args.path, 'yoga-wasm-bytes');
      return { contents, loader: 'js' };
    });
  },
};

/**
 * string-width builds its RGI_Emoji expression (~12-17 ms of CPU: every emoji sequence of Unicode)
 * as its module loads; here on its first use by a cluster that can be an emoji, which a first frame
 * of box lines, ASCII and the header's "·" never makes. A cluster of one UTF-16 unit below U+2000
 * is never an RGI emoji (test/scripts/lazy-emoji-table.test.ts asks the expression for every one),
 * so the answer is the same for every input.
 */
export function lazyEmojiSource(source: string, file: string): string | undefined {
  // wrap-ansi's string-width 7 has no such table.
  if (!source.includes('const rgiEmojiRegex = ')) return undefined;
  const contents = replaceOnce(
    source,
    'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
    'let rgiEmojiCompiled;\nconst rgiEmojiRegex = { test: (s) => !(s.length === 1 && s < "\\u2000") && (rgiEmojiCompiled ??= /^\\p{RGI_Emoji}$/v).test(s) };',
    file,
    'lazy-emoji-table',
  );
  if (source.split('rgiEmojiRegex').length !== 3) throw new Error(`${file}: rgiEmojiRegex used other than by .test(); update the lazy-emoji-table step`);
  return contents;
}

export const lazyEmojiTable: Plugin = {
  name: 'lazy-emoji-table',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) => {
      const contents = lazyEmojiSource(fs.readFileSync(args.path, 'utf8'), args.path);
      return contents === undefined ? undefined : { contents, loader: 'js' };
    });
  },
};

/**
 * terminal-size (Ink's fallback for a size stdout does not know) imports child_process for the
 * last resorts it tries (tput, resize): here required when one runs, so child_process (and net
 * and dgram with it) is not loaded before the first frame for a fallback a terminal never takes.
 */
export const lazyChildProcess: Plugin = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]terminal-size[\\/]index\.js$/ }, (args) => {
      const contents = replaceOnce(
        fs.readFileSync(args.path, 'utf8'),
        "import {execFileSync} from 'node:child_process';",
        "const execFileSync = (...a) => require('node:child_process').execFileSync(...a);",
        args.path,
        'lazy-child-process',
      );
      return { contents, loader: 'js' };
    });
  },
};

/** Ink imports React DevTools only when DEV=true; it is not installed. */
export const noDevtools: Plugin = {
  name: 'no-devtools',
  setup(b) {
    b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default { connectToDevTools() {} };' }));
  },
};

/**
 * Loaded after the first frame (or never in a run): kept as packages. node-pty and @napi-rs/image are native,
 * web-tree-sitter finds its wasm beside its own file, jsonc-parser's UMD build requires its own
 * files by relative path.
 */
export const EXTERNAL_PACKAGES = [
  'node-pty',
  '@napi-rs/image',
  '@xterm/headless',
  '@xterm/addon-serialize',
  'web-tree-sitter',
  'tree-sitter-bash',
  '@anthropic-ai/sdk',
  'openai',
  '@modelcontextprotocol/sdk',
  'ajv',
  'zod',
  'jsonc-parser',
  // web_fetch's page conversion: wanted only when a page is fetched, and ~1 MB together.
  'linkedom',
  '@mozilla/readability',
  'turndown',
];
