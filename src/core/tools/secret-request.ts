// A secret request as the card shows it: its own file so events.ts and tool.ts need not import each other.
import type { SecretQuestion } from '../shell/askpass-bridge.js';

/** A secret request as the card shows it: the question, and the command and folder it came from. */
export type SecretRequest = SecretQuestion & { command: string; cwd: string };
