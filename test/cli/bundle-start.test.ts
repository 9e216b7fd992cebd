// The real bin starting from the CommonJS bundle through its code cache (bin/inkling.js,
// src/cli/bundle-cache.ts): the first start writes the cache, the next one uses it, and a cache
// that is rejected or cannot be kept never stops a start. The trace file says which way it went.
// The packages every first turn loads (scripts/bundle-cli.ts SIDE_PACKAGES and SIDE_MODULES) have caches of their own.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';
import { completion, startFakeOpenAI } from '../helpers/fake-openai.js';
import { REPO, ensureBundled, runBin, type BinResult } from './run-bin.js';

const base = mkdtempSync(join(tmpdir(), 'inkling-bundle-start-'));
let n = 0;

beforeAll(() => ensureBundled(), 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface Start extends BinResult {
  /** What the bin's trace mark says of the code cache: accepted, rejected, missing. */
  cache: string | undefined;
}

async function start(args: string[], cacheHome: string, env: Record<string, string> = {}): Promise<Start> {
  const trace = join(base, `trace-${++n}.txt`);
  const r = await runBin(args, { cwd: base, env: { XDG_CACHE_HOME: cacheHome, INKLING_TRACE_EVENTS: trace, ...env } });
  let text = '';
  try {
    text = readFileSync(trace, 'utf8');
  } catch {
    // No mark: the bin did not take the bundle.
  }
  return { ...r, cache: /^startup bundle loaded \(code cache (\w+)\)/m.exec(text)?.[1] };
}

const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const cacheFilesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('inkling from the bundle and its code cache', () => {
  it('the first start writes the cache into $XDG_CACHE_HOME/inkling, the next one uses it', async () => {
    const home = mkdtempSync(join(base, 'xdg-'));
    const first = await start(['--version'], home);
    expect(first).toMatchObject({ code: 0, stdout: `${version}\n`, cache: 'missing' });
    expect(cacheFilesIn(join(home, 'inkling'))).toHaveLength(1);
    const second = await start(['--version'], home);
    expect(second).toMatchObject({ code: 0, stdout: `${version}\n`, cache: 'accepted' });
  });

  it('a cache V8 rejects still starts, and is replaced by one the next start accepts', async () => {
    const home = mkdtempSync(join(base, 'xdg-'));
    await start(['--version'], home);
    const file = join(home, 'inkling', cacheFilesIn(join(home, 'inkling'))[0]!);
    const data = readFileSync(file);
    const keyLength = data.readUInt32LE(0);
    const garbage = Buffer.concat([data.subarray(0, 4 + keyLength), Buffer.alloc(data.length - 4 - keyLength, 0xa5)]);
    writeFileSync(file, garbage);
    const rejected = await start(['--version'], home);
    expect(rejected).toMatchObject({ code: 0, stdout: `${version}\n`, cache: 'rejected' });
    expect(readFileSync(file).equals(garbage)).toBe(false);
    expect((await start(['--version'], home)).cache).toBe('accepted');
  });

  it('starts when no cache folder can be made (a file where it would go)', async () => {
    const home = mkdtempSync(join(base, 'xdg-'));
    writeFileSync(join(home, 'inkling'), 'in the way');
    for (let i = 0; i < 2; i++) {
      expect(await start(['--version'], home)).toMatchObject({ code: 0, stdout: `${version}\n`, cache: 'missing', stderr: '' });
    }
  });

  it('answers -p on a cached start, the SDK and the settings\' schema loaded from their own bundles beside it through code caches of their own', async () => {
    const key = 'sk-test-fake-bundle-start-0123456789';
    const fake = await startFakeAnthropic({ apiKey: key });
    try {
      const home = mkdtempSync(join(base, 'xdg-'));
      const env = { ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: fake.url };
      const sideCaches = () => cacheFilesIn(join(home, 'inkling')).filter((f) => !f.startsWith('cli-')).map((f) => f.replace(/-[0-9a-f]{16}\.v8cache$/, ''));
      for (const cache of ['missing', 'accepted']) {
        fake.enqueue(reply({ text: `hello ${cache}` }));
        const r = await start(['-p', 'say hello'], home, env);
        expect(r).toMatchObject({ code: 0, stdout: `hello ${cache}\n`, cache });
        // Each written by the first run (as it exited at the latest), its code kept for the next.
        expect(sideCaches().sort()).toEqual(['anthropic-sdk', 'settings-schema']);
      }
      // The SDK's file holds the Messages resource it asked with, none of the client's other resources
      // (models, files, skills, organization: ~540 KB evaluated in every first turn).
      const sdk = readFileSync(join(REPO, 'dist/bundle/anthropic-sdk.cjs'), 'utf8');
      expect(sdk).toContain('/v1/messages');
      for (const other of ['/v1/models', '/v1/files', '/v1/skills', '/v1/organizations']) expect(sdk).not.toContain(other);
      // The schema's file holds zod's functional API (zod/mini) as the schema uses it, not the class
      // API whose every schema carries every method (~560 KB evaluated in every start's settings check).
      const schema = readFileSync(join(REPO, 'dist/bundle/settings-schema.cjs'), 'utf8');
      expect(schema).toContain('ZodMiniObject');
      for (const classApi of ['"ZodObject"', '"ZodEmail"', '"ZodBigInt"']) expect(schema).not.toContain(classApi);
    } finally {
      await fake.close();
    }
  });

  it('answers -p through an OpenAI-compatible server, that SDK too from its bundle beside it and its own cache', async () => {
    const fake = await startFakeOpenAI();
    try {
      const home = mkdtempSync(join(base, 'xdg-'));
      for (const cache of ['missing', 'accepted']) {
        fake.enqueue(completion({ text: `hi ${cache}` }));
        const r = await start(['-p', 'say hi', '--provider', 'openai', '--base-url', fake.url, '--model', 'fake-model'], home);
        expect(r).toMatchObject({ code: 0, stdout: `hi ${cache}\n`, cache });
        expect(cacheFilesIn(join(home, 'inkling')).some((f) => f.startsWith('openai-sdk-'))).toBe(true);
      }
    } finally {
      await fake.close();
    }
  });
});
