// What the ledger never records, on top of the workspace's own .gitignore files: dependencies,
// build output, secrets files, settings that stay on this machine and inkling's own temp files.
// Files over MAX_RECORDED_FILE_BYTES are left out by the snapshot itself (git has no size rule).

export const MAX_RECORDED_FILE_BYTES = 10 * 1024 * 1024;

/** gitignore patterns, written to the shadow repository's info/exclude. */
export const DEFAULT_IGNORE: readonly string[] = [
  // dependencies
  'node_modules/',
  'bower_components/',
  '.venv/',
  'venv/',
  '__pycache__/',
  '*.pyc',
  // build output and caches
  'dist/',
  'build/',
  'out/',
  'target/',
  '.next/',
  '.nuxt/',
  '.turbo/',
  '.parcel-cache/',
  '.gradle/',
  '.cache/',
  'coverage/',
  '.pytest_cache/',
  '.mypy_cache/',
  '.tox/',
  '*.o',
  '*.class',
  '.DS_Store',
  // secrets stay out of inkling's home
  '.env',
  '.env.*',
  '!.env.example',
  '!.env.sample',
  '!.env.template',
  // machine-local settings
  '.inkling/settings.local.json',
  // inkling's atomic-write temp files (.<name>.inkling-<pid>-<hex>.tmp)
  '.*.inkling-*.tmp',
];

export function excludeFileText(): string {
  return ['# Written by inkling: what its change ledger never records.', ...DEFAULT_IGNORE, ''].join('\n');
}
