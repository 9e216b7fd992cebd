// A command's program waiting for a secret (askpass bridge) as the UI holds it: the question, who
// asks, and what is typed. `typed` lives only here, in memory, and is never drawn: the card shows
// one • per character. Outside text (prompt, paths, command) is SafeText.
import type { SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

export interface SecretPrompt {
  /** The door's request id (answerSecret). */
  request: string;
  /** The bash call whose program asks. */
  callId: string;
  kind: 'secret' | 'confirm';
  prompt: SafeText;
  /** "/usr/bin/ssh (pid 123)". */
  asker: SafeText;
  /** Set when the asker is not ssh, git or sudo from a system folder (warning colour). */
  warning: SafeText | null;
  command: SafeText;
  cwd: SafeText;
  typed: string;
  /** The child agent whose command asks (absent: the parent's own). */
  agent?: SafeText;
  /** Where the keys go back to when the last question is answered. */
  returnTo: Mode;
}
