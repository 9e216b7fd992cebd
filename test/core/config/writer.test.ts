// `config set` edits a settings file in place: other keys, their order, comments-free formatting
// and line endings stay; a value the schema refuses changes nothing.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editSettingsFile } from '../../../src/core/config/writer.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inkling-writer-'));
  file = path.join(dir, 'sub', 'settings.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const edit = (p: (string | number)[], value: unknown) =>
  editSettingsFile({ file, display: 'settings.json', path: p, value, newFileMode: 0o600, newDirMode: 0o700 });

describe('editSettingsFile', () => {
  it('changes one value and keeps the rest of the file as it was written', async () => {
    const original = '{\n    "theme": "dark",\n    "permissions": {\n        "deny": ["bash(rm:*)"]\n    },\n    "model": "a"\n}\n';
    await edit(['theme'], 'dark'); // creates the folder and file first
    await writeFile(file, original);
    expect(await edit(['model'], 'claude-x')).toMatchObject({ ok: true, changed: true });
    expect(await readFile(file, 'utf8')).toBe(original.replace('"model": "a"', '"model": "claude-x"'));
    await edit(['permissions', 'allow'], ['bash(npm test)']);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('        "deny": ["bash(rm:*)"],\n        "allow": [\n            "bash(npm test)"\n        ]');
    expect(JSON.parse(text)).toEqual({ theme: 'dark', permissions: { deny: ['bash(rm:*)'], allow: ['bash(npm test)'] }, model: 'claude-x' });
  });

  it('keeps CRLF line endings and tab indentation', async () => {
    await edit(['theme'], 'dark');
    await writeFile(file, '{\r\n\t"theme": "dark"\r\n}\r\n');
    await edit(['maxIterations'], 9);
    expect(await readFile(file, 'utf8')).toBe('{\r\n\t"theme": "dark",\r\n\t"maxIterations": 9\r\n}\r\n');
  });

  it('creates a missing file (0600) in a new folder (0700), and removes keys', async () => {
    const r = await edit(['notifications', 'bell'], false);
    expect(r).toMatchObject({ ok: true, created: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ notifications: { bell: false } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    await edit(['notifications', 'bell'], undefined);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ notifications: {} });
  });

  it('refuses a value the schema does not accept, and a file that is not JSON, leaving it untouched', async () => {
    await edit(['theme'], 'dark');
    const before = await readFile(file, 'utf8');
    expect(await edit(['maxTokens'], 'lots')).toEqual({
      ok: false,
      problem: 'settings.json: maxTokens: expected a positive whole number, got "lots"\n(nothing was changed)',
    });
    expect(await readFile(file, 'utf8')).toBe(before);
    await writeFile(file, '{ "theme": ');
    expect(await edit(['theme'], 'light')).toEqual({
      ok: false,
      problem: 'settings.json: invalid JSON at line 1, column 12: expected a value; fix it first (nothing was changed)',
    });
    expect(await readFile(file, 'utf8')).toBe('{ "theme": ');
  });
});
