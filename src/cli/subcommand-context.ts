// What a subcommand gets to run with (its own file: the subcommands import it, and the table
// of subcommands imports them).
import type { Scrub } from './scrub.js';

export interface SubcommandContext {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  scrub: Scrub;
}
