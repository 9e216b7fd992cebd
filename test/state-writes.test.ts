// Named store actions are the only writers of the app's state (ARCHITECTURE.md): no key
// handler, component or runtime file calls setState. The finder is proven on a planted tree
// first, so a finder that sees nothing cannot pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stateWritesOutsideStore } from './helpers/state-writes.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const planted = mkdtempSync(path.join(tmpdir(), 'inkling-writes-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
  writeFileSync(path.join(planted, file), text);
}

describe('the state-write finder', () => {
  plant('src/store/view-actions.ts', 'export const flash = (store) => store.setState({ flash: null });\n');
  plant('src/keys/input-keys.ts', "// store.setState(in a comment)\nexport function k(store) {\n  store.setState({ mode: 'help' });\n}\n");
  plant('components/Transcript.tsx', '/* setState( */\nexport const T = (store) => store.setState((s) => s);\n');
  plant('src/pager/pager-model.ts', 'export const own = (store) => store.setState({});\n');
  plant('src/app/run-tui.ts', 'export const run = (store) => store.setState ({ size: 1 });\n');

  it('reports each setState outside src/store by file and line, not the ones in comments', () => {
    expect(stateWritesOutsideStore(planted)).toEqual(['components/Transcript.tsx:2', 'src/app/run-tui.ts:1', 'src/keys/input-keys.ts:3']);
  });
});

describe('inkling', () => {
  it('writes its state only through the store’s named actions', () => {
    expect(stateWritesOutsideStore(ROOT)).toEqual([]);
  });
});
