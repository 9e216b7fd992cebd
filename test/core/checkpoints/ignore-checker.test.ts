// The long-lived check-ignore behind snapshots that skip git's listing, on a real shadow
// repository: it names the ignored paths (workspace rules and the ledger's defaults), says
// "cannot tell" for names git would read as pathspec magic, and after its process dies the next
// question starts a new one.
import { afterEach, describe, expect, it } from 'vitest';
import { gitEnvironment } from '../../../src/core/checkpoints/git.js';
import { IgnoreChecker } from '../../../src/core/checkpoints/ignore-checker.js';
import { openShadowRepo } from '../../../src/core/checkpoints/shadow-repo.js';
import { ledgerWorkspace, type LedgerWorkspace } from './ledger-fixtures.js';

let ws: LedgerWorkspace | undefined;
let checker: IgnoreChecker | undefined;
afterEach(async () => {
  checker?.close();
  await ws?.cleanup();
});

describe('the ignore checker', () => {
  it('names ignored paths, steps aside for pathspec magic, and recovers after its process dies', async () => {
    ws = await ledgerWorkspace({ files: { '.gitignore': '*.log\n', 'src/a.ts': 'a\n' } });
    const repo = await openShadowRepo({ home: ws.home, workspaceRoot: ws.root, env: gitEnvironment(process.env) });
    checker = new IgnoreChecker(repo.git);
    const asked = ['src/a.ts', 'src/debug.log', 'node_modules/x/index.js', 'gone.txt', 'dir with space/b.md'];
    expect(await checker.ignored(asked)).toEqual(new Set(['src/debug.log', 'node_modules/x/index.js']));
    // Two questions at once are answered in order.
    const [one, two] = await Promise.all([checker.ignored(['a.log']), checker.ignored(['b.txt'])]);
    expect([one, two]).toEqual([new Set(['a.log']), new Set()]);
    expect(await checker.ignored([':(glob)*'])).toBeUndefined();
    const child = (checker as unknown as { child?: { kill(): void; once(e: string, f: () => void): void } }).child!;
    const ended = new Promise<void>((resolve) => child.once('close', resolve));
    child.kill();
    await ended;
    expect(await checker.ignored(['c.log'])).toEqual(new Set(['c.log']));
  });
});
