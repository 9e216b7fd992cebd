// How much issue 31 (child agents: the task tool) adds to the test suite, whose budget is 60 s on
// 2 cores (bench/suite-growth.ts). The built program is needed for the tmux test:
//   npm run build && node --import tsx bench/subagents-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 31's tests",
  files: [
    'test/core/agents/agent-definitions.test.ts',
    'test/core/agents/task-tool.test.ts',
    'test/core/agents/task-session.test.ts',
    'test/core/agents/task-undo.test.ts',
    'test/cli/headless-agents.test.ts',
    'test/store/child-agent-events.test.ts',
    'test/components/task-card.test.ts',
    'test/components/child-history.test.tsx',
    'test/components/child-nesting.test.ts',
    'test/components/child-cost.test.ts',
    'test/components/child-secret.test.tsx',
    'test/components/agents-list.test.tsx',
    'test/e2e/subagents.test.ts',
  ],
});
