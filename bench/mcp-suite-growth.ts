// How much issue 40 (MCP resources, prompts, OAuth, forms) adds to the test suite (bench/suite-growth.ts).
// The built program is needed for the bin and tmux tests:
//   npm run build && node --import tsx bench/mcp-suite-growth.ts
import { measureSuiteGrowth } from './suite-growth.js';

measureSuiteGrowth({
  label: "issue 40's tests",
  files: [
    'test/core/mcp/resources-prompts.test.ts',
    'test/core/mcp/oauth.test.ts',
    'test/components/mcp-login-form.test.tsx',
    'test/cli/mcp-login.test.ts',
    'test/e2e/mcp-login-resources.test.ts',
  ],
  tests: [
    ['test/cli/mcp.test.ts', 'MCP prompt command'],
    ['test/store/command-table.test.ts', 'MCP server'],
    ['test/store/input-actions.test.ts', 'MCP server'],
  ],
});
