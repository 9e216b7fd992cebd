// A client for the MCP conformance suite's client scenarios, made of inkling's own MCP client
// (core/mcp): the runner starts it as `<command> <server-url>` with MCP_CONFORMANCE_SCENARIO set.
// It connects as a session would; a server that needs a login is logged in to as
// `inkling mcp login` does, the "browser" being a fetch that follows the authorization page's
// redirect to the loopback; it then calls the scenario's tools, answering forms with their defaults.
// Run (the suite's runner needs Node 22): see README, "MCP conformance".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acceptForm, defaultValues, formFields } from '../src/core/mcp/elicitation.js';
import { McpServers } from '../src/core/mcp/mcp-servers.js';

const url = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
if (!url) {
  process.stderr.write('usage: mcp-conformance-client <server-url>\n');
  process.exit(2);
}

const home = await mkdtemp(path.join(tmpdir(), 'inkling-conformance-'));
const servers = new McpServers({
  entries: [{ name: 'conformance', source: 'user', settings: { type: 'http', url } }],
  workspaceTrusted: true,
  workspaceRoot: home,
  logDir: home,
  env: {},
  secretEnvNames: [],
  clientVersion: '0.1.0',
  home,
  reconnect: { maxAttempts: 0 },
  elicit: async (_server, question) => {
    const fields = formFields(question.requestedSchema);
    const accepted = acceptForm(fields, defaultValues(fields));
    return accepted.ok ? accepted.answer : { action: 'decline' };
  },
});
const say = (line: string) => process.stderr.write(`[inkling ${scenario}] ${line}\n`);
let code = 0;
try {
  servers.start();
  await servers.settled(20_000);
  let state = servers.servers()[0]!.state;
  if (state.status === 'needs-login') {
    say('needs a login: running the OAuth flow');
    const result = await servers.login('conformance', {
      onUrl: (u) => say(`authorization URL: ${u}`),
      // The test authorization server approves at once and redirects to our loopback.
      openBrowser: async (u) => {
        void fetch(u).then((r) => r.body?.cancel(), (err: unknown) => say(`browser fetch failed: ${String(err)}`));
        return true;
      },
      timeoutMs: 20_000,
    });
    say(result.ok ? 'logged in' : `login failed: ${result.reason}`);
    state = servers.servers()[0]!.state;
  }
  say(`state: ${JSON.stringify(state)}`);
  for (const tool of servers.tools().filter((t) => t.name.startsWith('mcp__'))) {
    const input = tool.name.endsWith('__add_numbers') ? { a: 2, b: 3 } : {};
    const controller = new AbortController();
    const result = await tool.execute(input, {
      workspaceRoot: home,
      signal: controller.signal,
      toolCallId: 'conformance',
      session: { readFiles: new Map(), sessionDir: home, secretEnvNames: new Set() },
      reportOutput: () => undefined,
      attachInput: () => () => undefined,
      paneSize: () => ({ cols: 80, rows: 24 }),
    });
    say(`${tool.name}: ${result.isError ? 'error: ' : ''}${result.content.slice(0, 200)}`);
  }
  if (state.status !== 'ready') code = 1;
} finally {
  await servers.close();
  await rm(home, { recursive: true, force: true });
}
process.exit(code);
