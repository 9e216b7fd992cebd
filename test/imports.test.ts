// The folders import in one direction (ARCHITECTURE.md: core ← store ← pager ← keys ← components
// ← app ← cli) and no file reaches itself through its imports. The walker is tested on a planted
// tree first, so a walker that sees nothing cannot pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenPackages, importCircles, packagesLoadedWith, readImportGraph, upwardImports } from './helpers/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const planted = mkdtempSync(path.join(tmpdir(), 'inkling-imports-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
  writeFileSync(path.join(planted, file), text);
}

describe('the import walker', () => {
  plant('src/core/loop.ts', "import { a } from './agent.js';\nexport const loop = 1;\n");
  plant('src/core/agent.ts', "import type { loop } from './loop.js';\nexport const a = 1;\n");
  plant('src/core/headless.ts', "import { render } from 'ink';\n// import { x } from '../store/in-a-comment.js';\nexport const h = 1;\n");
  plant('src/store/app-store.ts', "import { a } from '../core/agent.js';\nexport const store = a;\n");
  plant('src/keys/keymap.ts', "export { store } from '../store/app-store.js';\n");
  plant('src/pager/model.ts', "import { store } from '../keys/keymap.js';\nexport const m = store;\n");
  plant('components/App.tsx', "import { run } from '../src/app/run-tui.js';\nconst later = () => import('../src/cli/main.js');\n");
  plant('src/app/run-tui.ts', "import { App } from '../../components/App.js';\nexport const run = 1;\n");
  plant('src/cli/main.ts', "export const main = 1;\n");
  plant('src/cli/start.ts', "import type { R } from './typed.js';\nimport { p } from './plain.js';\nconst ui = () => import('./ui.js');\n");
  plant('src/cli/typed.ts', "import { useState } from 'react';\n");
  plant('src/cli/ui.ts', "import { render } from 'ink';\n");
  plant('src/cli/plain.ts', "import { h } from '../core/headless.js';\nexport const p = h;\n");
  const g = readImportGraph(planted);

  it('reports every import of a floor above, static, re-exported and dynamic', () => {
    expect(upwardImports(g)).toEqual([
      'src/pager/model.ts → src/keys/keymap.ts (src/pager may not import src/keys)',
      'components/App.tsx → src/app/run-tui.ts (components may not import src/app)',
      'components/App.tsx → src/cli/main.ts (components may not import src/cli)',
    ]);
  });

  it('reports circles, type-only imports included', () => {
    expect(importCircles(g)).toEqual(
      expect.arrayContaining([
        ['src/core/agent.ts', 'src/core/loop.ts'],
        ['components/App.tsx', 'src/app/run-tui.ts'],
      ]),
    );
    expect(importCircles(g)).toHaveLength(2);
  });

  it('follows only the imports that load with a file to the packages they load', () => {
    expect(packagesLoadedWith(g, 'src/cli/start.ts', ['react', 'ink'])).toEqual(['src/cli/start.ts → src/cli/plain.ts → src/core/headless.ts (ink)']);
  });

  it('reports UI packages in the headless floors, not imports named in comments', () => {
    expect(forbiddenPackages(g)).toEqual(['src/core/headless.ts → ink']);
    expect(g.edges.some((e) => e.spec.includes('in-a-comment'))).toBe(false);
  });
});

describe('inkling', () => {
  const g = readImportGraph(ROOT);

  it('is read whole: every floor has files and every relative import resolves', () => {
    for (const floor of ['src/core', 'src/store', 'src/pager', 'src/keys', 'components', 'src/app', 'src/cli']) {
      expect(g.files.some((f) => f.startsWith(`${floor}/`)), floor).toBe(true);
    }
    expect(g.edges.length).toBeGreaterThan(300);
    expect(g.edges.filter((e) => e.to.endsWith('(not found)'))).toEqual([]);
  });

  it('imports no floor above its own', () => {
    expect(upwardImports(g)).toEqual([]);
  });

  it('keeps react, ink and zustand out of the floors that must not know them', () => {
    expect(forbiddenPackages(g)).toEqual([]);
  });

  it('loads React and Ink only when the TUI asks for them (src/app/ui-modules.ts, imported dynamically)', () => {
    // A static path would load React's development build before run-tui chooses the production
    // one: the program run from its compiled modules (the profiling benches) then holds two Reacts.
    for (const start of ['src/cli/main.ts', 'src/cli/interactive.ts', 'src/app/run-tui.ts']) {
      expect(packagesLoadedWith(g, start, ['react', 'ink', 'react-reconciler']), start).toEqual([]);
    }
  });

  it('has no import circles', () => {
    expect(importCircles(g)).toEqual([]);
  });
});
