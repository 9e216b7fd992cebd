// What issue 33's tests (Claude Code setup: skills, hooks, .claude permissions, memory, the setup
// lists) add to the suite: `node --import tsx bench/setup-suite-growth.ts` prints the figure.
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 33's tests",
  files: [
    'test/core/skills/discover-skills.test.ts',
    'test/core/skills/skill-tool.test.ts',
    'test/core/skills/skill-permissions.test.ts',
    'test/core/compat/claude-names.test.ts',
    'test/core/memory/claude-memory.test.ts',
    'test/core/hooks/tool-hooks.test.ts',
    'test/core/hooks/turn-hooks.test.ts',
    'test/core/hooks/hook-sandbox.test.ts',
    'test/core/hooks/permission-request-hooks.test.ts',
    'test/core/hooks/subagent-hooks.test.ts',
    'test/cli/hooks-trust.test.ts',
    'test/cli/permission-list.test.ts',
    'test/cli/memory-reload.test.ts',
    'test/store/setup-list-actions.test.ts',
    'test/components/setup-lists.test.tsx',
    'test/components/hook-rows.test.tsx',
    'test/e2e/setup.test.ts',
  ],
});
