// Claude Code's memory files on real temp folders: AGENTS.md, CLAUDE.md and CLAUDE.local.md at the
// root all read (AGENTS.md first), ~/.claude/CLAUDE.md beside $INKLING_HOME/AGENTS.md (not with
// compat.claude off), and a CLAUDE.md's @imports brought in as Claude Code does: relative to the
// file, ~/ for home, at most 5 hops, never from code or from outside the workspace and home.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadProjectMemory } from '../../../src/core/memory/project-memory.js';
import { importTokens } from '../../../src/core/memory/claude-imports.js';
import { memoryLineTargets } from '../../../src/core/memory/memory-lines.js';

let base: string;
let ws: string;
let home: string;
let inkling: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'inkling-claude-memory-'));
  [ws, home, inkling] = ['ws', 'home', 'inkling'].map((d) => path.join(base, d)) as [string, string, string];
  for (const d of [ws, path.join(home, '.claude'), inkling, path.join(ws, 'docs')]) await mkdir(d, { recursive: true });
});
afterEach(async () => rm(base, { recursive: true, force: true }));

const load = (readClaude = true) => loadProjectMemory({ workspaceRoot: ws, home: inkling, homeDisplay: '~/.inkling', userHome: home, readClaude });

describe("Claude Code's memory files", () => {
  it('reads AGENTS.md, CLAUDE.md and CLAUDE.local.md at the root, in that order, and ~/.claude/CLAUDE.md beside the own AGENTS.md', async () => {
    await writeFile(path.join(ws, 'AGENTS.md'), 'agents rules\n');
    await writeFile(path.join(ws, 'CLAUDE.md'), 'claude rules\n');
    await writeFile(path.join(ws, 'CLAUDE.local.md'), 'my local notes\n');
    await writeFile(path.join(inkling, 'AGENTS.md'), 'inkling own\n');
    await writeFile(path.join(home, '.claude', 'CLAUDE.md'), 'claude own\n');
    const files = await load();
    expect(files.map((f) => [f.scope, f.displayPath, f.text.trim()])).toEqual([
      ['user', '~/.inkling/AGENTS.md', 'inkling own'],
      ['user', '~/.claude/CLAUDE.md', 'claude own'],
      ['project', 'AGENTS.md', 'agents rules'],
      ['project', 'CLAUDE.md', 'claude rules'],
      ['project', 'CLAUDE.local.md', 'my local notes'],
    ]);
    expect((await load(false)).map((f) => f.displayPath)).not.toContain('~/.claude/CLAUDE.md');
    // A `#` line still goes to the project's AGENTS.md and to inkling's own file.
    const targets = memoryLineTargets({ workspaceRoot: ws, home: inkling, homeDisplay: '~/.inkling', loaded: files });
    expect(targets.map((t) => [t.path, t.exists])).toEqual([[path.join(ws, 'AGENTS.md'), true], [path.join(inkling, 'AGENTS.md'), true]]);
  });

  it("brings in a CLAUDE.md's @imports: relative, ~/, chained; not from code, not from outside, not past 5 hops", async () => {
    await writeFile(path.join(ws, 'CLAUDE.md'), 'See @docs/style.md for style and @~/.claude/mine.md.\n`@docs/code-span.md` and\n```\n@docs/fenced.md\n```\nAlso @../outside.md and @docs/missing.md.\n');
    await writeFile(path.join(ws, 'docs', 'style.md'), 'Use tabs. Details: @chain1.md\n');
    for (let i = 1; i <= 6; i++) await writeFile(path.join(ws, 'docs', `chain${i}.md`), `hop ${i + 1}${i < 6 ? ` @chain${i + 1}.md` : ''}\n`);
    await writeFile(path.join(home, '.claude', 'mine.md'), 'personal preference\n');
    for (const name of ['code-span.md', 'fenced.md']) await writeFile(path.join(ws, 'docs', name), `SHOULD NOT APPEAR ${name}\n`);
    await writeFile(path.join(base, 'outside.md'), 'SHOULD NOT APPEAR outside\n');
    const claude = (await load()).find((f) => f.displayPath === 'CLAUDE.md')!;
    expect(claude.text).toContain('[Imported from @docs/style.md]\nUse tabs.');
    expect(claude.text).toContain('[Imported from @~/.claude/mine.md]\npersonal preference');
    expect(claude.text).toContain('[Imported from @chain1.md]\nhop 2');
    expect(claude.text).toContain('hop 5');
    expect(claude.text).not.toContain('hop 6');
    expect(claude.text).not.toContain('SHOULD NOT APPEAR');
    expect(claude.text.startsWith('See @docs/style.md')).toBe(true);
  });

  it('AGENTS.md keeps its @ words as text (imports are a CLAUDE.md feature)', async () => {
    await writeFile(path.join(ws, 'AGENTS.md'), 'Ping @docs/style.md\n');
    await writeFile(path.join(ws, 'docs', 'style.md'), 'imported?\n');
    expect((await load())[0]!.text).toBe('Ping @docs/style.md\n');
    expect(importTokens('mail me@example.com, see @a.md. `@b.md`')).toEqual(['a.md']);
  });
});
