// A real MCP server on 127.0.0.1 that asks for OAuth, built from the SDK's server auth pieces:
// mcpAuthRouter (metadata, dynamic client registration, authorize, token, revoke) and
// requireBearerAuth in front of a streamable HTTP endpoint with one tool. Its authorization page
// approves at once (no person here): it redirects to the client's redirect URI with a code.
// expireAccessTokens() makes every issued access token stale, so the client must refresh;
// echo_token answers with the caller's token, as a careless server might.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { Response } from 'express';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export interface OAuthMcpServer {
  /** The MCP endpoint. */
  url: string;
  /** Every access and refresh token it issued. */
  issued: string[];
  registrations: number;
  refreshes: number;
  /** Calls of the whoami tool that got through the bearer check. */
  calls: number;
  expireAccessTokens(): void;
  /** Every access and refresh token stops working (as after a revocation): only a new login helps. */
  forgetTokens(): void;
  close(): Promise<void>;
}

const token = (kind: string) => `${kind}-${randomBytes(18).toString('hex')}`;

export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  const access = new Map<string, { clientId: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const state: OAuthMcpServer = {
    url: '',
    issued: [],
    registrations: 0,
    refreshes: 0,
    calls: 0,
    expireAccessTokens: () => access.clear(),
    forgetTokens: () => {
      access.clear();
      refresh.clear();
    },
    close: async () => undefined,
  };
  const issue = (clientId: string): OAuthTokens => {
    const a = token('at');
    const r = token('rt');
    access.set(a, { clientId, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    refresh.set(r, clientId);
    state.issued.push(a, r);
    return { access_token: a, refresh_token: r, token_type: 'Bearer', expires_in: 3600 };
  };
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: (id) => clients.get(id),
      registerClient: (client) => {
        state.registrations++;
        const full = { ...client, client_id: token('client'), client_id_issued_at: Math.floor(Date.now() / 1000) } as OAuthClientInformationFull;
        clients.set(full.client_id, full);
        return full;
      },
    },
    async authorize(client, params, res: Response) {
      const code = token('code');
      codes.set(code, { clientId: client.client_id, params });
      const target = new URL(params.redirectUri);
      target.searchParams.set('code', code);
      if (params.state) target.searchParams.set('state', params.state);
      res.redirect(302, target.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const found = codes.get(code);
      if (!found) throw new InvalidGrantError('unknown code');
      return found.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code) {
      const found = codes.get(code);
      if (!found || found.clientId !== client.client_id) throw new InvalidGrantError('unknown code');
      codes.delete(code);
      return issue(client.client_id);
    },
    async exchangeRefreshToken(client, refreshToken) {
      if (refresh.get(refreshToken) !== client.client_id) throw new InvalidGrantError('unknown refresh token');
      refresh.delete(refreshToken);
      state.refreshes++;
      return issue(client.client_id);
    },
    async verifyAccessToken(t): Promise<AuthInfo> {
      const found = access.get(t);
      if (!found) throw new InvalidTokenError('expired or unknown token');
      return { token: t, clientId: found.clientId, scopes: [], expiresAt: found.expiresAt };
    },
  };

  const app = express();
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${base}/mcp`);
  state.url = mcpUrl.href;
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(base), resourceServerUrl: mcpUrl }));
  app.use(express.json());
  app.post('/mcp', requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) }), async (req, res) => {
    // Stateless: a server and transport per request, as the SDK's examples do for simple servers.
    const mcp = new McpServer({ name: 'oauth-test-server', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says who the caller is.', annotations: { readOnlyHint: true } }, async () => {
      state.calls++;
      return { content: [{ type: 'text', text: 'you are logged in' }] };
    });
    // A careless server that repeats the caller's token: the client must not pass it on.
    mcp.registerTool('echo_token', { description: 'Repeats the bearer token it was called with.', annotations: { readOnlyHint: true } }, async (extra) => ({
      content: [{ type: 'text', text: `your token is ${extra.authInfo?.token ?? '(none)'}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  state.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return state;
}
