// How much issue 34 (the plan panel) adds to the test suite, whose budget is 30 s
// (bench/suite-growth.ts). The built program is needed for the bin and tmux tests:
//   npm run build && node --import tsx bench/plan-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 34's tests",
  files: [
    'test/core/plan/update-plan.test.ts',
    'test/core/plan/plan-session.test.ts',
    'test/core/plan/plan-children.test.ts',
    'test/core/plan/exit-plan-mode.test.ts',
    'test/cli/headless-plan.test.ts',
    'test/components/plan-panel.test.tsx',
    'test/store/plan-replay.test.ts',
    'test/e2e/plan-panel.test.ts',
  ],
  tests: [['test/core/deferred-agent.test.ts', 'plan'], ['test/keys/keymap-check.test.ts', 'Alt+L']],
});
