// The code cache of the CommonJS bundle (src/cli/bundle-cache.ts), on small real bundles in a temp
// folder, each start a node process of its own (within one process V8 answers a second compile of
// the same source from memory and never reads the cache). Whatever is wrong with the cache, the
// bundle runs; the start that could not use it writes one, as it exits, that the next start can.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFolder } from '../../src/cli/bundle-cache.js';
import { REPO, ensureBuilt } from './run-bin.js';

beforeAll(() => ensureBuilt(), 120_000);

const base = mkdtempSync(path.join(os.tmpdir(), 'inkling-bundle-cache-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

/** A bundle with enough functions to cache, which counts its own runs in `globalThis`. */
function plantBundle(marker = 'one'): { bundle: string; folder: string } {
  const dir = path.join(base, `case-${++n}`);
  mkdirSync(dir);
  const bundle = path.join(dir, 'cli.cjs');
  const fns = Array.from({ length: 50 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join('\n');
  writeFileSync(bundle, `${fns}\nexports.marker = ${JSON.stringify(marker)};\nexports.sum = () => f1(1) + f49(2);\nexports.file = __filename;\nexports.changeFlags = () => require('node:v8').setFlagsFromString('--liftoff-only');\n`);
  return { bundle, folder: path.join(dir, 'cache') };
}

const cacheFiles = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.v8cache'));

interface Start {
  outcome: string;
  cacheFile: string | null;
  marker: string;
  sum: number;
  file: string;
}

/**
 * One start in a node process of its own: runCachedBundle (as built), the cache written as it
 * exits. `changeFlags`: the program then changes V8's flags (as the bash grammar's load does).
 */
function start(bundle: string, folder: string | null, opts: { changeFlags?: boolean } = {}): Start {
  const loader = pathToFileURL(path.join(REPO, 'dist/src/cli/bundle-cache.js')).href;
  const script = `import { runCachedBundle } from ${JSON.stringify(loader)};
const r = runCachedBundle(${JSON.stringify(bundle)}, ${JSON.stringify(folder)});
if (process.env.CHANGE_FLAGS) r.exports.changeFlags();
console.log(JSON.stringify({ outcome: r.outcome, cacheFile: r.cacheFile, marker: r.exports.marker, sum: r.exports.sum?.(), file: r.exports.file }));`;
  // The same script every time (node's flags, the eval text among them, are part of the cache's key).
  const env = { ...process.env, CHANGE_FLAGS: opts.changeFlags ? '1' : '' };
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env });
  return JSON.parse(out) as Start;
}

describe('runCachedBundle', () => {
  it('runs the bundle once with no cache, writes one, and the next start accepts it', () => {
    const { bundle, folder } = plantBundle();
    const first = start(bundle, folder);
    expect(first).toMatchObject({ outcome: 'missing', marker: 'one', sum: 1 + 1 + 49 * 2 + 49, file: bundle });
    expect(cacheFiles(folder)).toEqual([path.basename(first.cacheFile!)]);
    const second = start(bundle, folder);
    expect(second).toMatchObject({ outcome: 'accepted', cacheFile: first.cacheFile, marker: 'one', sum: 1 + 1 + 49 * 2 + 49 });
  });

  it('writes the cache before the program changes V8’s flags, so a start without them accepts it', () => {
    const { bundle, folder } = plantBundle();
    expect(start(bundle, folder, { changeFlags: true }).outcome).toBe('missing');
    expect(start(bundle, folder, { changeFlags: true }).outcome).toBe('accepted');
    expect(start(bundle, folder).outcome).toBe('accepted');
  });

  it('makes a missing cache folder, readable by the user alone, and writes the file the same way', () => {
    const { bundle, folder } = plantBundle();
    const run = start(bundle, path.join(folder, 'deeper'));
    expect(statSync(path.join(folder, 'deeper')).mode & 0o777).toBe(0o700);
    expect(statSync(run.cacheFile!).mode & 0o777).toBe(0o600);
  });

  it('a cache V8 rejects is a plain start, and is written again for the next one', () => {
    const { bundle, folder } = plantBundle();
    const first = start(bundle, folder);
    const file = first.cacheFile!;
    // Our header (the key) intact, V8's data replaced by garbage of the same length.
    const data = readFileSync(file);
    const keyLength = data.readUInt32LE(0);
    const garbage = Buffer.concat([data.subarray(0, 4 + keyLength), Buffer.alloc(data.length - 4 - keyLength, 0x5a)]);
    writeFileSync(file, garbage);
    const rejected = start(bundle, folder);
    expect(rejected.outcome).toBe('rejected');
    expect(rejected.marker).toBe('one');
    expect(readFileSync(file).equals(garbage)).toBe(false);
    expect(start(bundle, folder).outcome).toBe('accepted');
  });

  it('a cache file that is cut short or names another key is a plain start too', () => {
    const { bundle, folder } = plantBundle();
    const first = start(bundle, folder);
    writeFileSync(first.cacheFile!, Buffer.from([1, 2]));
    expect(start(bundle, folder).outcome).toBe('rejected');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(3, 0);
    writeFileSync(first.cacheFile!, Buffer.concat([head, Buffer.from('abc'), Buffer.alloc(100)]));
    const run = start(bundle, folder);
    expect(run.outcome).toBe('rejected');
    expect(run.marker).toBe('one');
  });

  it('a rebuilt bundle does not use the old build’s cache, and the old file goes once the new one is written', () => {
    const { bundle, folder } = plantBundle('old');
    const old = start(bundle, folder);
    // And what a writer killed half-way left of it.
    writeFileSync(`${old.cacheFile}.4242.tmp`, 'half');
    // The same length (V8 alone would not notice), another build and a later mtime.
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('"old"', '"new"'));
    const later = new Date(Date.now() + 5000);
    utimesSync(bundle, later, later);
    const rebuilt = start(bundle, folder);
    expect(rebuilt.outcome).toBe('missing');
    expect(rebuilt.cacheFile).not.toBe(old.cacheFile);
    expect(rebuilt.marker).toBe('new');
    expect(readdirSync(folder)).toEqual([path.basename(rebuilt.cacheFile!)]);
    expect(start(bundle, folder).marker).toBe('new');
  });

  it('a cache folder that cannot be made (a file stands in its way) is a plain start every time', () => {
    const { bundle, folder } = plantBundle();
    writeFileSync(folder, 'not a folder');
    for (let i = 0; i < 2; i++) {
      const run = start(bundle, path.join(folder, 'inkling'));
      expect(run.outcome).toBe('missing');
      expect(run.marker).toBe('one');
    }
    expect(readFileSync(folder, 'utf8')).toBe('not a folder');
  });

  it('a cache file that cannot be written (a folder stands in its place) is a plain start every time', () => {
    const { bundle, folder } = plantBundle();
    const file = start(bundle, folder).cacheFile!;
    rmSync(file);
    mkdirSync(file);
    writeFileSync(path.join(file, 'keep'), '');
    for (let i = 0; i < 2; i++) {
      const run = start(bundle, folder);
      expect(run.outcome).toBe('missing');
      expect(run.marker).toBe('one');
    }
    expect(statSync(file).isDirectory()).toBe(true);
  });

  it('a read-only cache folder is a plain start (and root, who may write anyway, a cached one)', () => {
    const { bundle, folder } = plantBundle();
    mkdirSync(folder);
    chmodSync(folder, 0o500);
    try {
      for (let i = 0; i < 2; i++) {
        const run = start(bundle, folder);
        expect(run.marker).toBe('one');
      }
    } finally {
      chmodSync(folder, 0o700);
    }
  });

  it('without a folder it runs the bundle and keeps nothing', () => {
    const { bundle } = plantBundle();
    const run = start(bundle, null);
    expect(run).toMatchObject({ outcome: 'missing', cacheFile: null });
    expect(run.marker).toBe('one');
  });

  it('lets the bundle’s own error through (a cache problem never looks like one)', () => {
    const { bundle, folder } = plantBundle();
    writeFileSync(bundle, 'throw new Error("the bundle broke");\n');
    expect(() => start(bundle, folder)).toThrow('the bundle broke');
  });
});

describe('cacheFolder', () => {
  it('is $XDG_CACHE_HOME/inkling, else ~/.cache/inkling (a relative XDG_CACHE_HOME does not count)', () => {
    expect(cacheFolder({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/inkling');
    expect(cacheFolder({})).toBe(path.join(os.homedir(), '.cache', 'inkling'));
    expect(cacheFolder({ XDG_CACHE_HOME: 'relative/cache' })).toBe(path.join(os.homedir(), '.cache', 'inkling'));
  });
});
