// Bundles the program for a fast start into dist/bundle/: cli.js (the command line, the core and
// the store, with the TUI as a chunk loaded when it starts) and ui.js (React, Ink and the
// components, for the compiled modules' run-tui), minified ESM with shared chunks; the markdown
// highlighter, the SDKs' glue and the tools load lazily as their own chunks; Ink's Output.get() is
// src/app/ink-output.ts's. One file and a few chunks start about three times faster than the same
// modules loaded one by one.
// Run after tsc (tsconfig.build.json compiles this file): node dist/scripts/bundle-ui.js
// bin/inkling.js uses cli.js when it is there and newer than the compiled main.js; run-tui uses
// ui.js when it is newer than the compiled components.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
  // Loaded after the first frame (or never in a run): kept as packages. node-pty is native,
  // web-tree-sitter finds its wasm beside its own file, jsonc-parser's UMD build requires its own
  // files by relative path.
  external: [
    'node-pty',
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
  ],
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
  plugins: [
    {
      // Yoga's Emscripten loader fetches its wasm from a data: URL whenever fetch exists, and the
      // first fetch in a process loads undici (with http2, tls, zlib and workers) and decodes the
      // 90 KB URL in JS: about 50 ms before the first frame. Giving it the bytes skips that.
      name: 'yoga-wasm-bytes',
      setup(b) {
        b.onLoad({ filter: /yoga-layout[/\\]dist[/\\]binaries[/\\]yoga-wasm-base64-esm\.js$/ }, (args) => {
          const source = fs.readFileSync(args.path, 'utf8');
          const fetching = 'function ya(){return w||';
          if (source.split(fetching).length !== 2 || !source.includes('H="data:application/octet-stream;base64,')) {
            throw new Error(`${args.path}: yoga's wasm loader changed; update the yoga-wasm-bytes step of bundle-ui.ts`);
          }
          return { contents: source.replace(fetching, 'function ya(){w||(w=Buffer.from(H.slice(37),"base64"));return w||'), loader: 'js' };
        });
      },
    },
    {
      // Ink's Output.get() made cheap (src/app/ink-output.ts), installed as Ink's module loads.
      name: 'ink-output-get',
      setup(b) {
        b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
          const source = await fs.promises.readFile(args.path, 'utf8');
          if (!source.includes('export default class Output')) throw new Error(`${args.path}: Ink's Output class not found`);
          const install = JSON.stringify(path.join(dist, 'src/app/ink-output.js'));
          return { contents: `${source}\nimport { installOutputGet as __installOutputGet } from ${install};\n__installOutputGet(Output);\n`, loader: 'js', resolveDir: path.dirname(args.path) };
        });
      },
    },
    {
      // Ink imports React DevTools only when DEV=true; it is not installed.
      name: 'no-devtools',
      setup(b) {
        b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'react-devtools-core', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default { connectToDevTools() {} };' }));
      },
    },
  ],
  logLevel: 'warning',
});
