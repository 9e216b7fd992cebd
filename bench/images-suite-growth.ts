// How much issue 35 (images: files, MCP, the prompt, Ctrl+V and OSC 5522, compaction, sessions)
// adds to the test suite (bench/suite-growth.ts). The built program is needed for the tmux tests:
//   npm run build && node --import tsx bench/images-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 35's tests",
  files: [
    'test/core/images/read-image-providers.test.ts',
    'test/core/images/downscale.test.ts',
    'test/core/images/image-blind.test.ts',
    'test/core/images/session-images.test.ts',
    'test/core/images/compaction-images.test.ts',
    'test/core/images/images-first-compaction.test.ts',
    'test/store/images-dropped.test.ts',
    'test/cli/headless-images.test.ts',
    'test/cli/mcp-resource-images.test.ts',
    'test/app/clipboard-read.test.ts',
    'test/app/terminal-clipboard.test.ts',
    'test/keys/clipboard-5522.test.ts',
    'test/keys/key-pipeline-hold.test.ts',
    'test/components/image-card.test.tsx',
    'test/components/image-chips.test.tsx',
    'test/components/terminal-clipboard.test.tsx',
    'test/e2e/images.test.ts',
    'test/e2e/terminal-clipboard.test.ts',
  ],
});
