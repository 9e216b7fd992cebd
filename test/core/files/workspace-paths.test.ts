import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveInWorkspace } from '../../../src/core/files/workspace-paths.js';
import { makeTempWorkspace } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
beforeEach(async () => {
  ws = await makeTempWorkspace();
  await fs.mkdir(path.join(ws.root, 'src'));
  await fs.writeFile(path.join(ws.root, 'src', 'a.ts'), 'a');
  await fs.writeFile(path.join(ws.outside, 'secret.txt'), 'secret');
});
afterEach(() => ws.cleanup());

function expectRefused(r: Awaited<ReturnType<typeof resolveInWorkspace>>, ...fragments: string[]): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  for (const f of fragments) expect(r.error).toContain(f);
}

describe('resolveInWorkspace', () => {
  it('accepts relative and absolute paths inside the root', async () => {
    const rel = await resolveInWorkspace(ws.root, 'src/a.ts');
    expect(rel).toMatchObject({ ok: true, relPath: 'src/a.ts', exists: true, realPath: path.join(ws.root, 'src/a.ts') });
    const abs = await resolveInWorkspace(ws.root, path.join(ws.root, 'src', 'a.ts'));
    expect(abs).toMatchObject({ ok: true, relPath: 'src/a.ts' });
    const dotted = await resolveInWorkspace(ws.root, 'src/../src/./a.ts');
    expect(dotted).toMatchObject({ ok: true, relPath: 'src/a.ts' });
    expect(await resolveInWorkspace(ws.root, '.')).toMatchObject({ ok: true, relPath: '.', exists: true });
  });

  it('accepts a file that does not exist yet, under missing directories', async () => {
    const r = await resolveInWorkspace(ws.root, 'new/deep/file.ts');
    expect(r).toMatchObject({ ok: true, exists: false, relPath: 'new/deep/file.ts', realPath: path.join(ws.root, 'new/deep/file.ts') });
  });

  it('refuses .. escapes and names the workspace root', async () => {
    expectRefused(await resolveInWorkspace(ws.root, '../outside/secret.txt'), 'outside the workspace', ws.root);
    expectRefused(await resolveInWorkspace(ws.root, 'src/../../outside/new.txt'), 'outside the workspace', ws.root);
    expectRefused(await resolveInWorkspace(ws.root, '..'), 'outside the workspace');
  });

  it('refuses absolute paths outside the root', async () => {
    expectRefused(await resolveInWorkspace(ws.root, path.join(ws.outside, 'secret.txt')), 'outside the workspace', ws.root);
    expectRefused(await resolveInWorkspace(ws.root, '/etc/passwd'), 'outside the workspace');
  });

  it('refuses a symlinked file whose target is outside', async () => {
    await fs.symlink(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    expectRefused(await resolveInWorkspace(ws.root, 'link.txt'), 'outside the workspace', path.join(ws.outside, 'secret.txt'));
  });

  it('refuses a missing file under a symlinked parent that points outside', async () => {
    await fs.symlink(ws.outside, path.join(ws.root, 'out'));
    expectRefused(await resolveInWorkspace(ws.root, 'out/new-file.txt'), 'outside the workspace', ws.root);
    expectRefused(await resolveInWorkspace(ws.root, 'out/missing/deeper/new.txt'), 'outside the workspace');
  });

  it('refuses a dangling symlink whose would-be target is outside', async () => {
    await fs.symlink(path.join(ws.outside, 'not-yet.txt'), path.join(ws.root, 'dangling.txt'));
    expectRefused(await resolveInWorkspace(ws.root, 'dangling.txt'), 'outside the workspace');
  });

  it('refuses symlink loops with a clear message', async () => {
    await fs.symlink(path.join(ws.root, 'loop-b'), path.join(ws.root, 'loop-a'));
    await fs.symlink(path.join(ws.root, 'loop-a'), path.join(ws.root, 'loop-b'));
    expectRefused(await resolveInWorkspace(ws.root, 'loop-a'), 'symlink loop', ws.root);
    expectRefused(await resolveInWorkspace(ws.root, 'loop-a/child.txt'), 'symlink loop');
  });

  it('follows symlinks that stay inside the workspace', async () => {
    await fs.symlink(path.join(ws.root, 'src'), path.join(ws.root, 'alias'));
    const r = await resolveInWorkspace(ws.root, 'alias/a.ts');
    expect(r).toMatchObject({ ok: true, relPath: 'src/a.ts', realPath: path.join(ws.root, 'src/a.ts') });
  });

  it('works when the workspace root itself is reached through a symlink', async () => {
    const viaLink = path.join(ws.outside, 'ws-link');
    await fs.symlink(ws.root, viaLink);
    const r = await resolveInWorkspace(viaLink, path.join(viaLink, 'src/a.ts'));
    expect(r).toMatchObject({ ok: true, relPath: 'src/a.ts', root: ws.root });
  });

  it('refuses writes inside .git but allows reading there', async () => {
    await fs.mkdir(path.join(ws.root, '.git'));
    await fs.writeFile(path.join(ws.root, '.git', 'config'), '[core]');
    expectRefused(await resolveInWorkspace(ws.root, '.git/config', { forWrite: true }), '.git');
    expectRefused(await resolveInWorkspace(ws.root, 'vendor/lib/.git/HEAD', { forWrite: true }), '.git');
    expect(await resolveInWorkspace(ws.root, '.git/config')).toMatchObject({ ok: true });
    expect(await resolveInWorkspace(ws.root, '.gitignore', { forWrite: true })).toMatchObject({ ok: true });
  });

  it('refuses empty paths and NUL characters', async () => {
    expectRefused(await resolveInWorkspace(ws.root, ''), 'empty');
    expectRefused(await resolveInWorkspace(ws.root, 'a\0b'), 'NUL');
  });
});
