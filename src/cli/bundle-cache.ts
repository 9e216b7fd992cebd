// Runs the CommonJS bundle (dist/bundle/cli.cjs, scripts/bundle-cli.ts) through V8's code cache:
// the functions a run compiled are saved once, in the user's cache folder, and the next start
// deserialises them instead of parsing and compiling the bundle again. The cache may be missing,
// stale, rejected by V8 or unwritable: each of these is a plain start (and a fresh cache when the
// folder allows one), never a failed one. Loaded by bin/inkling.js before the bundle, so it
// imports only node's own modules.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/** What became of the cache on this start (INKLING_TRACE_EVENTS records it). */
export type CacheOutcome = 'accepted' | 'rejected' | 'missing' | 'unreadable';

export interface BundleRun<T> {
  exports: T;
  outcome: CacheOutcome;
  /** The cache file this start reads and writes; null when there is no folder to keep one in. */
  cacheFile: string | null;
  /** Writes the cache now if this start is to write one (else nothing); errors are swallowed. */
  save(): void;
}

/** How long after the start a missing or rejected cache is written, to include the first frame's functions. */
export const CACHE_WRITE_DELAY_MS = 1500;

/** `$XDG_CACHE_HOME/inkling`, else `~/.cache/inkling` (a relative XDG_CACHE_HOME is ignored, as the spec says). */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'inkling');
}

/** 32-bit FNV-1a, twice with different seeds: a file name, not a security check (the key is compared whole). */
function hashKey(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2 * i) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/**
 * What a cache is valid for: this bundle file as built (size, mtime, inode), this node and V8,
 * and the flags node runs with (V8 rejects a cache made under other flags).
 */
function cacheKey(bundle: string): { key: string; mtimeMs: number } {
  const st = statSync(bundle);
  const key = [bundle, st.size, st.mtimeMs, st.ino, process.version, process.versions.v8, process.arch, process.execArgv.join(' ')].join('\n');
  return { key, mtimeMs: st.mtimeMs };
}

/** The cache file holds: 4 bytes of key length, the key (UTF-8), then V8's data. */
function readCache(file: string, key: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const keyBytes = Buffer.from(key);
  if (data.length < 4 || data.readUInt32LE(0) !== keyBytes.length) return Buffer.alloc(0);
  if (!data.subarray(4, 4 + keyBytes.length).equals(keyBytes)) return Buffer.alloc(0);
  return data.subarray(4 + keyBytes.length);
}

/** `<name>-<hash>.v8cache`, and what a writer killed half-way left of one. */
const cacheFileOf = (name: string) => new RegExp(`^${name}-[0-9a-f]{16}\\.v8cache(?:\\.\\d+\\.tmp)?$`);

/** Written whole under a temporary name, then renamed: a reader sees the old file or the new one. */
function writeCache(file: string, name: string, key: string, data: Buffer, bundleMtimeMs: number): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keyBytes = Buffer.from(key);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(keyBytes.length, 0);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([head, keyBytes, data]), { mode: 0o600 });
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  // Caches of earlier builds of the bundle are dead weight, and so is what a writer killed
  // half-way left of one.
  for (const entry of readdirSync(dir)) {
    if (!cacheFileOf(name).test(entry) || path.join(dir, entry) === file) continue;
    try {
      if (statSync(path.join(dir, entry)).mtimeMs < bundleMtimeMs) rmSync(path.join(dir, entry), { force: true });
    } catch {
      // Gone already.
    }
  }
}

/**
 * Runs `bundle` (a CommonJS file) with its code cache from `folder` and returns its exports. The
 * bundle's own errors propagate; anything wrong with the cache only makes the start a plain one.
 * A start that found no usable cache writes one CACHE_WRITE_DELAY_MS later, or as the process
 * exits if that comes first. `name` names the cache file: the CLI's is `cli`, a package bundled
 * beside it (scripts/bundle-cli.ts) has its own.
 */
export function runCachedBundle<T>(bundle: string, folder: string | null, name = 'cli'): BundleRun<T> {
  const source = readFileSync(bundle, 'utf8');
  let key = '';
  let mtimeMs = 0;
  let cacheFile: string | null = null;
  let cached: Buffer | undefined;
  let outcome: CacheOutcome = 'missing';
  try {
    ({ key, mtimeMs } = cacheKey(bundle));
    if (folder) cacheFile = path.join(folder, `${name}-${hashKey(key)}.v8cache`);
    cached = cacheFile ? readCache(cacheFile, key) : undefined;
  } catch {
    outcome = 'unreadable';
  }
  // Node's own wrapper, so the bundle sees what a required file sees.
  const wrapper = `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
  const options = { filename: bundle, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER };
  let script: vm.Script;
  try {
    script = new vm.Script(wrapper, cached?.length ? { ...options, cachedData: cached } : options);
    if (cached !== undefined) outcome = cached.length && !script.cachedDataRejected ? 'accepted' : 'rejected';
  } catch {
    // Not expected of V8 with any bytes; compiled again without them all the same.
    script = new vm.Script(wrapper, options);
    outcome = 'rejected';
  }
  const save = outcome !== 'accepted' && cacheFile ? scheduleWrite(script, cacheFile, name, key, mtimeMs) : () => {};
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (e: T, r: NodeJS.Require, m: { exports: T }, f: string, d: string) => void;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return { exports: module.exports, outcome, cacheFile, save };
}

/**
 * A package bundled beside the CLI's bundle (scripts/bundle-cli.ts SIDE_PACKAGES and SIDE_MODULES), run through a
 * code cache of its own. Listed in require.cache as a required file is, so what lists the loaded
 * files (the first-frame check) still sees it.
 */
export function requireSideBundle<T>(file: string, name: string): T {
  const run = runCachedBundle<T>(file, cacheFolder(), name);
  const module = new Module(file);
  module.filename = file;
  module.loaded = true;
  module.exports = run.exports;
  createRequire(file).cache[file] = module;
  return run.exports;
}

/**
 * Writes the cache CACHE_WRITE_DELAY_MS from now, as the process exits, or just before the
 * program changes V8's flags (the bash grammar sets --liftoff-only): V8 stamps a cache with the
 * flags in force when it is made, and a start under the launcher's flags rejects one made after
 * such a change — every start would be a plain one that writes a cache the next rejects.
 */
function scheduleWrite(script: vm.Script, file: string, name: string, key: string, mtimeMs: number): () => void {
  const v8 = createRequire(import.meta.url)('node:v8') as typeof import('node:v8');
  const setFlags = v8.setFlagsFromString;
  let done = false;
  const write = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    process.off('exit', write);
    if (v8.setFlagsFromString === beforeFlags) v8.setFlagsFromString = setFlags;
    try {
      writeCache(file, name, key, script.createCachedData(), mtimeMs);
    } catch {
      // A read-only or full disk: the next start is a plain one again.
    }
  };
  const beforeFlags = (flags: string) => {
    write();
    setFlags.call(v8, flags);
  };
  v8.setFlagsFromString = beforeFlags;
  const timer = setTimeout(write, CACHE_WRITE_DELAY_MS);
  timer.unref();
  process.on('exit', write);
  return write;
}
