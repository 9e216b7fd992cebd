// The one schema of inkling's settings files: validation, the inferred types, `inkling config
// --schema` and README's settings table all come from here. Loading zod costs tens of ms, so
// only the checked path imports this module at run time; others use `import type`.
import { z } from 'zod';
import {
  MIN_THINKING_BUDGET,
  PERMISSION_MODES,
  PROVIDERS,
  SANDBOX_MODES,
  THEMES,
} from './setting-values.js';

/** `error` texts finish the sentence "expected …": the checker adds the path and what it got. */
const oneOf = (values: readonly string[]) => `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;

const positiveInt = (what = 'a positive whole number') =>
  z.number({ error: what }).int({ error: what }).positive({ error: what });

const milliseconds = () => positiveInt('a positive whole number of milliseconds');

const httpUrl = z
  .string({ error: 'an http(s) URL' })
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), { error: 'an http(s) URL' });

const rule = z.string({ error: 'a string like "bash(npm test)"' }).min(1, { error: 'a string like "bash(npm test)"' });
const pathPattern = z.string({ error: 'a path or glob like ".env*"' }).min(1, { error: 'a path or glob like ".env*"' });
const rules = (what: string) => z.array(rule, { error: 'a list of rules like ["bash(npm test)"]' }).describe(what);

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'a variable name like "NODE_ENV"' });
const stringMap = (what: string) => z.record(envName, z.string({ error: 'a string' }), { error: what });

/** A local MCP server: a program inkling starts and talks to over stdin/stdout. */
export const stdioServerSchema = z.object({
  type: z.literal('stdio', { error: '"stdio"' }).optional(),
  command: z.string({ error: 'the program to run, like "npx"' }).min(1, { error: 'the program to run, like "npx"' }),
  args: z.array(z.string({ error: 'a string' }), { error: 'a list of arguments' }).optional(),
  env: stringMap('an object of variables').optional(),
  cwd: z.string({ error: 'a directory' }).optional(),
});

/** A remote MCP server: streamable HTTP, or the legacy SSE transport. */
export const remoteServerSchema = z.object({
  type: z.enum(['http', 'sse'], { error: oneOf(['http', 'sse']) }).optional(),
  url: httpUrl,
  headers: z.record(z.string(), z.string({ error: 'a string' }), { error: 'an object of headers' }).optional(),
});

/** Keys each kind of server entry knows, for the unknown-key warning (entries are not strict). */
export const SERVER_KEYS = {
  stdio: Object.keys(stdioServerSchema.shape),
  remote: Object.keys(remoteServerSchema.shape),
} as const;

export const mcpServerSchema = z.union([stdioServerSchema, remoteServerSchema], {
  error: 'a server with "command" (a program to start) or "url" (an HTTP server)',
});

const permissionsSchema = z
  .strictObject({
    mode: z.enum(PERMISSION_MODES, { error: oneOf(PERMISSION_MODES) }).describe('What runs without asking: default, accept-edits (edits and file commands inside the workspace run), plan (read-only), auto (also every sandboxed command), yolo (everything not denied)'),
    allow: rules('Rules for calls that run without asking, like "bash(npm test)", "edit(src/**)"'),
    ask: rules('Rules for calls that always ask'),
    deny: rules('Rules for calls that are refused'),
    protectedPaths: z
      .array(pathPattern, { error: 'a list of paths like [".env*"]' })
      .describe('Extra paths whose edits always ask (besides .inkling/ and .env*)'),
  }, { error: 'an object like { "allow": ["bash(npm test)"] }' })
  .partial();

const sandboxSchema = z
  .strictObject({
    mode: z.enum(SANDBOX_MODES, { error: oneOf(SANDBOX_MODES) }).describe('"workspace": commands run in bubblewrap, only the workspace writable; "off": no sandbox'),
    network: z.boolean({ error: 'true or false' }).describe('Whether sandboxed commands may use the network'),
  }, { error: 'an object like { "mode": "workspace" }' })
  .partial();

export const settingsSchema = z
  .strictObject({
    $schema: z.string({ error: 'a URL or path of a JSON Schema' }).describe('Ignored; lets an editor find the schema'),
    model: z.string({ error: 'a model name like "claude-sonnet-4-6"' }).min(1, { error: 'a model name like "claude-sonnet-4-6"' }).describe('Model to use'),
    provider: z.enum(PROVIDERS, { error: oneOf(PROVIDERS) }).describe('Which API inkling talks to'),
    baseUrl: httpUrl.describe("Endpoint of the provider's API (a compatible server or a proxy)"),
    maxTokens: positiveInt().describe('Most tokens one model response may use'),
    thinking: z
      .union([positiveInt(`a token budget of at least ${MIN_THINKING_BUDGET}, or false`).min(MIN_THINKING_BUDGET, { error: `a token budget of at least ${MIN_THINKING_BUDGET}, or false` }), z.literal(false)], {
        error: `a token budget of at least ${MIN_THINKING_BUDGET}, or false`,
      })
      .describe('Extended thinking budget in tokens, or false for off'),
    maxIterations: positiveInt().describe('Model requests per turn before it stops'),
    permissions: permissionsSchema.describe('What tools may do without asking'),
    sandbox: sandboxSchema.describe('Where commands run'),
    mcpServers: z.record(z.string().min(1), mcpServerSchema, { error: 'an object of servers by name' }).describe('MCP servers by name: { "command", "args", "env", "cwd" } or { "type", "url", "headers" }'),
    mcpToolTimeoutMs: milliseconds().describe('How long one MCP tool call may take'),
    theme: z.enum(THEMES, { error: oneOf(THEMES) }).describe('Colours for a dark or light terminal background; auto asks the terminal'),
    notifications: z
      .strictObject(
        {
          bell: z.boolean({ error: 'true or false' }).describe('Ring the terminal bell when an approval is waiting'),
          desktop: z
            .enum(['auto', 'osc9', 'osc777', 'off'], { error: '"auto", "osc9", "osc777" or "off"' })
            .describe('A desktop notification when a turn ends, or an approval or a secret waits, while the terminal is not focused: auto (OSC 9 or 777 where the terminal has it, else the bell), osc9, osc777, off'),
          afterMs: milliseconds().describe('How long an approval or a secret waits unfocused before the notification'),
        },
        { error: 'an object like { "bell": false, "desktop": "auto" }' },
      )
      .partial()
      .describe('How inkling gets your attention'),
    env: stringMap('an object of variables like { "NODE_ENV": "test" }').describe('Extra environment variables for the commands inkling runs'),
    bash: z
      .strictObject(
        { sudoAskpass: z.boolean({ error: 'true or false' }).describe('Commands run outside the sandbox get sudo as sudo -A, asking for the password in a masked field (default false)') },
        { error: 'an object like { "sudoAskpass": true }' },
      )
      .partial()
      .describe('The shell commands inkling runs'),
    jobs: z
      .strictObject(
        {
          max: positiveInt().describe('Background jobs (bash background: true, Ctrl+B) running at once at most'),
          firstLinesMs: milliseconds().describe('How long bash background: true waits for a job\'s first lines before it returns (less when the command ends)'),
        },
        { error: 'an object like { "max": 4 }' },
      )
      .partial()
      .describe("The session's background jobs"),
    bashTimeoutMs: milliseconds().describe('How long one shell command may run before it is stopped, when the call names no timeout_ms (at most 600000)'),
    streamIdleTimeoutMs: milliseconds().describe('Give up on a response stream silent this long (then retry)'),
    promptCaching: z
      .union([z.literal('auto'), z.boolean()], { error: '"auto", true or false' })
      .describe("Prompt caching: auto (on for Anthropic's own API), true (also for a compatible endpoint that supports it) or false"),
    contextWindow: positiveInt().describe("The model's context window in tokens, when the catalog does not know it"),
    autoCompact: z.boolean({ error: 'true or false' }).describe('Summarise the conversation when the context fills up'),
    images: z
      .strictObject(
        { maxLongEdge: positiveInt('a whole number of pixels, at least 64').min(64, { error: 'a whole number of pixels, at least 64' }).describe('Images with a longer edge are downscaled (aspect ratio kept) before the model sees them') },
        { error: 'an object like { "maxLongEdge": 1568 }' },
      )
      .partial()
      .describe('Images sent to the model'),
    web: z
      .strictObject(
        { search: z.enum(['auto', 'off'], { error: '"auto" or "off"' }).describe("auto: the model may search the web through Anthropic's server-side search (Anthropic's own API only); off: no search") },
        { error: 'an object like { "search": "off" }' },
      )
      .partial()
      .describe('The web'),
    agents: z
      .strictObject(
        {
          maxConcurrent: positiveInt().max(64, { error: 'a whole number from 1 to 64' }).describe('Child agents (the task tool) that run at once at each depth; the rest wait in order'),
          maxDepth: z.union([z.literal(1), z.literal(2)], { error: '1 or 2' }).describe("How deep child agents nest: 1, only the parent's children; 2, theirs too"),
        },
        { error: 'an object like { "maxConcurrent": 4 }' },
      )
      .partial()
      .describe('Child agents the model starts with the task tool'),
    todo: z
      .strictObject(
        { tool: z.enum(['on', 'off', 'auto'], { error: '"on", "off" or "auto"' }).describe("The update_plan tool (the plan panel): on, off, or auto (on, except for models the catalog marks as keeping their own list)") },
        { error: 'an object like { "tool": "off" }' },
      )
      .partial()
      .describe("The model's task plan"),
    compat: z
      .strictObject({ claude: z.boolean({ error: 'true or false' }).describe("Read Claude Code's files: .claude/ in the workspace and ~/.claude (skills, agents)") }, { error: 'an object like { "claude": false }' })
      .partial()
      .describe("What inkling reads of other agents' setups"),
  }, { error: 'an object of settings' })
  .partial();

/** What one settings file may hold (every key optional). */
export type Settings = z.infer<typeof settingsSchema>;
export type PermissionsSettings = NonNullable<Settings['permissions']>;
export type SandboxSettings = NonNullable<Settings['sandbox']>;
export type McpServerSettings = z.infer<typeof mcpServerSchema>;
export type StdioServerSettings = z.infer<typeof stdioServerSchema>;
export type RemoteServerSettings = z.infer<typeof remoteServerSchema>;

/** JSON Schema of a settings file (`inkling config --schema`, README's table). */
export function settingsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(settingsSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
