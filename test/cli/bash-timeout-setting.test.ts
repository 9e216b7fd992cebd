// bashTimeoutMs is bash's default timeout, through the real bin and a scripted model: a call that
// names no timeout_ms stops at the setting; a call's own timeout_ms still wins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;

beforeAll(() => {
  ensureBuilt();
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bashtimeout-')));
}, 120_000);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('bashTimeoutMs', () => {
  it('is the default timeout; the call\'s timeout_ms wins', async () => {
    const home = path.join(base, 'home');
    const workspace = path.join(base, 'ws');
    fs.mkdirSync(home);
    fs.mkdirSync(workspace);
    fs.writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ bashTimeoutMs: 1500 }));
    const script = path.join(base, 'script.json');
    fs.writeFileSync(
      script,
      JSON.stringify([
        { content: [{ type: 'tool_use', id: 'toolu_default', name: 'bash', input: { command: 'sleep 30' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_own', name: 'bash', input: { command: 'sleep 2.5; echo late', timeout_ms: 60_000 } }] },
        { content: [{ type: 'text', text: 'done' }] },
      ]),
    );
    const r = await runBin(['-p', 'go', '--yolo', '--no-sandbox', '--output-format', 'stream-json', '--script', script], { cwd: workspace, env: { INKLING_HOME: home } });
    const results = new Map<string, string>();
    for (const line of r.stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      const e = JSON.parse(line) as { type: string; id: string; content: string };
      if (e.type === 'tool_result') results.set(e.id, e.content);
    }
    expect(results.get('toolu_default')).toContain('Command timed out after 1500 ms');
    expect(results.get('toolu_own')).toBe('late\n\nExit code: 0 (supervised)');
  }, 60_000);
});
