#!/usr/bin/env node
// Executable shim: everything else lives in src/cli (compiled to dist/). Started by bin/inkling,
// the API keys arrive on a pipe rather than in the environment: read them into process.env (which
// no other process can see) and close the pipe before any child could inherit it.
import { closeSync, fstatSync, readFileSync, statSync } from 'node:fs';

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

// The bundle (scripts/bundle-ui.ts) when it is not older than the compiled modules: one file
// and a few chunks load several times faster than the ~120 modules before the first frame.
const modules = new URL('../dist/src/cli/main.js', import.meta.url);
const bundle = new URL('../dist/bundle/cli.js', import.meta.url);
let entry = modules;
try {
  if (statSync(bundle).mtimeMs >= statSync(modules).mtimeMs) entry = bundle;
} catch {
  // No bundle (tsc only): the compiled modules.
}

import(entry.href).then((m) => m.main(process.argv.slice(2))).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
