// A tiny MCP server on the official SDK (stdio) with one tool per fault the client must survive:
// a crash mid-call, a call that never answers, a 5 MB result, schemas the API would reject, and a
// tool list that changes. FAULT_EXIT_AT_START=1 makes it exit before the handshake; FAULT_RESOURCES=1
// adds two resources, a PNG and an image type no provider takes, for images read as resources.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';

if (process.env.FAULT_EXIT_AT_START === '1') {
  process.stderr.write('fault server: refusing to start (FAULT_EXIT_AT_START)\n');
  process.exit(7);
}

const noInput = { type: 'object', properties: {} };
const tools: Record<string, unknown>[] = [
  { name: 'ok', description: 'Answers "fine".', inputSchema: noInput, annotations: { readOnlyHint: true } },
  { name: 'crash', description: 'Exits the server while the call runs.', inputSchema: noInput },
  { name: 'hang', description: 'Never answers.', inputSchema: noInput },
  { name: 'flood', description: 'Answers with 5 MB of text.', inputSchema: noInput },
  { name: 'env', description: 'Answers with an environment variable.', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  { name: 'bad_schema', description: 'A property type no JSON Schema has.', inputSchema: { type: 'object', properties: { x: { type: 'nonsense' } } } },
  { name: 'grow', description: 'Adds the tool "late" and says the list changed.', inputSchema: noInput },
];

const withResources = process.env.FAULT_RESOURCES === '1';
const server = new Server(
  { name: 'fault-server', version: '1.0.0' },
  { capabilities: { tools: { listChanged: true }, ...(withResources ? { resources: {} } : {}) } },
);

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools as never }));

// A 3×2 PNG, and a BMP header the providers do not take (only its type and size matter).
const PNG_3X2 = 'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAADklEQVR4nGNogAEGOAsAWhQJAbISPYcAAAAASUVORK5CYII=';
const BMP = Buffer.from('424d000000000000000000000000', 'hex').toString('base64');
const resources = [
  { uri: 'pic://shot.png', name: 'shot', mimeType: 'image/png', blob: PNG_3X2 },
  { uri: 'pic://old.bmp', name: 'old', mimeType: 'image/bmp', blob: BMP },
];
if (withResources) {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: resources.map(({ blob: _blob, ...r }) => r) }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const found = resources.find((r) => r.uri === request.params.uri);
    if (!found) throw new Error(`no resource ${request.params.uri}`);
    return { contents: [{ uri: found.uri, mimeType: found.mimeType, blob: found.blob }] };
  });
}

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
  switch (request.params.name) {
    case 'ok':
    case 'late':
      return text('fine');
    case 'crash':
      process.stderr.write('fault server: crashing on purpose\n');
      setTimeout(() => process.exit(3), 10);
      return new Promise<never>(() => undefined);
    case 'hang':
      return new Promise<never>(() => undefined);
    case 'flood': {
      const line = `${'x'.repeat(99)}\n`;
      return text(line.repeat(50_000));
    }
    case 'env': {
      const name = String(request.params.arguments?.name ?? '');
      return text(`${name}=${process.env[name] ?? '(unset)'}`);
    }
    case 'grow':
      if (!tools.some((t) => t.name === 'late')) tools.push({ name: 'late', description: 'Arrived later.', inputSchema: noInput });
      await server.notification({ method: 'notifications/tools/list_changed' });
      return text('grown');
    default:
      return { content: [{ type: 'text' as const, text: `no tool ${request.params.name}` }], isError: true };
  }
});

// A line on stderr at start, like real servers print, for the stderr log test; FAULT_ECHO_STDERR
// is printed too (a server that logs its token), which the log must not keep.
process.stderr.write(`fault server: ready on stdio${process.env.FAULT_ECHO_STDERR ? ` token=${process.env.FAULT_ECHO_STDERR}` : ''}\n`);
// Exit when the client closes stdin, as real servers do, instead of waiting for its SIGTERM.
process.stdin.on('end', () => process.exit(0));
await server.connect(new StdioServerTransport());
