// The command line, the core, the store and the UI as one CommonJS file, dist/bundle/cli.cjs, for
// bin/inkling.js to run through V8's code cache (src/cli/bundle-cache.ts): a cached start skips
// parsing and compiling most of what runs before the first frame, and one file skips resolving
// ~50 ESM chunks. The syntax highlighter (1.2 MB, wanted only once an answer shows a code block)
// is a file of its own beside it, highlight.cjs; so is each of SIDE_PACKAGES and SIDE_MODULES (what every first
// turn loads: the Anthropic or the OpenAI SDK, the settings' schema with zod), run through a code cache of its own when
// first used; the other packages of EXTERNAL_PACKAGES are required from node_modules (their
// CommonJS builds) when first used.
// Called by bundle-ui.ts after its ESM build.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { EXTERNAL_PACKAGES, lazyChildProcess, lazyEmojiTable, noDevtools, replaceOnce, yogaWasmBytes } from './bundle-plugins.js';

/** What the bundle's modules read as import.meta.url: the bundle file's own URL. */
const META_URL = '__inklingBundleUrl';

/**
 * CommonJS has no top-level await. Ink awaits only on its DEV=true path (React DevTools, its
 * package.json), left out here; yoga awaits its wasm, so its module exports the layout object
 * first and fills it once the wasm is instantiated, and ui-modules passes that promise on as
 * `layoutReady` for run-tui to await before the first frame.
 */
function noTopLevelAwait(dist: string): Plugin {
  return {
    name: 'no-top-level-await',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
        let source = fs.readFileSync(args.path, 'utf8');
        source = replaceOnce(source, "await import('./devtools.js');", "void import('./devtools.js');", args.path, 'no-top-level-await');
        source = replaceOnce(source, '? await loadPackageJson()', '? { name: undefined, version: undefined }', args.path, 'no-top-level-await');
        return { contents: source, loader: 'js' };
      });
      b.onLoad({ filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) => {
        const source = replaceOnce(
          fs.readFileSync(args.path, 'utf8'),
          'const Yoga = wrapAssembly(await loadYoga());',
          'const Yoga = {};\nexport const __layoutReady = loadYoga().then((lib) => { Object.assign(Yoga, wrapAssembly(lib)); });',
          args.path,
          'no-top-level-await',
        );
        return { contents: source, loader: 'js' };
      });
      const uiModules = path.join(dist, 'src/app/ui-modules.js');
      b.onLoad({ filter: /[\\/]src[\\/]app[\\/]ui-modules\.js$/ }, (args) => {
        if (args.path !== uiModules) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        return { contents: `${source}\nexport { __layoutReady as layoutReady } from 'yoga-layout';\n`, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * The command terminal requires the emulator through createRequire (an ESM import of the CommonJS
 * file would first scan it for export names); here a plain require, which esbuild sees, so the
 * bundle loads the emulator's own file beside it (SIDE_PACKAGES) through its code cache.
 */
function emulatorRequired(dist: string): Plugin {
  const terminal = path.join(dist, 'src/core/shell/command-terminal.js');
  return {
    name: 'emulator-required',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]core[\\/]shell[\\/]command-terminal\.js$/ }, (args) => {
        if (args.path !== terminal) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        const contents = replaceOnce(source, "createRequire(import.meta.url)('@xterm/headless')", "require('@xterm/headless')", args.path, 'emulator-required');
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** `import('cli-highlight')` loads highlight.cjs beside the bundle. */
const highlighterBeside: Plugin = {
  name: 'highlighter-beside',
  setup(b) {
    b.onResolve({ filter: /^cli-highlight$/ }, () => ({ path: './highlight.cjs', external: true }));
  },
};

/**
 * Packages every first turn loads, each bundled into one file beside cli.cjs and run through a
 * code cache of its own (src/cli/bundle-cache.ts) when first required: the SDK's ~100 files
 * required from node_modules cost ~180 ms of CPU (openai's ~85), one cached file ~15 ms. Value: the file's name.
 */
export const SIDE_PACKAGES: Readonly<Record<string, string>> = {
  openai: 'openai-sdk',
  // A session's first command (or the idle warm-up before it): the emulator (~180 KB) and the bash
  // grammar's runtime (~170 KB), else compiled afresh from node_modules in every process.
  '@xterm/headless': 'xterm-headless',
  'web-tree-sitter': 'web-tree-sitter',
};
/**
 * The same for a module of the project that is a package's way in, importing only the parts the
 * program uses, so the package's other parts are left out of its file: the Anthropic SDK's client
 * builds every resource (~670 KB bundled, ~45-80 ms of CPU to evaluate in a first turn), the
 * Messages resource alone is ~130 KB; the settings' schema keeps the parts of zod/mini it uses (~60 KB
 * where all of zod is ~560 KB). Key: the module under dist/.
 */
export const SIDE_MODULES: Readonly<Record<string, string>> = {
  'src/core/providers/anthropic-sdk.js': 'anthropic-sdk',
  'src/core/config/schema.js': 'settings-schema',
};

/**
 * Modules whose exports stand in for globals of the same name in a SIDE_MODULES file (esbuild's
 * `inject`): the Anthropic SDK reads the global Headers and FormData in every request, which are
 * part of node's fetch (undici, ~25-35 ms to load); the provider sends with node's http instead
 * (src/core/providers/http-fetch.ts, sdk-globals.ts), so nothing of it needs node's fetch.
 */
const SIDE_INJECT: Readonly<Record<string, readonly string[]>> = { 'src/core/providers/anthropic-sdk.js': ['src/core/providers/sdk-globals.js'] };

/** `require('<package>')` of a SIDE_PACKAGES entry, or an import of a SIDE_MODULES one, runs its file beside the bundle through its code cache. */
function sidePackagesBeside(dist: string): Plugin {
  const names = Object.keys(SIDE_PACKAGES).map((n) => n.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&'));
  const modules = new Map(Object.entries(SIDE_MODULES).map(([m, file]) => [path.join(dist, m), file]));
  const bundleCache = path.join(dist, 'src/cli/bundle-cache.js');
  return {
    name: 'side-packages-beside',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: SIDE_PACKAGES[args.path]!, namespace: 'side-package' }));
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const file = modules.get(path.resolve(args.resolveDir, args.path));
        return file ? { path: file, namespace: 'side-package' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'side-package' }, (args) => {
        const contents =
          `const { requireSideBundle } = require(${JSON.stringify(bundleCache)});\n` +
          `module.exports = requireSideBundle(require('node:path').join(__dirname, ${JSON.stringify(`${args.path}.cjs`)}), ${JSON.stringify(args.path)});\n`;
        return { contents, loader: 'js', resolveDir: dist };
      });
    },
  };
}

/**
 * Each module's `import path from 'node:path'` becomes `__toESM(require("node:path"), 1)`, which
 * copies every export of the builtin onto a fresh object: ~100 such calls before the first frame,
 * 8-14 ms (most of them path, os, process and fs). A builtin's exports never change, so each
 * builtin is wrapped once and the object shared. Fails the build when esbuild's output changed.
 */
export function shareBuiltinNamespaces(source: string, file: string): string {
  const calls = [...source.matchAll(/([A-Za-z_$][\w$]*)\(require\("(node:[\w/]+)"\),1\)/g)];
  const names = new Set(calls.map((m) => m[1]));
  if (calls.length < 10 || names.size !== 1) throw new Error(`${file}: esbuild's __toESM(require("node:…"), 1) calls not found as expected; update shareBuiltinNamespaces`);
  const toEsm = [...names][0]!;
  const shared = 'var __inklingBuiltins=new Map;function __inklingBuiltin(id){let m=__inklingBuiltins.get(id);m===void 0&&__inklingBuiltins.set(id,m=' + toEsm + '(require(id),1));return m}\n';
  const body = source.replace(/([A-Za-z_$][\w$]*)\(require\("(node:[\w/]+)"\),1\)/g, (_, _name: string, id: string) => `__inklingBuiltin("${id}")`);
  // After the banner's line: function declarations are hoisted, the Map is made before any module runs.
  const firstLine = body.indexOf('\n') + 1;
  return body.slice(0, firstLine) + shared + body.slice(firstLine);
}

/** Under a temporary name, then renamed: a bin starting meanwhile (a test run rebuilding) never reads half a bundle. */
function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

export async function bundleCli(dist: string): Promise<void> {
  const outdir = path.join(dist, 'bundle');
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': META_URL },
    banner: { js: `var ${META_URL}=require("node:url").pathToFileURL(__filename).href;` },
    logLevel: 'warning',
  } as const;
  const cli = path.join(outdir, 'cli.cjs');
  const main = await build({
    ...common,
    write: false,
    entryPoints: [path.join(dist, 'src/cli/main.js')],
    outfile: cli,
    external: EXTERNAL_PACKAGES,
    // import() of a package becomes require() as its static imports do: one module format per
    // package in a process (the MCP SDK's client and its transports share their classes), and a
    // package's CommonJS build is one file where its ESM build is a tree of modules to resolve.
    supported: { 'dynamic-import': false },
    plugins: [yogaWasmBytes, noDevtools, lazyEmojiTable, lazyChildProcess, noTopLevelAwait(dist), highlighterBeside, emulatorRequired(dist), sidePackagesBeside(dist)],
  });
  const highlight = path.join(outdir, 'highlight.cjs');
  const highlighter = await build({ ...common, write: false, entryPoints: ['cli-highlight'], outfile: highlight, absWorkingDir: path.resolve(dist, '..') });
  const sides = await Promise.all([
    // Required, not imported: the package's CommonJS build, whose exports are what `require` gave before.
    ...Object.entries(SIDE_PACKAGES).map(([pkg, file]) =>
      build({ ...common, write: false, stdin: { contents: `module.exports = require(${JSON.stringify(pkg)});`, resolveDir: path.resolve(dist, '..') }, outfile: path.join(outdir, `${file}.cjs`) }),
    ),
    // From the module's ESM imports: the package's ESM build, whose unused parts esbuild leaves out.
    ...Object.entries(SIDE_MODULES).map(([m, file]) =>
      build({ ...common, write: false, entryPoints: [path.join(dist, m)], outfile: path.join(outdir, `${file}.cjs`), inject: (SIDE_INJECT[m] ?? []).map((i) => path.join(dist, i)) }),
    ),
  ]);
  for (const r of [main, highlighter, ...sides]) if (r.outputFiles.length !== 1) throw new Error(`bundle-cli: expected one output file, got ${r.outputFiles.map((f) => f.path).join(', ')}`);
  fs.mkdirSync(outdir, { recursive: true });
  // The highlighter and the side packages first: once cli.cjs is there, all it loads is.
  writeAtomic(highlight, highlighter.outputFiles[0]!.text);
  for (const side of sides) writeAtomic(side.outputFiles[0]!.path, side.outputFiles[0]!.text);
  writeAtomic(cli, shareBuiltinNamespaces(main.outputFiles[0]!.text, cli));
}
