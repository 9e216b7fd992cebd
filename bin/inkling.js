#!/usr/bin/env node
// Executable shim: everything else lives in src/cli (compiled to dist/).
import('../dist/src/cli/main.js').then((m) => m.main(process.argv.slice(2))).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
