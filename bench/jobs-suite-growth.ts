// How much issue 32 (background jobs) adds to the test suite, whose budget is 30 s
// (bench/suite-growth.ts). The built program is needed for the bin and tmux tests:
//   npm run build && node --import tsx bench/jobs-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 32's tests",
  files: [
    'test/core/jobs/bash-jobs.test.ts',
    'test/core/jobs/job-turn.test.ts',
    'test/core/jobs/job-sessions.test.ts',
    'test/core/jobs/job-ledger.test.ts',
    'test/cli/headless-jobs.test.ts',
    'test/e2e/jobs.test.ts',
    'test/components/jobs-view.test.tsx',
    'test/store/job-events.test.ts',
  ],
  tests: [['test/core/permissions/decide.test.ts', 'background job tools']],
});
