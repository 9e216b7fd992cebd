// The one schema of inkling's settings files: validation, the inferred types, `inkling config
// --schema` and README's settings table all come from here. Written with zod's functional API
// (zod/mini): bundled beside cli.cjs with this module (scripts/bundle-cli.ts SIDE_MODULES) it
// keeps only what the schema uses, ~10x less to load in every start than zod's class API (whose
// schemas each carry every method). Only the checked path imports this module at run time;
// others use `import type`.
import * as z from 'zod/mini';
import {
  MIN_THINKING_BUDGET,
  PERMISSION_MODES,
  PROVIDERS,
  SANDBOX_MODES,
  THEMES,
} from './setting-values.js';

/** `error` texts finish the sentence "expected …": the checker adds the path and what it got. */
const oneOf = (values: readonly string[]) => `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;

/** A schema with its description (what README's table and `config --schema` say of the key). */
const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description)) as T;

const positiveInt = (what = 'a positive whole number', ...more: z.core.$ZodCheck<number>[]) =>
  z.number({ error: what }).check(z.int({ error: what }), z.positive({ error: what }), ...more);

const milliseconds = () => positiveInt('a positive whole number of milliseconds');

const httpUrl = z
  .string({ error: 'an http(s) URL' })
  .check(z.refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), { error: 'an http(s) URL' }));

const rule = z.string({ error: 'a string like "bash(npm test)"' }).check(z.minLength(1, { error: 'a string like "bash(npm test)"' }));
const pathPattern = z.string({ error: 'a path or glob like ".env*"' }).check(z.minLength(1, { error: 'a path or glob like ".env*"' }));
const rules = (what: string) => described(z.array(rule, { error: 'a list of rules like ["bash(npm test)"]' }), what);

const envName = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'a variable name like "NODE_ENV"' }));
const stringMap = (what: string) => z.record(envName, z.string({ error: 'a string' }), { error: what });

/** A local MCP server: a program inkling starts and talks to over stdin/stdout. */
export const stdioServerSchema = z.object({
  type: z.optional(z.literal('stdio', { error: '"stdio"' })),
  command: z.string({ error: 'the program to run, like "npx"' }).check(z.minLength(1, { error: 'the program to run, like "npx"' })),
  args: z.optional(z.array(z.string({ error: 'a string' }), { error: 'a list of arguments' })),
  env: z.optional(stringMap('an object of variables')),
  cwd: z.optional(z.string({ error: 'a directory' })),
});

/** A remote MCP server: streamable HTTP, or the legacy SSE transport. */
export const remoteServerSchema = z.object({
  type: z.optional(z.enum(['http', 'sse'], { error: oneOf(['http', 'sse']) })),
  url: httpUrl,
  headers: z.optional(z.record(z.string(), z.string({ error: 'a string' }), { error: 'an object of headers' })),
});

/** Keys each kind of server entry knows, for the unknown-key warning (entries are not strict). */
export const SERVER_KEYS = {
  stdio: Object.keys(stdioServerSchema.shape),
  remote: Object.keys(remoteServerSchema.shape),
} as const;

export const mcpServerSchema = z.union([stdioServerSchema, remoteServerSchema], {
  error: 'a server with "command" (a program to start) or "url" (an HTTP server)',
});

/** An object whose every key is optional, unknown keys reported (and dropped by the checker). */
const section = <S extends z.core.$ZodLooseShape>(shape: S, error: string) => z.partial(z.strictObject(shape, { error }));

const permissionsSchema = section(
  {
    mode: described(z.enum(PERMISSION_MODES, { error: oneOf(PERMISSION_MODES) }), 'What runs without asking: default, accept-edits (edits and file commands inside the workspace run), plan (read-only), auto (also every sandboxed command), yolo (everything not denied)'),
    allow: rules('Rules for calls that run without asking, like "bash(npm test)", "edit(src/**)"'),
    ask: rules('Rules for calls that always ask'),
    deny: rules('Rules for calls that are refused'),
    protectedPaths: described(z.array(pathPattern, { error: 'a list of paths like [".env*"]' }), 'Extra paths whose edits always ask (besides .inkling/ and .env*)'),
  },
  'an object like { "allow": ["bash(npm test)"] }',
);

const sandboxSchema = section(
  {
    mode: described(z.enum(SANDBOX_MODES, { error: oneOf(SANDBOX_MODES) }), '"workspace": commands run in bubblewrap, only the workspace writable; "off": no sandbox'),
    network: described(z.boolean({ error: 'true or false' }), 'Whether sandboxed commands may use the network'),
  },
  'an object like { "mode": "workspace" }',
);

const thinkingBudget = `a token budget of at least ${MIN_THINKING_BUDGET}, or false`;

export const settingsSchema = section(
  {
    $schema: described(z.string({ error: 'a URL or path of a JSON Schema' }), 'Ignored; lets an editor find the schema'),
    model: described(z.string({ error: 'a model name like "claude-sonnet-4-6"' }).check(z.minLength(1, { error: 'a model name like "claude-sonnet-4-6"' })), 'Model to use'),
    provider: described(z.enum(PROVIDERS, { error: oneOf(PROVIDERS) }), 'Which API inkling talks to'),
    baseUrl: described(httpUrl, "Endpoint of the provider's API (a compatible server or a proxy)"),
    maxTokens: described(positiveInt(), 'Most tokens one model response may use'),
    thinking: described(
      z.union([positiveInt(thinkingBudget, z.gte(MIN_THINKING_BUDGET, { error: thinkingBudget })), z.literal(false)], { error: thinkingBudget }),
      'Extended thinking budget in tokens, or false for off',
    ),
    maxIterations: described(positiveInt(), 'Model requests per turn before it stops'),
    permissions: described(permissionsSchema, 'What tools may do without asking'),
    sandbox: described(sandboxSchema, 'Where commands run'),
    mcpServers: described(
      z.record(z.string().check(z.minLength(1)), mcpServerSchema, { error: 'an object of servers by name' }),
      'MCP servers by name: { "command", "args", "env", "cwd" } or { "type", "url", "headers" }',
    ),
    mcpToolTimeoutMs: described(milliseconds(), 'How long one MCP tool call may take'),
    theme: described(z.enum(THEMES, { error: oneOf(THEMES) }), 'Colours for a dark or light terminal background; auto asks the terminal'),
    notifications: described(
      section(
        {
          bell: described(z.boolean({ error: 'true or false' }), 'Ring the terminal bell when an approval is waiting'),
          desktop: described(
            z.enum(['auto', 'osc9', 'osc777', 'off'], { error: '"auto", "osc9", "osc777" or "off"' }),
            'A desktop notification when a turn ends, or an approval or a secret waits, while the terminal is not focused: auto (OSC 9 or 777 where the terminal has it, else the bell), osc9, osc777, off',
          ),
          afterMs: described(milliseconds(), 'How long an approval or a secret waits unfocused before the notification'),
        },
        'an object like { "bell": false, "desktop": "auto" }',
      ),
      'How inkling gets your attention',
    ),
    env: described(stringMap('an object of variables like { "NODE_ENV": "test" }'), 'Extra environment variables for the commands inkling runs'),
    bash: described(
      section(
        { sudoAskpass: described(z.boolean({ error: 'true or false' }), 'Commands run outside the sandbox get sudo as sudo -A, asking for the password in a masked field (default false)') },
        'an object like { "sudoAskpass": true }',
      ),
      'The shell commands inkling runs',
    ),
    jobs: described(
      section(
        {
          max: described(positiveInt(), 'Background jobs (bash background: true, Ctrl+B) running at once at most'),
          firstLinesMs: described(milliseconds(), "How long bash background: true waits for a job's first lines before it returns (less when the command ends)"),
        },
        'an object like { "max": 4 }',
      ),
      "The session's background jobs",
    ),
    bashTimeoutMs: described(milliseconds(), 'How long one shell command may run before it is stopped, when the call names no timeout_ms (at most 600000)'),
    streamIdleTimeoutMs: described(milliseconds(), 'Give up on a response stream silent this long (then retry)'),
    promptCaching: described(
      z.union([z.literal('auto'), z.boolean()], { error: '"auto", true or false' }),
      "Prompt caching: auto (on for Anthropic's own API), true (also for a compatible endpoint that supports it) or false",
    ),
    contextWindow: described(positiveInt(), "The model's context window in tokens, when the catalog does not know it"),
    autoCompact: described(z.boolean({ error: 'true or false' }), 'Summarise the conversation when the context fills up'),
    images: described(
      section(
        {
          maxLongEdge: described(
            positiveInt('a whole number of pixels, at least 64', z.gte(64, { error: 'a whole number of pixels, at least 64' })),
            'Images with a longer edge are downscaled (aspect ratio kept) before the model sees them',
          ),
        },
        'an object like { "maxLongEdge": 1568 }',
      ),
      'Images sent to the model',
    ),
    web: described(
      section(
        { search: described(z.enum(['auto', 'off'], { error: '"auto" or "off"' }), "auto: the model may search the web through Anthropic's server-side search (Anthropic's own API only); off: no search") },
        'an object like { "search": "off" }',
      ),
      'The web',
    ),
    agents: described(
      section(
        {
          maxConcurrent: described(positiveInt(undefined, z.lte(64, { error: 'a whole number from 1 to 64' })), 'Child agents (the task tool) that run at once at each depth; the rest wait in order'),
          maxDepth: described(z.union([z.literal(1), z.literal(2)], { error: '1 or 2' }), "How deep child agents nest: 1, only the parent's children; 2, theirs too"),
        },
        'an object like { "maxConcurrent": 4 }',
      ),
      'Child agents the model starts with the task tool',
    ),
    todo: described(
      section(
        { tool: described(z.enum(['on', 'off', 'auto'], { error: '"on", "off" or "auto"' }), 'The update_plan tool (the plan panel): on, off, or auto (on, except for models the catalog marks as keeping their own list)') },
        'an object like { "tool": "off" }',
      ),
      "The model's task plan",
    ),
    compat: described(
      section({ claude: described(z.boolean({ error: 'true or false' }), "Read Claude Code's files: .claude/ in the workspace and ~/.claude (skills, agents)") }, 'an object like { "claude": false }'),
      "What inkling reads of other agents' setups",
    ),
  },
  'an object of settings',
);

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
