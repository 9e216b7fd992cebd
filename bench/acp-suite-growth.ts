// How much issue 37 (inkling --acp) adds to the test suite, whose budget is 30 s (bench/suite-growth.ts).
//   npm run build && node --import tsx bench/acp-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 37's tests",
  files: ['test/acp/acp-session.test.ts', 'test/acp/acp-tools.test.ts', 'test/acp/acp-permissions.test.ts', 'test/acp/acp-sessions.test.ts'],
});
