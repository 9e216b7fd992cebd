// What a subcommand gets to run with (its own file: the subcommands import it, and the table
// of subcommands imports them).
import type { Redact } from '../core/redact.js';

export interface SubcommandContext {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  scrub: Redact;
}
