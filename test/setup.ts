// React 19 act() support for ink-testing-library, and colour off so frames compare as text.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
process.env.FORCE_COLOR = '0';
// CI runs the suite with CI=true, which puts Ink in CI mode (no live frames, read once at import):
// tests that render Ink into a real terminal emulator must see what a person's terminal shows.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
// No test may read or write the person's own ~/.inkling: settings, trust and sessions go to a
// fresh folder per test process unless a test sets INKLING_HOME itself.
process.env.INKLING_HOME = mkdtempSync(path.join(os.tmpdir(), 'inkling-test-home-'));
// Nor the person's ~/.cache/inkling: the code cache of the bundle (src/cli/bundle-cache.ts) the
// spawned bins read and write.
process.env.XDG_CACHE_HOME = mkdtempSync(path.join(os.tmpdir(), 'inkling-test-cache-'));
