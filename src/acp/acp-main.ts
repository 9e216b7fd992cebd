// `inkling --acp`: the Agent Client Protocol (v1, on its official SDK's stable export) over
// stdin/stdout, for an editor that hosts inkling as its agent. Nothing but protocol frames reaches
// stdout: anything else written there goes to stderr. Ink and React are never loaded.
import { constants } from 'node:os';
import { Readable } from 'node:stream';
import type { InitializeResponse } from '@agentclientprotocol/sdk';
import type { RunRequest } from '../cli/config.js';
import type { Redact } from '../core/redact.js';
import { packageVersion } from '../cli/version.js';
import { EXIT } from '../cli/args.js';

/** The frames' own way out; every other write to stdout is turned to stderr. */
function claimStdout(): WritableStream<Uint8Array> {
  const stdout = process.stdout;
  const write = stdout.write.bind(stdout) as (chunk: Uint8Array, done: (err?: Error | null) => void) => boolean;
  stdout.write = ((...args: Parameters<typeof process.stderr.write>) => process.stderr.write(...args)) as typeof stdout.write;
  return new WritableStream<Uint8Array>({
    write: (chunk) => new Promise<void>((resolve, reject) => void write(chunk, (err) => (err ? reject(err) : resolve()))),
  });
}

export async function runAcp(request: RunRequest, scrub: Redact): Promise<number> {
  const frames = claimStdout();
  const acp = await import('@agentclientprotocol/sdk');
  const [{ AcpSessions }, { promptFromBlocks }] = await Promise.all([import('./acp-sessions.js'), import('./prompt-blocks.js')]);
  const sessions = new AcpSessions(request.flags, scrub);
  const app = acp
    .agent({ name: 'inkling' })
    .onRequest('initialize', ({ params }): InitializeResponse => {
      sessions.editorReads = params.clientCapabilities?.fs?.readTextFile === true;
      return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: true, embeddedContext: true },
        mcpCapabilities: { http: true },
        sessionCapabilities: { list: {}, resume: {} },
      },
      agentInfo: { name: 'inkling', title: 'inkling', version: packageVersion() },
      authMethods: [],
      };
    })
    .onRequest('session/new', async ({ params, client }) => {
      const session = await sessions.start(client, params);
      session.announce();
      return { sessionId: session.id, modes: session.modes() };
    })
    .onRequest('session/load', async ({ params, client }) => {
      const session = await sessions.start(client, params, { id: params.sessionId, replay: true });
      await session.updates.idle();
      session.announce();
      return { modes: session.modes() };
    })
    .onRequest('session/resume', async ({ params, client }) => {
      const session = await sessions.start(client, params, { id: params.sessionId, replay: false });
      session.announce();
      return { modes: session.modes() };
    })
    .onRequest('session/list', ({ params }) => sessions.list(params))
    .onRequest('session/set_mode', ({ params }) => {
      sessions.get(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest('session/prompt', ({ params }) => sessions.get(params.sessionId).prompt(promptFromBlocks(params.prompt)))
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId).cancel();
    });
  // An editor that ends inkling with a signal gets what closing stdin gets: every session disposed
  // (its turn cancelled, its SessionEnd hooks run within their budget, its file closed), then the
  // exit; a second signal exits at once.
  let ending = false;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = 128 + (constants.signals[signal] ?? 0);
    if (ending) process.exit(code);
    ending = true;
    void sessions.disposeAll().finally(() => process.exit(code));
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
  const connection = app.connect(acp.ndJsonStream(frames, input));
  await connection.closed;
  await sessions.disposeAll();
  return EXIT.ok;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT'];
