// Bundles the program for a fast start into dist/bundle/: cli.js (the command line, the core and
// the store, with the TUI as a chunk loaded when it starts) and ui.js (React, Ink and the
// components, for the compiled modules' run-tui), minified ESM with shared chunks; the markdown
// highlighter, the SDKs' glue and the tools load lazily as their own chunks. One file and a few
// chunks start about three times faster than the same modules loaded one by one.
// Run after tsc (tsconfig.build.json compiles this file): node dist/scripts/bundle-ui.js
// bin/inkling.js uses cli.js when it is there and newer than the compiled main.js; run-tui uses
// ui.js when it is newer than the compiled components.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleCli } from './bundle-cli.js';
import { EXTERNAL_PACKAGES, lazyChildProcess, lazyEmojiTable, noDevtools, yogaWasmBytes } from './bundle-plugins.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// From dist/scripts: dist/src/cli/main.js, dist/src/app/ui-modules.js and dist/bundle/.
const dist = path.resolve(here, '..');
// Chunk names change with their contents: last build's would pile up.
fs.rmSync(path.join(dist, 'bundle'), { recursive: true, force: true });

await build({
  entryPoints: {
    cli: path.join(dist, 'src/cli/main.js'),
    ui: path.join(dist, 'src/app/ui-modules.js'),
  },
  external: EXTERNAL_PACKAGES,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  outdir: path.join(dist, 'bundle'),
  entryNames: '[name]',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS (react, yoga's loader) still calls require.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [yogaWasmBytes, noDevtools, lazyEmojiTable, lazyChildProcess],
  logLevel: 'warning',
});

// The CLI path again as one CommonJS file, which bin/inkling.js runs through V8's code cache.
await bundleCli(dist);
