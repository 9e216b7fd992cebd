// What runs before the first frame, in a real terminal (tmux) against the fake Anthropic server:
// the app starts from the CommonJS bundle through its code cache, and by its first frame it has
// loaded none of what only a turn needs (the SDKs, zod, ajv, node-pty, xterm, the bash grammar,
// the highlighter, fetch, child_process), nor what loads on first use (the job view and its actions). The
// app's trace (INKLING_TRACE_EVENTS) lists what it had loaded then.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, startTmuxApp } from './tmux-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOT_BEFORE_THE_FIRST_FRAME = [
  /node_modules\/@anthropic-ai\/sdk\//,
  /node_modules\/openai\//,
  /node_modules\/@modelcontextprotocol\/sdk\//,
  /node_modules\/zod\//,
  /node_modules\/ajv\//,
  /node_modules\/node-pty\//,
  /node_modules\/@xterm\//,
  /node_modules\/web-tree-sitter\//,
  /node_modules\/tree-sitter-bash\//,
  /node_modules\/jsonc-parser\//,
  // image downscaling (native)
  /node_modules\/@napi-rs\//,
  // web_fetch's page converters
  /node_modules\/linkedom\//,
  /node_modules\/htmlparser2\//,
  /node_modules\/@mozilla\/readability\//,
  /node_modules\/turndown\//,
  /dist\/bundle\/highlight\.cjs$/,
  // the SDK and the settings' schema (with zod) as the bundle loads them (scripts/bundle-cli.ts SIDE_PACKAGES and SIDE_MODULES: each listed in require.cache); the OpenAI SDK likewise
  /dist\/bundle\/anthropic-sdk\.cjs$/,
  /dist\/bundle\/openai-sdk\.cjs$/,
  /dist\/bundle\/settings-schema\.cjs$/,
];
// fetch (undici), what requests, checkpoints and workers need, child_process (commands, the
// clipboard, Ink's terminal-size fallbacks) and crypto (temp names, the workspace key's hash).
/** The bundle's own modules that load on first use: each says so as it loads (src/store/loaded-on-use.ts). */
const ON_FIRST_USE = ['components/JobsView', 'src/store/job-actions'];
const BUILTINS_NOT_BEFORE = ['internal/deps/undici/undici', 'http', 'https', 'tls', 'zlib', 'worker_threads', 'child_process', 'dgram', 'crypto'];

let server: { url: string; proc: ChildProcess };
let cwd: string;

beforeAll(async () => {
  // As it ships: a fresh bundle (the bin takes it only when it is not older than the compiled modules).
  const bundle = path.join(ROOT, 'dist/bundle/cli.cjs');
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < statSync(path.join(ROOT, 'dist/src/cli/main.js')).mtimeMs) {
    execFileSync(process.execPath, [path.join(ROOT, 'dist/scripts/bundle-ui.js')]);
  }
  server = await startFakeServer([{ text: 'hello from the fake model' }, { text: 'hello from the fake model' }]);
  cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-first-frame-'));
}, 60_000);

afterAll(() => {
  server?.proc.kill('SIGTERM');
});

interface FirstFrame {
  marks: string[];
  builtins: string[];
  required: string[];
  onUse: string[] | undefined;
}

/** Starts the app, waits for the prompt and for the trace of its first frame, then quits it. */
async function firstFrame(name: string, cacheHome: string): Promise<FirstFrame> {
  const trace = path.join(cwd, `${name}.trace`);
  const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, INKLING_TRACE_EVENTS: trace, XDG_CACHE_HOME: cacheHome };
  const app = startTmuxApp({ cwd, env });
  try {
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    await app.waitFor(() => existsSync(trace) && readFileSync(trace, 'utf8').includes('startup on use:'), 'the first frame’s trace');
    // Still a working app: a prompt gets the fake model's answer (the SDK loads now).
    app.type('hello');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('hello from the fake model'), 'the answer');
  } finally {
    app.kill();
  }
  const lines = readFileSync(trace, 'utf8').split('\n');
  const after = (prefix: string) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).split(' ').filter(Boolean) ?? [];
  const onUse = lines.some((l) => l.startsWith('startup on use:')) ? after('startup on use: ') : undefined;
  return { marks: lines.filter((l) => / at \d+ ms/.test(l)), builtins: after('startup builtins: '), required: after('startup required: '), onUse };
}

describe('the first frame', () => {
  it('names modules that do say so as they load', () => {
    for (const name of ON_FIRST_USE) {
      const file = ['.ts', '.tsx'].map((ext) => path.join(ROOT, name + ext)).find((f) => existsSync(f));
      expect(file && readFileSync(file, 'utf8'), name).toContain(`loadedOnUse('${name}');`);
    }
  });

  it('comes from the cached bundle, before any SDK, schema library, pty, emulator, grammar, highlighter or fetch loads', async () => {
    const cacheHome = mkdtempSync(path.join(cwd, 'xdg-'));
    for (const [run, cache] of [['first', 'missing'], ['second', 'accepted']] as const) {
      const frame = await firstFrame(run, cacheHome);
      expect(frame.marks[0], run).toMatch(new RegExp(`^startup bundle loaded \\(code cache ${cache}\\) at`));
      expect(frame.marks.some((m) => m.startsWith('startup first frame rendered at')), run).toBe(true);
      // The lists are read: node's module list is never empty, and the bundle's own modules are not files.
      expect(frame.builtins, run).toContain('fs');
      for (const file of frame.required) for (const pattern of NOT_BEFORE_THE_FIRST_FRAME) expect(file, run).not.toMatch(pattern);
      for (const name of BUILTINS_NOT_BEFORE) expect(frame.builtins, run).not.toContain(name);
      expect(frame.onUse, run).toBeDefined();
      for (const name of ON_FIRST_USE) expect(frame.onUse, run).not.toContain(name);
      if (run === 'first') {
        // The first start wrote the cache (as it quit, at the latest).
        const folder = path.join(cacheHome, 'inkling');
        await waitUntil(() => existsSync(folder) && readdirSync(folder).some((f) => f.endsWith('.v8cache')), 'the code cache file');
      }
    }
  });
});

async function waitUntil(test: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
