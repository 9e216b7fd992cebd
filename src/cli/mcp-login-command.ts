// `inkling mcp login <name>` and `inkling mcp logout <name>`: OAuth for a configured HTTP server.
// The login prints the authorization URL (and opens a browser where one opens) and takes the
// redirect either on its loopback listener or as the address pasted on stdin, for a browser on
// another machine; the logout forgets the kept login.
import { createInterface } from 'node:readline';
import type { SettingsResolution } from '../core/config/resolve.js';
import { prepareServer } from '../core/mcp/server-config.js';
import { createRedactor } from '../core/redact.js';
import { EXIT } from './args.js';
import { SECRET_ENV_NAMES } from './config.js';
import type { SubcommandContext } from './subcommand-context.js';

export interface LoginTarget {
  resolution: SettingsResolution;
  home: string;
  name: string;
  print(text: string): void;
  ctx: SubcommandContext & { stdin?: NodeJS.ReadableStream };
}

/** The server's URL and headers once ${VAR}s are expanded, or why it cannot log in. */
function remoteServer(t: LoginTarget): { url: string; headers: Record<string, string>; secrets: string[] } | string {
  const settings = t.resolution.settings.mcpServers[t.name];
  if (!settings) return `no MCP server named "${t.name}" (inkling mcp list shows them)`;
  const prepared = prepareServer({ name: t.name, settings, source: 'user' }, { env: t.ctx.env, secretEnvNames: SECRET_ENV_NAMES, baseDir: t.resolution.paths.workspaceRoot });
  if (!prepared.ok) return `${t.name}: ${prepared.reason}`;
  if (prepared.launch.kind !== 'remote') return `${t.name} is a stdio server: only HTTP servers log in`;
  if (Object.keys(prepared.launch.headers).some((h) => h.toLowerCase() === 'authorization')) return `${t.name} sends its own Authorization header, so it does not use an OAuth login`;
  return { url: prepared.launch.url, headers: prepared.launch.headers, secrets: prepared.secrets };
}

export async function runLogin(t: LoginTarget): Promise<number> {
  const server = remoteServer(t);
  if (typeof server === 'string') {
    t.ctx.stderr.write(`inkling: ${server}\n`);
    return EXIT.usage;
  }
  const secrets = new Set<string>(server.secrets);
  let redact = createRedactor([...secrets]);
  const say = (text: string) => t.print(redact(text));
  const { login, openBrowser } = await import('../core/mcp/oauth/login.js');
  const stdin = t.ctx.stdin ?? process.stdin;
  const lines = createInterface({ input: stdin, terminal: false });
  const pasted = new Promise<string>((resolve) => lines.on('line', (line) => line.trim() && resolve(line.trim())));
  try {
    const result = await login({
      home: t.home,
      server: t.name,
      url: server.url,
      headers: server.headers,
      openBrowser: (url) => openBrowser(url, t.ctx.env),
      onUrl: (url, opened) =>
        say(`${opened ? 'A browser opened to log in to' : 'Open this address in a browser to log in to'} ${t.name}:\n\n  ${url}\n\nIf the browser cannot reach this machine, paste the address it was sent to here and press Enter.\n`),
      pasted,
      onSecrets: (values) => {
        for (const v of values) secrets.add(v);
        redact = createRedactor([...secrets]);
      },
    });
    if (!result.ok) {
      t.ctx.stderr.write(redact(`inkling: login to ${t.name} failed: ${result.reason}\n`));
      return EXIT.error;
    }
    say(`logged in to ${t.name}; the login is kept in ${result.file}\n`);
    return EXIT.ok;
  } finally {
    lines.close();
  }
}

export async function runLogout(t: LoginTarget): Promise<number> {
  const server = remoteServer(t);
  if (typeof server === 'string') {
    t.ctx.stderr.write(`inkling: ${server}\n`);
    return EXIT.usage;
  }
  const { TokenStore } = await import('../core/mcp/oauth/token-store.js');
  const had = await new TokenStore(t.home, t.name, server.url).remove();
  t.print(had ? `logged out of ${t.name}\n` : `no login was kept for ${t.name}\n`);
  return EXIT.ok;
}
