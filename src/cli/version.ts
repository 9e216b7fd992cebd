// The version printed by --version and the banner, read from package.json so it cannot drift.
// The file sits at src/cli (tsx) or dist/src/cli (built), so walk up to the package root.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function packageVersion(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'inkling' && pkg.version) return (cached = pkg.version);
    } catch {
      // not here: keep walking up
    }
    dir = dirname(dir);
  }
  return (cached = 'unknown');
}
