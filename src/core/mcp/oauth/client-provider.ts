// inkling's side of the MCP SDK's OAuth client flow (its auth() does discovery, dynamic client
// registration, PKCE, the code exchange and refreshes). Two modes: a session's connection uses the
// stored login and refreshes it, and says "needs login" where the flow would open a browser; a login
// (inkling mcp login, /mcp's l) registers for its loopback redirect and hands the authorization URL on.
import { randomBytes } from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { TokenStore } from './token-store.js';

/** The server wants a login that only a person can give (no stored login, or it was refused). */
export class LoginNeededError extends UnauthorizedError {
  constructor(server: string) {
    super(`MCP server ${server} needs a login: inkling mcp login ${server} (or l in /mcp)`);
  }
}

export type ProviderMode =
  | { kind: 'session' }
  | { kind: 'login'; redirectUrl: string; onAuthorizationUrl(url: URL): void };

/** Registered with every client, loopback or not: the redirect a session-mode refresh names. */
const PLACEHOLDER_REDIRECT = 'http://127.0.0.1/callback';

export class InklingOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private readonly loginState = randomBytes(16).toString('hex');
  /** The redirect a session-mode refresh names: the stored client's own. */
  private sessionRedirect = PLACEHOLDER_REDIRECT;

  constructor(
    private readonly store: TokenStore,
    private readonly mode: ProviderMode,
    /** New secret values (tokens, client secret) to redact from here on. */
    private readonly onSecrets: (values: string[]) => void = () => undefined,
  ) {}

  get redirectUrl(): string {
    return this.mode.kind === 'login' ? this.mode.redirectUrl : this.sessionRedirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'inkling',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A native app has no secret to keep (RFC 8252): PKCE protects the code.
      token_endpoint_auth_method: 'none',
    };
  }

  /** The state a login's redirect must carry back. */
  state(): string {
    return this.loginState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = await this.store.load();
    if (this.mode.kind === 'session') {
      // Registering a client nobody will log in with would leave one on the server per start.
      if (!stored.tokens || !stored.client) throw new LoginNeededError(this.store.server);
      const uris = (stored.client as { redirect_uris?: string[] }).redirect_uris;
      if (uris?.[0]) this.sessionRedirect = uris[0];
      return stored.client;
    }
    // A client registered for another loopback port cannot take this login's redirect: register again.
    const uris = (stored.client as { redirect_uris?: string[] } | undefined)?.redirect_uris;
    return stored.client && uris?.includes(this.mode.redirectUrl) ? stored.client : undefined;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    await this.store.update({ client: info });
    this.onSecrets(await this.store.secrets());
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.store.load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.store.update({ tokens, savedAt: Date.now() });
    this.onSecrets(await this.store.secrets());
  }

  redirectToAuthorization(url: URL): void {
    if (this.mode.kind === 'session') throw new LoginNeededError(this.store.server);
    this.mode.onAuthorizationUrl(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no login is under way (no PKCE code verifier)');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    const all = scope === 'all';
    await this.store.update({
      ...(all || scope === 'client' ? { client: undefined } : {}),
      ...(all || scope === 'tokens' ? { tokens: undefined, savedAt: undefined } : {}),
      ...(all || scope === 'discovery' ? { discovery: undefined } : {}),
    });
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.store.update({ discovery: state });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.load()).discovery;
  }
}
