// Entry point (bin/inkling.js calls main): parse the command line, then run a subcommand or
// resolve the config and pick the mode. Only light modules are imported statically; the
// schema, the SDK, the tools and the UI load on demand.
import { EXIT, UsageError, helpText, parseCommandLine } from './args.js';
import { SECRET_ENV_NAMES, prepareRun } from './config.js';
import { createRedactor } from '../core/redact.js';
import type { Redact } from '../core/redact.js';
import { SUBCOMMANDS } from './subcommands.js';
import { packageVersion } from './version.js';

export async function main(argv: string[]): Promise<void> {
  // Until the config is read, scrub whatever keys the environment holds.
  let scrub: Redact = createRedactor(SECRET_ENV_NAMES.map((name) => process.env[name]));
  // A reader that went away (`inkling -p ... | head`) is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  let code: number;
  try {
    const line = parseCommandLine(argv);
    if (line.kind === 'subcommand') {
      const run = SUBCOMMANDS[line.name];
      if (!run) throw new UsageError(`"inkling ${line.name}" is not built yet`);
      code = await run(line.argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), scrub });
      return await exitAfterFlush(code);
    }
    const flags = line.flags;
    if (flags.help || flags.version) {
      process.stdout.write(flags.help ? helpText(packageVersion()) : `${packageVersion()}\n`);
      return;
    }
    const request = await prepareRun(flags);
    if (flags.sandbox) await requireSandbox();
    if (flags.acp) {
      // An editor's agent server: no screen, nothing on stdout but protocol frames (src/acp).
      const { runAcp } = await import('../acp/acp-main.js');
      code = await runAcp(request, scrub);
    } else if (request.mode === 'print') {
      const [{ checkedConfig }, { runHeadless }, { withDiscoveredModel }] = await Promise.all([
        import('./config.js'),
        import('./headless.js'),
        import('./model-choice.js'),
      ]);
      // A preset without a default model starts on the first one its server lists.
      const config = await withDiscoveredModel(await checkedConfig(request));
      scrub = createRedactor([...SECRET_ENV_NAMES.map((name) => process.env[name]), ...config.secrets]);
      code = await runHeadless(config, scrub);
    } else {
      const { startInteractive } = await import('./interactive.js');
      code = await startInteractive(request, (secrets) => {
        scrub = createRedactor([...SECRET_ENV_NAMES.map((name) => process.env[name]), ...secrets]);
        return scrub;
      });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError) {
      process.stderr.write(scrub(`inkling: ${message}\nRun "inkling --help" to see the options.\n`));
      code = EXIT.usage;
    } else {
      process.stderr.write(scrub(`inkling: ${message}\n`));
      code = EXIT.error;
    }
  }
  await exitAfterFlush(code);
}

/** --sandbox: a sandbox that cannot start is a usage error, said before anything runs. */
async function requireSandbox(): Promise<void> {
  const { probeSandboxCached } = await import('../core/shell/sandbox-probe.js');
  const probe = await probeSandboxCached();
  if (!probe.ok) throw new UsageError(`--sandbox: the sandbox cannot start: ${probe.reason}. To fix: ${probe.fix}`);
}

/** Exits once stdout and stderr have drained: open sockets (keep-alive) must not hold the process. */
async function exitAfterFlush(code: number): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise<void>((done) => s.write('', () => done()))));
  process.exit(code);
}
