// A git smart-HTTP server on 127.0.0.1 that demands basic auth: 401 until the right user and
// password come, then the real `git http-backend` (CGI) answers. For the askpass tests.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitAuthServer {
  url: string;
  /** Every Authorization header that came, in order (the test checks what git sent). */
  authorizations: string[];
  close(): Promise<void>;
}

export async function startGitAuthServer(projectRoot: string, user: string, password: string): Promise<GitAuthServer> {
  const authorizations: string[] = [];
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization;
    if (auth) authorizations.push(auth);
    if (auth !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="inkling-test"' }).end('auth required\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: user,
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    cgi.on('close', () => {
      // CGI output: header lines, a blank line, the body.
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const headerEnd = split >= 0 ? split : out.indexOf('\n\n');
      const headerText = out.subarray(0, headerEnd).toString('latin1');
      const body = out.subarray(headerEnd + (split >= 0 ? 4 : 2));
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of headerText.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
