// Bundles React, Ink and the components into dist/ui/ (one minified ESM file plus lazily loaded
// chunks for the markdown highlighter), which start about three times faster than the same
// modules loaded one by one. Run after tsc (tsconfig.build.json compiles this file): node dist/scripts/bundle-ui.js
// src/app/run-tui.ts uses the bundle when it is there and newer than the compiled components.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// From dist/scripts: dist/components/App.js and dist/ui/.
const dist = path.resolve(here, '..');

await build({
  stdin: {
    contents: [
      "export { render } from 'ink';",
      "export { createElement } from 'react';",
      "export { App } from './components/App.js';",
      "export { screenLayout } from './components/screen-layout.js';",
      "export { startTheme } from './src/app/theme.js';",
    ].join('\n'),
    resolveDir: dist,
    sourcefile: 'ui-entry.js',
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  outdir: path.join(dist, 'ui'),
  entryNames: 'ui',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS (react, yoga's loader) still calls require.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
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
