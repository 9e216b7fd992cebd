// An MCP server's OAuth state on disk: $INKLING_HOME/mcp-auth/<server>-<hash of its URL>.json (0600,
// folder 0700) with the registered client, the tokens and the discovery the SDK's auth flow found.
// Keyed by the URL too, so a server renamed to point elsewhere never gets another server's tokens.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export interface StoredAuth {
  version: 1;
  server: string;
  url: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms), to tell their age without asking the server. */
  savedAt?: number;
  discovery?: OAuthDiscoveryState;
}

export class TokenStore {
  readonly file: string;
  private cached: StoredAuth | undefined;

  constructor(home: string, readonly server: string, readonly url: string) {
    const hash = createHash('sha256').update(url).digest('hex').slice(0, 12);
    this.file = path.join(home, 'mcp-auth', `${server}-${hash}.json`);
  }

  async load(): Promise<StoredAuth> {
    if (this.cached) return this.cached;
    let stored: StoredAuth = { version: 1, server: this.server, url: this.url };
    try {
      const raw = JSON.parse(await readFile(this.file, 'utf8')) as Partial<StoredAuth>;
      // A file for another URL under this name (a hash collision or a hand edit) is not used.
      if (raw && raw.version === 1 && raw.url === this.url) stored = { ...stored, ...raw };
    } catch {
      // No file yet, or an unreadable one: start without a login.
    }
    this.cached = stored;
    return stored;
  }

  async update(change: Partial<Omit<StoredAuth, 'version' | 'server' | 'url'>>): Promise<void> {
    const next: StoredAuth = { ...(await this.load()), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete next[key as keyof StoredAuth];
    this.cached = next;
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const { writeFileAtomic } = await import('../../files/atomic-write.js');
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  }

  /** Logout: the file goes; whether there was one. */
  async remove(): Promise<boolean> {
    const had = (await this.load()).tokens !== undefined;
    this.cached = undefined;
    await rm(this.file, { force: true });
    return had;
  }

  /** Values that must never reach a log, a session or the screen. */
  async secrets(): Promise<string[]> {
    const s = await this.load();
    const client = s.client as { client_secret?: string } | undefined;
    return [s.tokens?.access_token, s.tokens?.refresh_token, client?.client_secret].filter((v): v is string => typeof v === 'string' && v.length > 0);
  }
}
