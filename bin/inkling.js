#!/usr/bin/env node
// Executable shim: everything else lives in src/cli (compiled to dist/). Started by bin/inkling,
// the API keys arrive on a pipe rather than in the environment: read them into process.env (which
// no other process can see) and close the pipe before any child could inherit it.
import { appendFileSync, closeSync, fstatSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// --interrupt-budget=270336 (4x V8's 67584): a function is optimized by TurboFan (on V8's background
// threads) after four times as much of it has run. Start-up, the agent's build and a first turn run
// much code a little, and V8 compiled it all again: 100-120 ms of background CPU in a cold
// one-sentence turn (50-70 with it); what runs hot (a flood, a stream) still gets there early.
// bench/frames.ts firstturn, 2 alternated pairs at load 7-10: cold turn CPU 325 -> 160 ms, warm
// 160 -> 100, cold live 575 -> 435; flood and live unchanged (--only flood,live, 2 pairs).
// Only V8 up to 11.3 (Node 20) has the flag: later ones (Node 22: 12.4) count invocations instead,
// and print an error for a flag they do not know, so the version decides (it costs nothing). Set
// before the bundle loads: its code cache is then made and checked under the same flags.
const [v8Major, v8Minor] = process.versions.v8.split('.').map(Number);
if (v8Major < 11 || (v8Major === 11 && v8Minor <= 3)) setFlagsFromString('--interrupt-budget=270336');

const fd = Number(process.env.INKLING_SECRETS_FD);
delete process.env.INKLING_SECRETS_FD;
// Only the launcher's pipe (or here-document file): never one of node's own descriptors.
const isPipe = (n) => {
  try {
    const st = fstatSync(n);
    return st.isFIFO() || st.isFile();
  } catch {
    return false;
  }
};
if (Number.isInteger(fd) && fd > 2 && isPipe(fd)) {
  try {
    for (const line of readFileSync(fd, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) process.env[line.slice(0, eq)] = line.slice(eq + 1);
    }
  } catch {
    // No such pipe: the keys are wherever the environment has them.
  }
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}

// The CommonJS bundle (scripts/bundle-cli.ts) through V8's code cache (src/cli/bundle-cache.ts),
// when it is not older than the compiled modules: one file whose compiled functions are kept in
// the user's cache folder. Without it the ESM bundle (scripts/bundle-ui.ts), else the ~120
// compiled modules (tsc only). Anything wrong on the cached way is a plain load of the same file.
const dist = new URL('../dist/', import.meta.url);
const modules = new URL('src/cli/main.js', dist);
const newer = (file) => {
  try {
    return statSync(file).mtimeMs >= statSync(modules).mtimeMs;
  } catch {
    return false;
  }
};

async function loadCli() {
  const cjs = fileURLToPath(new URL('bundle/cli.cjs', dist));
  if (newer(cjs)) {
    try {
      const { cacheFolder, runCachedBundle } = await import(new URL('src/cli/bundle-cache.js', dist).href);
      const run = runCachedBundle(cjs, cacheFolder());
      traceMark(`bundle loaded (code cache ${run.outcome})`);
      return run.exports;
    } catch {
      return createRequire(import.meta.url)(cjs);
    }
  }
  const esm = new URL('bundle/cli.js', dist);
  return import((newer(esm) ? esm : modules).href);
}

/**
 * INKLING_TRACE_EVENTS=<file>: a start-up mark in the format of src/app/startup-marks.ts. Written
 * here rather than imported from there: the import would add a module load to the start it times.
 */
function traceMark(what) {
  const file = process.env.INKLING_TRACE_EVENTS;
  if (!file) return;
  const cpu = process.cpuUsage();
  appendFileSync(file, `startup ${what} at ${performance.now().toFixed(0)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)\n`);
}

loadCli().then((m) => m.main(process.argv.slice(2))).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
