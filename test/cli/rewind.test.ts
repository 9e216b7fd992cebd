// `inkling rewind` through the real executable: a scripted -p run writes files (write_file and a
// bash sed -i), then --list shows its prompt and `rewind 1` puts the files back; a file changed
// by hand since is a conflict (exit 1, nothing touched) until --force.
import { access, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from './run-bin.js';

let base: string;
beforeAll(async () => {
  ensureBuilt();
  base = await realpath(await mkdtemp(join(tmpdir(), 'inkling-rewind-cli-')));
}, 120_000);
afterAll(() => rm(base, { recursive: true, force: true }));

async function workspaceWithRun(name: string): Promise<{ ws: string; env: Record<string, string> }> {
  const ws = join(base, name);
  const env = { INKLING_HOME: join(base, `${name}-home`) };
  await mkdir(ws);
  await writeFile(join(ws, 'notes.txt'), 'old text\n');
  const script = join(base, `${name}.json`);
  await writeFile(
    script,
    JSON.stringify([
      {
        content: [
          { type: 'tool_use', id: 'toolu_w', name: 'write_file', input: { path: 'new.txt', content: 'made by inkling\n' } },
          { type: 'tool_use', id: 'toolu_b', name: 'bash', input: { command: 'sed -i s/old/new/ notes.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'done' }] },
    ]),
  );
  const run = await runBin(['-p', 'change the notes\nsecond line', '--yolo', '--script', script], { cwd: ws, env });
  expect(run.code).toBe(0);
  expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('new text\n');
  return { ws, env };
}

const exists = (file: string) => access(file).then(() => true, () => false);

describe('inkling rewind', () => {
  it('lists the prompts of the latest session and rewinds the files to before one', async () => {
    const { ws, env } = await workspaceWithRun('plain');
    const list = await runBin(['rewind', '--list'], { cwd: ws, env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^1\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\t2\tchange the notes\n$/);

    const rewind = await runBin(['rewind', '1', '--files-only'], { cwd: ws, env });
    expect(rewind.stderr).toBe('');
    expect(rewind.code).toBe(0);
    expect(rewind.stdout).toContain('Rewound the files to just before prompt 1 (change the notes): 2 files');
    expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('old text\n');
    expect(await exists(join(ws, 'new.txt'))).toBe(false);
  });

  it('without --files-only the saved conversation forks at that prompt: a new session that --continue opens, the old one as it was', async () => {
    const { ws, env } = await workspaceWithRun('fork');
    const sessionsDir = async () => {
      const root = join(env.INKLING_HOME, 'sessions');
      const [key] = await readdir(root);
      return join(root, key!);
    };
    const dir = await sessionsDir();
    const [oldFile] = (await readdir(dir)).filter((f) => f.endsWith('.jsonl') && f !== 'history.jsonl');
    const oldText = await readFile(join(dir, oldFile!), 'utf8');
    const rewind = await runBin(['rewind', '1'], { cwd: ws, env });
    expect(rewind.stderr).toBe('');
    expect(rewind.code).toBe(0);
    const m = /The conversation goes on in a new session, ([\w-]+) \(forked from ([\w-]+), which stays as it was\)/.exec(rewind.stdout);
    expect(m).not.toBeNull();
    expect(`${m![2]}.jsonl`).toBe(oldFile);
    expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('old text\n');
    expect(await readFile(join(dir, oldFile!), 'utf8')).toBe(oldText);
    const forked = (await readFile(join(dir, `${m![1]}.jsonl`), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(forked.slice(0, 2).map((r) => r.type)).toEqual(['header', 'forked_from']);
    expect(forked.filter((r) => r.type === 'prompt' || r.type === 'assistant')).toEqual([]); // rewound to before prompt 1
    expect(forked[1]).toEqual({ type: 'forked_from', session: m![2], prompt: 1 });
    // -p --continue goes on in the fork: its json names the new session.
    const script = join(base, 'fork-again.json');
    await writeFile(script, JSON.stringify([{ content: [{ type: 'text', text: 'again' }] }]));
    const again = await runBin(['-p', 'try again', '--continue', '--output-format', 'json', '--script', script], { cwd: ws, env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).session_id).toBe(m![1]);
  });

  it('exits 1 listing a file changed by hand since, touching nothing, and --force restores it', async () => {
    const { ws, env } = await workspaceWithRun('conflict');
    await writeFile(join(ws, 'notes.txt'), 'typed by the person\n');
    const refused = await runBin(['rewind', '1', '--files-only'], { cwd: ws, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('notes.txt (bash sed -i s/old/new/ notes.txt, changed outside inkling)');
    expect(refused.stderr).toContain('--force');
    expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('typed by the person\n');
    expect(await exists(join(ws, 'new.txt'))).toBe(true);

    const forced = await runBin(['rewind', '1', '--files-only', '--force'], { cwd: ws, env });
    expect(forced.code).toBe(0);
    expect(await readFile(join(ws, 'notes.txt'), 'utf8')).toBe('old text\n');
    expect(await exists(join(ws, 'new.txt'))).toBe(false);
  });

  it('says so when nothing was recorded, and rejects a bad prompt number as a usage error', async () => {
    const ws = join(base, 'empty');
    await mkdir(ws);
    const env = { INKLING_HOME: join(base, 'empty-home') };
    const list = await runBin(['rewind', '--list'], { cwd: ws, env });
    expect(list.code).toBe(0);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('no session has recorded changes in');
    const bad = await runBin(['rewind', 'two'], { cwd: ws, env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('the prompt number must be a positive whole number (got "two")');
  });
});
