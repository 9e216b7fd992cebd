// Interactive mode. Until the full-screen TUI lands this is a placeholder that shows what inkling
// would run on and exits; switching to the TUI means replacing the body of startInteractive.
import { bannerLines } from './banner.js';
import type { InklingConfig } from './config.js';
import type { Scrub } from './scrub.js';
import { packageVersion } from './version.js';

export async function startInteractive(config: InklingConfig, scrub: Scrub): Promise<number> {
  const lines = [
    ...bannerLines(config, packageVersion()),
    '',
    'The full-screen interface is not part of this build yet. Run one turn with:',
    '  inkling -p "<prompt>"' + (config.provider.kind === 'demo' ? ' --demo' : ''),
  ];
  process.stdout.write(scrub(`${lines.join('\n')}\n`));
  return 0;
}
