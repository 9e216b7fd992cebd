// The pickers' filter fields in a real terminal: each key is its own `tmux send-keys` call, fired
// back to back (ink-text-input, which the fields used before, lost and reordered keys sent like
// this); the filter holds every key in order and narrows the list. /resume over two sessions
// recorded by `-p --demo`, /model over the fake OpenAI server's list.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let app: TmuxApp | undefined;
let server: ChildProcess | undefined;
afterEach(() => {
  app?.kill();
  server?.kill('SIGTERM');
  app = server = undefined;
});

/** One send-keys call per character, none waiting for the app. */
function typeKeyByKey(a: TmuxApp, text: string): void {
  for (const ch of text) a.keys(ch === ' ' ? 'Space' : ch);
}

function dirs(): { home: string; cwd: string } {
  const base = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-pickers-'));
  const home = path.join(base, 'home');
  const cwd = path.join(base, 'ws');
  mkdirSync(home);
  mkdirSync(cwd);
  return { home, cwd };
}

describe('picker filters in tmux', () => {
  it('/resume: keys sent one call each all reach the filter, in order', async () => {
    const { home, cwd } = dirs();
    for (const prompt of ['fix the parser', 'write the docs']) {
      execFileSync(process.execPath, [path.join(ROOT, 'bin/inkling.js'), '-p', prompt, '--demo'], { cwd, env: { ...process.env, INKLING_HOME: home }, stdio: 'ignore' });
    }
    app = startTmuxApp({ cwd, env: { INKLING_HOME: home }, args: ['--demo', '--resume'], cols: 100, rows: 24 });
    await app.waitFor((s) => s.includes('write the docs') && s.includes('fix the parser') && s.includes('filter: title, id or model'), 'the picker', 30_000);
    typeKeyByKey(app, 'write the docs');
    const screen = await app.waitFor((s) => s.includes('filter: write the docs'), 'the whole filter');
    expect(screen).not.toContain('fix the parser');
    app.keys('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    await app.waitFor((s) => s.includes('filter: title, id or model') && s.includes('fix the parser'), 'the filter emptied');
    typeKeyByKey(app, 'parser');
    await app.waitFor((s) => s.includes('filter: parser') && !s.includes('write the docs'), 'the other filter');
  }, 60_000);

  it('/model: keys sent one call each all reach the filter, in order', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-pickers-openai-'));
    writeFileSync(path.join(dir, 'script.json'), JSON.stringify([{ text: 'hi' }]));
    server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/helpers/fake-openai.ts'), '--script', path.join(dir, 'script.json'), '--models', 'served-model,llama-3-70b-instruct,qwen-coder'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = (await new Promise<string>((resolve) => createInterface({ input: server!.stdout! }).once('line', resolve))).trim();
    const { home, cwd } = dirs();
    app = startTmuxApp({ cwd, env: { INKLING_HOME: home }, args: ['--provider', 'openai', '--base-url', url], cols: 100, rows: 24 });
    await app.waitFor((s) => s.includes('Ask anything'), 'the prompt', 30_000);
    // /model is there once the agent is built (after the first frame): ask again until it opens.
    for (let attempt = 1; ; attempt++) {
      app.type('/model');
      app.keys('Enter');
      try {
        await app.waitFor((s) => s.includes('llama-3-70b-instruct') && s.includes('filter:'), 'the model list', 5_000);
        break;
      } catch (err) {
        if (attempt === 4) throw err;
      }
    }
    typeKeyByKey(app, 'llama-3-70b-instruct');
    const screen = await app.waitFor((s) => s.includes('filter: llama-3-70b-instruct'), 'the whole filter');
    expect(screen).not.toContain('qwen-coder');
    expect(screen).not.toContain('served-model (current)');
  }, 60_000);
});
