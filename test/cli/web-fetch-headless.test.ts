// web_fetch in -p through the real bin: a domain no rule covers is refused at once with the way to
// allow it (nobody waits), and --allowed-tools 'web_fetch(domain:…)' lets the same call fetch (and,
// naming the local host, lets the guard reach it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from '../helpers/web-pages.js';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;
let pages: PageServer;

beforeAll(async () => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-web-p-')));
  pages = await startPageServer();
}, 120_000);
afterAll(async () => {
  await pages.close();
  fs.rmSync(base, { recursive: true, force: true });
});

async function run(extra: string[]) {
  const home = fs.mkdtempSync(path.join(base, 'home-'));
  const workspace = fs.mkdtempSync(path.join(base, 'ws-'));
  const script = path.join(workspace, '..', `${path.basename(workspace)}-script.json`);
  fs.writeFileSync(script, JSON.stringify([
    { content: [{ type: 'tool_use', id: 'toolu_web', name: 'web_fetch', input: { url: pages.url('/article') } }] },
    { content: [{ type: 'text', text: 'done' }] },
  ]));
  const r = await runBin(['-p', 'read it', '--output-format', 'stream-json', '--script', script, ...extra], { cwd: workspace, env: { INKLING_HOME: home } });
  const result = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { type: string; id?: string; content?: string; isError?: boolean })
    .find((e) => e.type === 'tool_result' && e.id === 'toolu_web');
  return { r, result };
}

describe('web_fetch with -p', () => {
  it('is refused for a domain no rule covers, saying how to allow it', async () => {
    const before = pages.hits('/article');
    const { r, result } = await run([]);
    expect(r.code).toBe(0);
    expect(result).toMatchObject({
      isError: true,
      content: "web_fetch of 127.0.0.1 needs approval: a page is fetched only from a domain the person allowed. Rerun with --allowed-tools 'web_fetch(domain:127.0.0.1)' or --yolo.",
    });
    expect(pages.hits('/article')).toBe(before);
  }, 60_000);

  it('fetches when --allowed-tools names the domain', async () => {
    const { result } = await run(['--allowed-tools', 'web_fetch(domain:127.0.0.1)']);
    expect(result?.isError).toBe(false);
    expect(result?.content).toContain('Parsing is the process of analysing a string of symbols');
    expect(result?.content).not.toContain('BUY CHEAP WATCHES');
  }, 60_000);
});
