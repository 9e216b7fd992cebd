// The built app in a real terminal (tmux) with --provider openai against the fake
// OpenAI-compatible server: the header names the served model, and three parallel read-only
// calls from one response spin side by side, then finish.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const bash = (command: string) => ({ name: 'bash', arguments: { command } });
const script = [
  { toolCalls: [bash('sleep 2 && cat a.txt'), bash('sleep 2 && cat b.txt'), bash('sleep 2 && cat c.txt')] },
  { text: 'read all **three**' },
];

let server: ChildProcess;
let app: TmuxApp;

async function startFakeOpenAIProcess(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-openai-'));
  writeFileSync(path.join(dir, 'script.json'), JSON.stringify(script));
  server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/helpers/fake-openai.ts'), '--script', path.join(dir, 'script.json'), '--models', 'served-model'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`fake server exited ${code}`)));
  });
  return url.trim();
}

beforeAll(async () => {
  const url = await startFakeOpenAIProcess();
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-openai-ws-'));
  for (const f of 'abc') writeFileSync(path.join(cwd, `${f}.txt`), `${f}\n`);
  app = startTmuxApp({ cwd, env: {}, args: ['--provider', 'openai', '--base-url', url] });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 40_000);

afterAll(() => {
  app?.kill();
  server?.kill('SIGTERM');
});

describe('inkling --provider openai in tmux', () => {
  it('shows the served model and three parallel reads spinning side by side', async () => {
    // The header names the model the server reports and the provider (the endpoint follows when
    // the width leaves room for it).
    expect(app.lines()[0]).toMatch(/ · served-model via OpenAI( at http:\/\/127\.0\.0\.1:\d+\/v1)? · /);
    app.type('read three');
    app.keys('Enter');
    // The calls show queued while what the first command needs (grammar, sandbox probe) loads
    // after the first frame; then all three spin at once.
    const spinning = (x: string) => x.split('\n').filter((l) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] bash sleep 2 && cat [abc]\.txt/.test(l));
    const s = await app.waitFor((x) => spinning(x).length === 3, 'three spinning calls');
    expect(s).toContain('running 3 tools');
    await app.waitFor((x) => x.includes('read all three') && x.includes('● idle'), 'the turn to end');
    expect(app.screen().split('\n').filter((l) => /^✓ bash sleep 2 && cat [abc]\.txt +exit 0 in/.test(l))).toHaveLength(3);
  }, 30_000);
});
