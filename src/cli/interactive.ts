// Interactive mode: the full-screen TUI on a terminal. Without a terminal on both ends (a pipe,
// a CI job) there is nobody to type, so it says what it would run on and how to use -p instead.
import { EXIT } from './args.js';
import { bannerLines, modelLine } from './banner.js';
import type { InklingConfig } from './config.js';
import type { Scrub } from './scrub.js';
import { createProvider, createSessionAgent } from './session.js';
import { packageVersion } from './version.js';

export async function startInteractive(config: InklingConfig, scrub: Scrub): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stdout.write(scrub(`${bannerLines(config, packageVersion()).join('\n')}\n`));
    process.stderr.write(
      'inkling: the interactive interface needs a terminal on stdin and stdout. ' +
        `To run one turn from a script, use: inkling -p "<prompt>"${config.provider.kind === 'demo' ? ' --demo' : ''}\n`,
    );
    return EXIT.usage;
  }
  // The first frame need not wait for the SDK, the tools and the pty to load.
  const agent = createProvider(config).then((provider) => createSessionAgent(config, provider));
  const { runTui } = await import('../tui/run-tui.js');
  await runTui({
    agent,
    modelLabel: scrub(modelLine(config)),
    isDemo: config.provider.kind === 'demo',
    workspaceRoot: config.workspaceRoot,
    permissionMode: config.yolo ? 'yolo' : 'auto (no approvals)',
  });
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
}
